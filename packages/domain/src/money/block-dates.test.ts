import { describe, expect, it } from 'vitest';
import { defaultBlockDates, shiftBlockDates } from './block-dates.ts';

describe('block default dates follow the membership year', () => {
  it('year ending Dec 31: a purchase in June runs Jan 1 to Dec 31 of this year', () => {
    expect(defaultBlockDates('2026-06-15', '12-31')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });
  it('year ending Dec 31: in mid-October next season is less than 3 months ahead, so it is chosen', () => {
    expect(defaultBlockDates('2026-10-15', '12-31')).toEqual({ start: '2027-01-01', end: '2027-12-31' });
  });
  it(
    'year ending Dec 31: at the start of October next season is ' + 'more than 3 months ahead, so this year is used',
    () => {
      expect(defaultBlockDates('2026-09-30', '12-31')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    },
  );
  it('year ending Mar 31: a purchase in May falls in the season that started Apr 1', () => {
    expect(defaultBlockDates('2026-05-10', '03-31')).toEqual({ start: '2026-04-01', end: '2027-03-31' });
  });
  it('year ending Mar 31: a purchase in February is within 3 months of the new season', () => {
    expect(defaultBlockDates('2026-02-10', '03-31')).toEqual({ start: '2026-04-01', end: '2027-03-31' });
  });
  it('Prior Year and Next Year move the whole season', () => {
    const season = { start: '2026-01-01', end: '2026-12-31' };
    expect(shiftBlockDates(season, -1)).toEqual({ start: '2025-01-01', end: '2025-12-31' });
    expect(shiftBlockDates(season, 1)).toEqual({ start: '2027-01-01', end: '2027-12-31' });
  });
  it('a season starting on 29 Feb ends on 28 Feb of the next year', () => {
    expect(defaultBlockDates('2028-03-01', '02-28')).toEqual({ start: '2028-02-29', end: '2029-02-28' });
  });
});
