import { describe, expect, it } from 'vitest';
import { backoffMs, classifyAnswer, retryAfterMs } from './outbox-answers.ts';

const NOW = Date.parse('2025-07-12T16:00:00Z');

describe('what the outbox does with an answer', () => {
  it('is done on a 2xx with the server’s JSON', () => {
    expect(classifyAnswer({ status: 200, body: { statusCode: 200, message: 'Flight launched' } }, NOW)).toEqual({
      kind: 'done',
    });
  });

  it('retries a 2xx whose body is not JSON: a Wi-Fi login page, not the server', () => {
    expect(classifyAnswer({ status: 200, body: '<html>Sign in to AirfieldWiFi</html>' }, NOW)).toMatchObject({
      kind: 'retry',
    });
  });

  it('refuses any other 4xx with the server’s message, once', () => {
    expect(
      classifyAnswer({ status: 409, body: { statusCode: 409, message: 'Already launched by Irene Instructor' } }, NOW),
    ).toEqual({
      kind: 'refused',
      message: 'Already launched by Irene Instructor',
    });
    expect(classifyAnswer({ status: 403, body: { message: 'Selected pilot is non flying' } }, NOW)).toEqual({
      kind: 'refused',
      message: 'Selected pilot is non flying',
    });
    expect(classifyAnswer({ status: 400, body: { message: 'The launch time is in the future' } }, NOW)).toMatchObject({
      kind: 'refused',
    });
    expect(classifyAnswer({ status: 413, body: 'Too large' }, NOW)).toEqual({
      kind: 'refused',
      message: 'Request failed with status code 413',
    });
  });

  it('keeps the event when signed out (401)', () => {
    expect(classifyAnswer({ status: 401, body: { message: 'Please log in' } }, NOW)).toEqual({ kind: 'signed-out' });
  });

  it('retries no answer, 5xx and the database restart’s 503 with its Retry-After, and 408/425/429', () => {
    expect(classifyAnswer({ status: 0 }, NOW)).toEqual({
      kind: 'retry',
      problem: 'No answer from the server',
      afterMs: null,
    });
    expect(classifyAnswer({ status: 500, body: { message: 'Internal Server Error' } }, NOW)).toMatchObject({
      kind: 'retry',
      afterMs: null,
    });
    expect(
      classifyAnswer(
        {
          status: 503,
          body: { message: 'The database is not reachable right now. Try again in a moment.' },
          retryAfter: '2',
        },
        NOW,
      ),
    ).toEqual({
      kind: 'retry',
      problem: 'The database is not reachable right now. Try again in a moment.',
      afterMs: 2000,
    });
    expect(
      classifyAnswer({ status: 429, body: { message: 'Too many requests' }, retryAfter: '30' }, NOW),
    ).toMatchObject({ kind: 'retry', afterMs: 30_000 });
    expect(classifyAnswer({ status: 408 }, NOW)).toMatchObject({ kind: 'retry' });
    expect(classifyAnswer({ status: 302 }, NOW)).toMatchObject({ kind: 'retry' });
  });

  it('reads Retry-After as seconds or a date, at most 10 minutes', () => {
    expect(retryAfterMs('5', NOW)).toBe(5000);
    expect(retryAfterMs(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(retryAfterMs('86400', NOW)).toBe(600_000);
    expect(retryAfterMs('soon', NOW)).toBeNull();
    expect(retryAfterMs(null, NOW)).toBeNull();
  });

  it('backs off 2 s, 4 s, 8 s … up to a minute, jittered down to half', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => backoffMs(n, () => 1))).toEqual([
      2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
    expect(backoffMs(1, () => 0)).toBe(1000);
    expect(backoffMs(6, () => 0)).toBe(30000);
  });
});
