import { instantOfWallClock, wallClock } from '@flightline/domain/time/zone-rules';

/**
 * The flight modal's Takeoff Time and Landing Time: 'HH:mm' on a club day in
 * the club's IANA zone, read and written from the zone's shipped rules
 * (domain zone-rules.ts), so a day when daylight saving starts or ends gives
 * the right instant (domain rules "Time") whatever the phone's own data says.
 */

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2026-06-30T14:05' at an instant, on the club's wall clock. */
const wallIso = (ms: number, timeZone: string) => wallClock(timeZone, ms).toISOString().slice(0, 16);

/** '14:05', the club's wall clock at an instant. */
export function clockOf(ms: number, timeZone: string): string {
  return wallIso(ms, timeZone).slice(11);
}

/** The club day an instant falls on: '2026-06-30'. */
export function dayOf(ms: number, timeZone: string): string {
  return wallIso(ms, timeZone).slice(0, 10);
}

/** '2026-06-30 14:05' in the club's zone (a revision's date and time). */
export function dayAndClockOf(ms: number, timeZone: string): string {
  return wallIso(ms, timeZone).replace('T', ' ');
}

/** A 'HH:mm' a time input gives (24 h, two digits each). */
export function isClock(text: string): boolean {
  return CLOCK.test(text);
}

/**
 * The instant a club wall clock 'HH:mm' reads on `day`, or null when the text
 * is not a clock time (or the day not a date). On the spring-forward day a
 * time that never happened (02:30 in Toronto) moves on by the gap; in the
 * repeated hour of the fall-back day the earlier of the two instants is taken.
 */
export function instantOf(day: string, clock: string, timeZone: string): number | null {
  const c = CLOCK.exec(clock);
  const d = DAY.exec(day);
  if (!c || !d) return null;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(c[1]), Number(c[2]));
  if (new Date(wall).toISOString().slice(0, 10) !== day) return null;
  return instantOfWallClock(timeZone, wall);
}
