import { z } from 'zod';

/** Request parameters many calls share. Query values arrive as strings; lengths are bounded. */

/** The `club` a call names: checked against the session's active club (assertSameClub). */
export const clubParam = z.string().max(100).optional();

/** A user id (better-auth ids are UUIDs; bounded, not parsed, so a wrong one reads as "not yours" rather than malformed). */
export const userIdParam = z.string().trim().min(1, 'userID is required').max(100);

/** A true/false query flag. */
export const booleanParam = z.enum(['true', 'false'], { message: 'Use true or false' });

/**
 * A client may send the string "None" for "no club" (the club parameter's
 * default); it names no club.
 */
export function namedClub(club: string | null | undefined): string | undefined {
  return club === null || club === undefined || club === '' || club === 'None' ? undefined : club;
}
