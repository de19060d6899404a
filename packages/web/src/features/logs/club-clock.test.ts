import { describe, expect, it } from 'vitest';
import { clockOf, dayAndClockOf, dayOf, instantOf, isClock } from './club-clock.ts';

const TORONTO = 'America/Toronto';

describe('club clock', () => {
  it('reads an instant as the club wall clock and day', () => {
    // 2026-06-30T18:05:30Z is 14:05 EDT (UTC−4).
    const ms = Date.UTC(2026, 5, 30, 18, 5, 30);
    expect(clockOf(ms, TORONTO)).toBe('14:05');
    expect(dayOf(ms, TORONTO)).toBe('2026-06-30');
    expect(dayAndClockOf(ms, TORONTO)).toBe('2026-06-30 14:05');
    // The same instant is already the next day in Tokyo.
    expect(dayAndClockOf(ms, 'Asia/Tokyo')).toBe('2026-07-01 03:05');
  });

  it('turns a wall clock on a club day into the instant, in summer and winter time', () => {
    expect(instantOf('2026-06-30', '14:05', TORONTO)).toBe(Date.UTC(2026, 5, 30, 18, 5));
    expect(instantOf('2026-01-15', '14:05', TORONTO)).toBe(Date.UTC(2026, 0, 15, 19, 5));
    expect(instantOf('2026-01-15', '00:00', 'UTC')).toBe(Date.UTC(2026, 0, 15));
  });

  it('is right on the days daylight saving starts and ends', () => {
    // 2026-03-08: clocks go from 02:00 EST to 03:00 EDT.
    expect(instantOf('2026-03-08', '01:59', TORONTO)).toBe(Date.UTC(2026, 2, 8, 6, 59));
    expect(instantOf('2026-03-08', '03:00', TORONTO)).toBe(Date.UTC(2026, 2, 8, 7, 0));
    // 02:30 never happened: it moves on by the hour's gap, to 03:30 EDT.
    expect(instantOf('2026-03-08', '02:30', TORONTO)).toBe(Date.UTC(2026, 2, 8, 7, 30));
    // 2026-11-01: 01:30 happens twice; the first (EDT) is taken.
    expect(instantOf('2026-11-01', '01:30', TORONTO)).toBe(Date.UTC(2026, 10, 1, 5, 30));
    expect(instantOf('2026-11-01', '12:00', TORONTO)).toBe(Date.UTC(2026, 10, 1, 17, 0));
    // Round trip on both days.
    for (const [day, clock] of [
      ['2026-03-08', '15:45'],
      ['2026-11-01', '15:45'],
    ] as const) {
      const ms = instantOf(day, clock, TORONTO)!;
      expect(clockOf(ms, TORONTO)).toBe(clock);
      expect(dayOf(ms, TORONTO)).toBe(day);
    }
  });

  it('refuses what is not a clock time', () => {
    for (const text of ['', '7:05', '24:00', '12:60', '12:5', 'noon', '12:05:00']) {
      expect(isClock(text)).toBe(false);
      expect(instantOf('2026-06-30', text, TORONTO)).toBeNull();
    }
    expect(isClock('00:00')).toBe(true);
    expect(isClock('23:59')).toBe(true);
  });
});
