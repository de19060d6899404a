/**
 * Day and month texts of the roster screens, from the club's day strings (no Date in a zone: days are calendar
 * days).
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const parts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** 'Sat 19 Jul' */
export function shortDay(day: string): string {
  const [y, m, d] = parts(day);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAYS[weekday]} ${d} ${MONTHS[m - 1]!.slice(0, 3)}`;
}

/** 'July 2026' */
export function monthTitle(month: string): string {
  const [y, m] = parts(`${month}-01`);
  return `${MONTHS[m - 1]} ${y}`;
}

/** The first and last day of a month 'YYYY-MM'. */
export function monthRange(month: string): { start: string; end: string } {
  const [y, m] = parts(`${month}-01`);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month `count` months after 'YYYY-MM'. */
export function addMonths(month: string, count: number): string {
  const [y, m] = parts(`${month}-01`);
  const date = new Date(Date.UTC(y, m - 1 + count, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

export const personName = (person: { first: string; last: string } | null) =>
  person ? `${person.first} ${person.last}`.trim() : 'Nobody yet';
