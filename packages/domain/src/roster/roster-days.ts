/**
 * Calendar days of the duty roster ('YYYY-MM-DD', a club's own days: no
 * time zone is involved once the club's today is known).
 */

/** The longest range a roster is generated, published or read for. */
export const MAX_ROSTER_DAYS = 92;

/** Weekday of a day, 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** Days from `start` to `end`, both included; 1 for one day. */
export function daysInRange(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Every day from `start` to `end`, both included. */
export function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The flying weekdays (0 = Sunday … 6 = Saturday) of a bit set as roster_setting keeps it. */
export function weekdaysOfBits(bits: number): number[] {
  return [0, 1, 2, 3, 4, 5, 6].filter((weekday) => (bits & (1 << weekday)) !== 0);
}

/** The bit set of a list of weekdays. */
export function bitsOfWeekdays(weekdays: readonly number[]): number {
  return weekdays.reduce((bits, weekday) => bits | (1 << weekday), 0);
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day as an email names it: "Sat 6 Jun 2026". */
export function dayText(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[weekdayOf(day)]} ${date} ${MONTHS[month - 1]} ${year}`;
}
