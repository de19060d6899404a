import { isDay } from '../../lib/club-dates.ts';

/**
 * How far the Flight Logs may reach (serve-logs): the whole club's flights
 * over at most a year; one member's logbook over up to 60 years, so a pilot
 * sees their lifetime totals.
 */
export const MAX_CLUB_DAYS = 366;
export const MAX_LOGBOOK_YEARS = 60;

const DAY_MS = 86_400_000;

/** Days from start to end, both counted: 2026-06-01 → 2026-06-30 is 30. */
export function daysInRange(startDate: string, endDate: string): number {
  return Math.round((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Why the dates can't be loaded, or null. */
export function logRangeProblem(startDate: string, endDate: string, logbook: boolean): string | null {
  if (!isDay(startDate)) return 'Choose a start date';
  if (!isDay(endDate)) return 'Choose an end date';
  if (startDate > endDate) return 'The start date must not be after the end date';
  const days = daysInRange(startDate, endDate);
  if (!logbook && days > MAX_CLUB_DAYS)
    return 'All flights cover at most a year: choose closer dates, or My flights for your logbook';
  if (logbook && days > MAX_LOGBOOK_YEARS * MAX_CLUB_DAYS) return `A logbook covers at most ${MAX_LOGBOOK_YEARS} years`;
  return null;
}
