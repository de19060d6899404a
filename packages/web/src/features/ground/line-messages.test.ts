import { describe, expect, it } from 'vitest';
import { ApiError, CanceledError } from '../../lib/api.ts';
import { noActionMessage, noActionText, pollBannerText, statusOf } from './line-messages.ts';

const refused = (status: number, message: string) =>
  new ApiError(message, status, { status, headers: new Headers(), body: { message } });

describe('noActionMessage', () => {
  it("puts 'No action taken - ' before the server's message", () => {
    expect(noActionMessage(refused(409, 'Flight already launched'))).toBe('No action taken - Flight already launched');
  });

  it('does not repeat it when the server already says it', () => {
    expect(noActionMessage(refused(409, 'No action taken - already launched'))).toBe(
      'No action taken - already launched',
    );
  });

  it("words an outbox refusal's message the same way", () => {
    expect(noActionText('Already launched by Irene Instructor at 14:32')).toBe(
      'No action taken - Already launched by Irene Instructor at 14:32',
    );
    expect(noActionText('No action taken - already launched')).toBe('No action taken - already launched');
  });
});

describe('pollBannerText', () => {
  it('shows the status of the failed poll', () => {
    expect(pollBannerText(refused(503, 'down'))).toBe('Could not update flights / tugs (503)');
    expect(pollBannerText(new ApiError('Could not reach the server.', 600))).toBe(
      'Could not update flights / tugs (600)',
    );
    expect(pollBannerText(new TypeError('bad json'))).toBe('Could not update flights / tugs (600)');
  });
});

describe('statusOf', () => {
  it('is the status of a refusal, 600 when no answer came', () => {
    expect(statusOf(refused(409, 'x'))).toBe(409);
    expect(statusOf(new CanceledError())).toBe(600);
  });
});
