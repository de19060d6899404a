import { wallClock } from '@flightline/domain/time/zone-rules';

/**
 * Club days and times with no date library, so the member's Account Summary
 * page stays small. Days are 'YYYY-MM-DD' in the club's IANA time zone, as the
 * server reads them; the offsets come from the club zone's rules the session
 * carries (domain zone-rules.ts), not from the phone's own time zone data.
 */

/** The placeholder day the date inputs show while they are not yet initialised. */
export const PLACEHOLDER_DATE = '2000-01-01';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The club's wall clock at an instant, from its zone's shipped rules (domain zone-rules.ts). */
function parts(
  ms: number,
  timeZone: string,
): { year: string; month: string; day: string; hour: string; minute: string } {
  const iso = wallClock(timeZone, ms).toISOString();
  return {
    year: iso.slice(0, 4),
    month: iso.slice(5, 7),
    day: iso.slice(8, 10),
    hour: iso.slice(11, 13),
    minute: iso.slice(14, 16),
  };
}

/** The club day an instant falls on: clubDay(ms, 'America/Toronto') → '2026-06-30'. */
export function clubDay(ms: number, timeZone: string): string {
  const p = parts(ms, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Today in the club's zone. */
export function clubToday(timeZone: string, nowMs: number = Date.now()): string {
  return clubDay(nowMs, timeZone);
}

/** An instant as the club reads it: { date: '2026-06-30', time: '14:05' }. */
export function clubDateTime(ms: number, timeZone: string): { date: string; time: string } {
  const p = parts(ms, timeZone);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** '2026-06-30 14:05' in the club's zone. */
export function formatClubDateTime(ms: number, timeZone: string): string {
  const { date, time } = clubDateTime(ms, timeZone);
  return `${date} ${time}`;
}

/** A real calendar day 'YYYY-MM-DD' (not '2026-02-30'). */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The calendar day before a day: '2026-03-01' → '2026-02-28'. */
export function previousDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The longest range the dated reads accept: dayRangeSchema's MAX_RANGE_YEARS,
 * repeated here so the member page does not load zod (club-dates.test.ts checks they agree).
 */
export const MAX_RANGE_YEARS = 2;

/** Why a start and end day cannot be read as a range, or null when they can. */
export function dayRangeProblem(startDate: string, endDate: string): string | null {
  if (!isDay(startDate)) return 'Choose a start date';
  if (!isDay(endDate)) return 'Choose an end date';
  if (startDate > endDate) return 'The start date must not be after the end date';
  // Compared as text, as the server does: the same day 2 years on is already too far.
  const limit = `${Number(startDate.slice(0, 4)) + MAX_RANGE_YEARS}`.padStart(4, '0') + startDate.slice(4);
  if (endDate >= limit) return `The date range must be ${MAX_RANGE_YEARS} years or less`;
  return null;
}

/** The ranges a summary offers in one tap, by their button's label. */
export const RANGE_PRESETS = ['Today', 'This month', 'This year', 'Last 12 months'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/**
 * The preset's start and end days, ending `today`: the month or year so far,
 * or the twelve calendar months ending with this one (a year of monthly bars).
 */
export function presetRange(preset: RangePreset, today: string): { startDate: string; endDate: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  switch (preset) {
    case 'Today':
      return { startDate: today, endDate: today };
    case 'This month':
      return { startDate: `${today.slice(0, 7)}-01`, endDate: today };
    case 'This year':
      return { startDate: `${today.slice(0, 4)}-01-01`, endDate: today };
    case 'Last 12 months': {
      const startYear = month === 12 ? year : year - 1;
      const startMonth = month === 12 ? 1 : month + 1;
      return {
        startDate: `${String(startYear).padStart(4, '0')}-${String(startMonth).padStart(2, '0')}-01`,
        endDate: today,
      };
    }
  }
}
