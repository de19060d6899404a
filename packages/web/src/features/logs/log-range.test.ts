import { describe, expect, it } from 'vitest';
import { daysInRange, logRangeProblem } from './log-range.ts';

describe('log range', () => {
  it('counts both ends', () => {
    expect(daysInRange('2026-06-30', '2026-06-30')).toBe(1);
    expect(daysInRange('2026-06-01', '2026-06-30')).toBe(30);
    // Across a daylight-saving change the count is still whole days.
    expect(daysInRange('2026-03-01', '2026-03-31')).toBe(31);
    expect(daysInRange('2024-01-01', '2024-12-31')).toBe(366);
  });

  it('lets the club view cover a year and a logbook 60 years', () => {
    expect(logRangeProblem('2024-01-01', '2024-12-31', false)).toBeNull();
    expect(logRangeProblem('2024-01-01', '2025-01-01', false)).toBe(
      'All flights cover at most a year: choose closer dates, or My flights for your logbook',
    );
    expect(logRangeProblem('2006-01-01', '2026-06-30', true)).toBeNull();
    expect(logRangeProblem('1960-01-01', '2026-06-30', true)).toBe('A logbook covers at most 60 years');
  });

  it('needs two real days in order', () => {
    expect(logRangeProblem('', '2026-06-30', false)).toBe('Choose a start date');
    expect(logRangeProblem('2026-06-30', '2026-02-30', false)).toBe('Choose an end date');
    expect(logRangeProblem('2026-07-01', '2026-06-30', true)).toBe('The start date must not be after the end date');
  });
});
