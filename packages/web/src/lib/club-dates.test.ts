import { describe, expect, it } from 'vitest';
import { dayRangeSchema, MAX_RANGE_YEARS as SCHEMA_MAX_RANGE_YEARS } from '@flightline/domain/schemas/ledger';
import {
  clubDateTime,
  clubDay,
  clubToday,
  dayRangeProblem,
  formatClubDateTime,
  isDay,
  MAX_RANGE_YEARS,
  presetRange,
  previousDay,
} from './club-dates.ts';

// 2026-07-01T03:30:00Z: still June 30 in Toronto (UTC−4), already July 1 in Europe.
const LATE_EVENING_TORONTO = Date.UTC(2026, 6, 1, 3, 30);

describe('club days in the club time zone (dates default to today in the club zone)', () => {
  it('today is the club zone’s calendar day, not the browser’s or UTC’s', () => {
    expect(clubToday('America/Toronto', LATE_EVENING_TORONTO)).toBe('2026-06-30');
    expect(clubToday('Europe/Berlin', LATE_EVENING_TORONTO)).toBe('2026-07-01');
    expect(clubToday('UTC', LATE_EVENING_TORONTO)).toBe('2026-07-01');
  });

  it('a row’s date and time read in the club zone with a 24-hour clock', () => {
    expect(clubDateTime(LATE_EVENING_TORONTO, 'America/Toronto')).toEqual({ date: '2026-06-30', time: '23:30' });
    expect(formatClubDateTime(LATE_EVENING_TORONTO, 'America/Vancouver')).toBe('2026-06-30 20:30');
    expect(formatClubDateTime(Date.UTC(2026, 0, 5, 0, 5), 'UTC')).toBe('2026-01-05 00:05');
  });

  it('midnight is 00, never 24', () => {
    expect(clubDateTime(Date.UTC(2026, 2, 1, 5, 0), 'America/Toronto')).toEqual({ date: '2026-03-01', time: '00:00' });
  });

  it('follows daylight saving time: the same UTC hour is a different club hour in winter and summer', () => {
    expect(clubDay(Date.UTC(2026, 0, 15, 4, 30), 'America/Toronto')).toBe('2026-01-14');
    expect(clubDay(Date.UTC(2026, 6, 15, 4, 30), 'America/Toronto')).toBe('2026-07-15');
  });
});

describe('date range inputs', () => {
  it('accepts only real calendar days', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2026-2-1')).toBe(false);
    expect(isDay('')).toBe(false);
  });

  it('steps back one calendar day across months, leap days and years', () => {
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
    expect(previousDay('2028-03-01')).toBe('2028-02-29');
    expect(previousDay('2027-01-01')).toBe('2026-12-31');
  });

  it('names what to change: a missing day, or a start after the end', () => {
    expect(dayRangeProblem('2026-06-01', '2026-06-30')).toBeNull();
    expect(dayRangeProblem('2026-06-30', '2026-06-30')).toBeNull();
    expect(dayRangeProblem('', '2026-06-30')).toBe('Choose a start date');
    expect(dayRangeProblem('2026-06-01', '')).toBe('Choose an end date');
    expect(dayRangeProblem('2026-07-01', '2026-06-30')).toBe('The start date must not be after the end date');
  });

  it('refuses ranges of 2 years or more, as the server does', () => {
    expect(dayRangeProblem('2024-06-01', '2026-05-31')).toBeNull();
    expect(dayRangeProblem('2024-06-01', '2026-06-01')).toBe('The date range must be 2 years or less');
    expect(dayRangeProblem('2020-01-01', '2026-11-21')).toBe('The date range must be 2 years or less');
  });

  it('agrees with the API’s dayRangeSchema on every case', () => {
    expect(MAX_RANGE_YEARS).toBe(SCHEMA_MAX_RANGE_YEARS);
    const cases: [string, string][] = [
      ['2026-06-01', '2026-06-30'],
      ['2026-07-01', '2026-06-30'],
      ['2024-02-29', '2026-02-28'],
      ['2024-02-29', '2026-03-01'],
      ['2024-06-01', '2026-05-31'],
      ['2024-06-01', '2026-06-01'],
      ['2019-12-31', '2021-12-30'],
    ];
    for (const [startDate, endDate] of cases) {
      expect(dayRangeProblem(startDate, endDate) === null, `${startDate}..${endDate}`).toBe(
        dayRangeSchema.safeParse({ startDate, endDate }).success,
      );
    }
  });
});

describe('range presets, ending today', () => {
  it.each([
    ['Today', '2026-11-24', '2026-11-24'],
    ['This month', '2026-11-24', '2026-11-01'],
    ['This year', '2026-11-24', '2026-01-01'],
    // Twelve calendar months ending with this one: December last year to now; in December, January to now.
    ['Last 12 months', '2026-11-24', '2025-12-01'],
    ['Last 12 months', '2026-12-31', '2026-01-01'],
    ['Last 12 months', '2026-01-05', '2025-02-01'],
  ] as const)('%s on %s starts on %s', (preset, today, startDate) => {
    const range = presetRange(preset, today);
    expect(range).toEqual({ startDate, endDate: today });
    expect(dayRangeProblem(range.startDate, range.endDate)).toBeNull();
  });
});
