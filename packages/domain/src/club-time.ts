import { DateTime, IANAZone } from 'luxon';

/** Calendar days are 'YYYY-MM-DD' in the club's IANA time zone; instants are epoch ms. */

export function isValidTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone);
}

/** Today's date in the club's zone. */
export function clubToday(timeZone: string, nowMs: number): string {
  return DateTime.fromMillis(nowMs, { zone: timeZone }).toISODate()!;
}

/** The instant a club day starts (inclusive) and the next day starts (exclusive), DST-safe. */
export function clubDayBounds(day: string, timeZone: string): { startMs: number; endMs: number } {
  const start = DateTime.fromISO(day, { zone: timeZone }).startOf('day');
  if (!start.isValid) throw new RangeError(`Not a date: ${day}`);
  return { startMs: start.toMillis(), endMs: start.plus({ days: 1 }).toMillis() };
}

/** [start of startDay, start of the day after endDay) in the club's zone. */
export function clubDayRange(startDay: string, endDay: string, timeZone: string): { startMs: number; endMs: number } {
  return { startMs: clubDayBounds(startDay, timeZone).startMs, endMs: clubDayBounds(endDay, timeZone).endMs };
}

/** The time of day of an instant in the club's zone, 24-hour: '14:32'. */
export function clubClockTime(ms: number, timeZone: string): string {
  return DateTime.fromMillis(ms, { zone: timeZone }).toFormat('HH:mm');
}

/** The club day an instant falls on. */
export function clubDayOf(ms: number, timeZone: string): string {
  return DateTime.fromMillis(ms, { zone: timeZone }).toISODate()!;
}

/**
 * Active = isActive and (no expiry, or now is before the end of the expiry
 * day in the club's zone).
 */
export function isMembershipActive(
  member: { isActive: boolean; activeExpiration: string | null },
  timeZone: string,
  nowMs: number,
): boolean {
  if (!member.isActive) return false;
  if (!member.activeExpiration) return true;
  return nowMs < clubDayBounds(member.activeExpiration, timeZone).endMs;
}

/** The longest range GET /api/get-flights reads: a year and a day, so a whole year's export spans a leap day. */
export const MAX_FLIGHT_RANGE_MS = 367 * 24 * 60 * 60 * 1000;
