import { describe, expect, it } from 'vitest';
import { clockText, timeSinceText } from './time-text.ts';

describe('timeSinceText', () => {
  it(
    'is the span from the event to now as h:mm, to the nearest minute ' +
      '(a flight in the air reads as it will once landed)',
    () => {
      expect(timeSinceText(1_000_000, 1_000_000 + 23 * 60_000)).toBe('0:23');
      expect(timeSinceText(1_000_000, 1_000_000 + 61 * 60_000 + 29_999)).toBe('1:01');
      expect(timeSinceText(1_000_000, 1_000_000 + 5 * 60_000 + 51_000)).toBe('0:06');
      expect(timeSinceText(2_000_000, 1_000_000)).toBe('0:00');
    },
  );
});

describe('clockText', () => {
  it("shows the club's wall-clock time", () => {
    // 2025-07-10 18:05 UTC
    const ms = Date.UTC(2025, 6, 10, 18, 5);
    expect(clockText(ms, 'America/Toronto')).toBe('14:05');
    expect(clockText(ms, 'America/Vancouver')).toBe('11:05');
    expect(clockText(Date.UTC(2025, 0, 10, 5, 0), 'America/Toronto')).toBe('00:00');
  });
});
