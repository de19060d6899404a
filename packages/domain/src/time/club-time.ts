import { instantOfWallClock, isKnownZone, wallClock } from './zone-rules.ts';

/**
 * Calendar days are 'YYYY-MM-DD' in the club's IANA time zone; instants are
 * epoch ms. The zone's offsets come from the tz database the project ships
 * (zone-rules.ts), not from the host's.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export function isValidTimeZone(zone: string): boolean {
  return isKnownZone(zone);
}

/** Today's date in the club's zone. */
export function clubToday(timeZone: string, nowMs: number): string {
  return clubDayOf(nowMs, timeZone);
}

/** Midnight UTC of a real calendar day 'YYYY-MM-DD', or RangeError. */
function dayUtcMs(day: string): number {
  const m = DAY.exec(day);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day) throw new RangeError(`Not a date: ${day}`);
  return ms;
}

/** The instant a club day starts (inclusive) and the next day starts (exclusive), DST-safe. */
export function clubDayBounds(day: string, timeZone: string): { startMs: number; endMs: number } {
  const midnight = dayUtcMs(day);
  return { startMs: instantOfWallClock(timeZone, midnight), endMs: instantOfWallClock(timeZone, midnight + DAY_MS) };
}

/** [start of startDay, start of the day after endDay) in the club's zone. */
export function clubDayRange(startDay: string, endDay: string, timeZone: string): { startMs: number; endMs: number } {
  return { startMs: clubDayBounds(startDay, timeZone).startMs, endMs: clubDayBounds(endDay, timeZone).endMs };
}

/** The time of day of an instant in the club's zone, 24-hour: '14:32'. */
export function clubClockTime(ms: number, timeZone: string): string {
  return wallClock(timeZone, ms).toISOString().slice(11, 16);
}

/** The club day an instant falls on. */
export function clubDayOf(ms: number, timeZone: string): string {
  return wallClock(timeZone, ms).toISOString().slice(0, 10);
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
