import { describe, expect, it } from 'vitest';
import { ApiError, NO_RESPONSE_STATUS } from '../../lib/api.ts';
import { loadFailure, loadFailureReason, updateFailure } from './api.ts';

const refused = (status: number, body?: unknown) =>
  new ApiError('Request failed', status, { status, headers: new Headers(), ...(body === undefined ? {} : { body }) });

describe('logs messages', () => {
  it("says 'Could not load logs ({status})', 600 when no answer came", () => {
    expect(loadFailure(refused(403, { message: 'No' }))).toBe('Could not load logs (403)');
    expect(loadFailure(new ApiError('offline', NO_RESPONSE_STATUS))).toBe('Could not load logs (600)');
    expect(loadFailure(new Error('boom'))).toBe('Could not load logs (600)');
    expect(loadFailureReason(refused(400, { message: 'The end date is before the start date' }))).toBe(
      'The end date is before the start date',
    );
    expect(loadFailureReason(refused(500))).toBeNull();
  });

  it("shows the server's message for a refused update, else 'Could not update flight'", () => {
    expect(updateFailure(refused(409, { statusCode: 409, error: 'Conflict', message: 'Flight is locked' }))).toBe(
      'Flight is locked',
    );
    expect(updateFailure(refused(500))).toBe('Could not update flight');
    expect(updateFailure(refused(502, '<html>Bad gateway</html>'))).toBe('Could not update flight');
    expect(updateFailure(new ApiError('offline', NO_RESPONSE_STATUS))).toBe('Could not update flight');
  });
});
