import { DateTime } from 'luxon';

/**
 * The flight modal's Takeoff Time and Landing Time: 'HH:mm' on a club day in
 * the club's IANA zone, read and written with Luxon so a day when daylight
 * saving starts or ends gives the right instant (domain rules "Time").
 */

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** '14:05', the club's wall clock at an instant. */
export function clockOf(ms: number, timeZone: string): string {
  return DateTime.fromMillis(ms, { zone: timeZone }).toFormat('HH:mm');
}

/** The club day an instant falls on: '2026-06-30'. */
export function dayOf(ms: number, timeZone: string): string {
  return DateTime.fromMillis(ms, { zone: timeZone }).toISODate()!;
}

/** '2026-06-30 14:05' in the club's zone (a revision's date and time). */
export function dayAndClockOf(ms: number, timeZone: string): string {
  return DateTime.fromMillis(ms, { zone: timeZone }).toFormat('yyyy-MM-dd HH:mm');
}

/** A 'HH:mm' a time input gives (24 h, two digits each). */
export function isClock(text: string): boolean {
  return CLOCK.test(text);
}

/**
 * The instant a club wall clock 'HH:mm' reads on `day`, or null when the text
 * is not a clock time. On the spring-forward day a time that never happened
 * (02:30 in Toronto) moves on by the gap, as Luxon does; in the repeated hour
 * of the fall-back day the earlier of the two instants is taken.
 */
export function instantOf(day: string, clock: string, timeZone: string): number | null {
  if (!isClock(clock)) return null;
  const at = DateTime.fromISO(`${day}T${clock}`, { zone: timeZone });
  if (!at.isValid) return null;
  // Luxon takes the later instant of a repeated hour; the day's opening offset gives the earlier one, if it reads the same clock.
  const opening = at.startOf('day').offset;
  const [hour, minute] = clock.split(':').map(Number) as [number, number];
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const earlier = Date.UTC(year, month - 1, date, hour, minute) - opening * 60_000;
  return earlier < at.toMillis() && DateTime.fromMillis(earlier, { zone: timeZone }).toFormat('yyyy-MM-dd HH:mm') === `${day} ${clock}` ? earlier : at.toMillis();
}
