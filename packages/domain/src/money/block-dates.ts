/**
 * Default dates of a block purchase (docs/accounting.md, "The pilot editor's
 * funds"): the start is the day after the membership year end taken in the
 * current year — or the previous year when that is more than 3 months ahead —
 * and the end is one year later minus a day. Prior Year and Next Year move
 * both by a year.
 */

export interface BlockDates {
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const parse = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
};

function addDays(day: string, days: number): string {
  const d = parse(day);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
}

/** Same month and day in another year; 29 Feb becomes 28 Feb in a common year. */
function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const target = new Date(Date.UTC(y! + years, m! - 1, 1));
  const lastDay = new Date(Date.UTC(y! + years, m!, 0)).getUTCDate();
  target.setUTCDate(Math.min(d!, lastDay));
  return iso(target);
}

/** The day one season after `start` begins (29 Feb rolls to 1 Mar); the season ends the day before. */
function seasonEnd(start: string): string {
  const [y, m, d] = start.split('-').map(Number);
  return addDays(iso(new Date(Date.UTC(y! + 1, m! - 1, d!))), -1);
}

function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const target = new Date(Date.UTC(y!, m! - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d!, lastDay));
  return iso(target);
}

/** The season for a purchase made on `today` (club date) with the club's membership year end 'MM-DD'. */
export function defaultBlockDates(today: string, membershipYearEnd: string): BlockDates {
  const year = Number(today.slice(0, 4));
  let start = addDays(`${year}-${membershipYearEnd}`, 1);
  if (start > addMonths(today, 3)) start = addDays(`${year - 1}-${membershipYearEnd}`, 1);
  return { start, end: seasonEnd(start) };
}

/** Prior Year (-1) and Next Year (+1). */
export function shiftBlockDates(dates: BlockDates, years: number): BlockDates {
  const start = addYears(dates.start, years);
  return { start, end: seasonEnd(start) };
}
