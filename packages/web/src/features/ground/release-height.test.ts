import { describe, expect, it } from 'vitest';
import { parseReleaseHeight, releaseConflictOf, releaseConflictText } from './release-height.ts';

describe('parseReleaseHeight', () => {
  it('reads a whole number above 0', () => {
    expect(parseReleaseHeight('2000')).toBe(2000);
    expect(parseReleaseHeight(' 1 ')).toBe(1);
    expect(parseReleaseHeight('100000')).toBe(100_000);
  });

  it('refuses empty, zero, negative, fractional, huge and non-numbers', () => {
    for (const text of ['', ' ', '0', '000', '-500', '1500.5', '1,500', '100001', '2e3', 'high'])
      expect(parseReleaseHeight(text)).toBeNull();
  });
});

/** A refusal as the outbox keeps it. */
function apiError(status: number, body: unknown) {
  return { status, body };
}

describe('releaseConflictOf', () => {
  it('reads who set the height and what it is from a 409', () => {
    const error = apiError(409, {
      statusCode: 409,
      error: 'Conflict',
      message: 'Release height already set',
      releaseSetBy: 'Tom Towpilot',
      currentReleaseHeight: 1800,
    });
    expect(releaseConflictOf(error)).toEqual({ releaseSetBy: 'Tom Towpilot', currentReleaseHeight: 1800 });
  });

  it('is null for other refusals and failures', () => {
    expect(releaseConflictOf(apiError(409, { message: 'Flight not launched yet' }))).toBeNull();
    expect(releaseConflictOf(apiError(400, { currentReleaseHeight: 1800 }))).toBeNull();
    expect(releaseConflictOf({ status: 409, body: 'Conflict' })).toBeNull();
  });

  it('tolerates a missing setter', () => {
    expect(releaseConflictOf(apiError(409, { currentReleaseHeight: 900 }))).toEqual({
      releaseSetBy: '',
      currentReleaseHeight: 900,
    });
  });
});

describe('releaseConflictText', () => {
  it('names the setter, the current and the new height', () => {
    expect(releaseConflictText({ releaseSetBy: 'Tom Towpilot', currentReleaseHeight: 1800 }, 2000, 'ft')).toBe(
      'Tom Towpilot already set the release height to 1800 ft. Overwrite it with 2000 ft?',
    );
    expect(releaseConflictText({ releaseSetBy: '', currentReleaseHeight: 600 }, 500, '')).toBe(
      'Someone already set the release height to 600. Overwrite it with 500?',
    );
  });
});
