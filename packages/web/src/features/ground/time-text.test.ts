import { describe, expect, it } from 'vitest';
import { clockText, durationText, timeSinceText } from './time-text.ts';

describe('durationText', () => {
  it('formats h:mm with whole minutes rounded down', () => {
    expect(durationText(0)).toBe('0:00');
    expect(durationText(59_999)).toBe('0:00');
    expect(durationText(60_000)).toBe('0:01');
    expect(durationText(47 * 60_000 + 30_000)).toBe('0:47');
    expect(durationText(65 * 60_000)).toBe('1:05');
    expect(durationText(10 * 3_600_000)).toBe('10:00');
  });

  it('reads a negative span as 0:00', () => {
    expect(durationText(-120_000)).toBe('0:00');
  });
});

describe('timeSinceText', () => {
  it('is the span from the event to now', () => {
    expect(timeSinceText(1_000_000, 1_000_000 + 23 * 60_000)).toBe('0:23');
    expect(timeSinceText(2_000_000, 1_000_000)).toBe('0:00');
  });
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
