import { z } from 'zod';

/** Input fields many declared calls share. Query values arrive as strings; lengths are bounded. */

/** The `club` a call names: the server checks it against the session's active club. */
export const clubParam = z.string().max(100).optional();

/**
 * A user id (better-auth ids are UUIDs; bounded, not parsed, so a wrong one reads as "not yours" rather than
 * malformed).
 */
export const userIdParam = z.string().trim().min(1, 'userID is required').max(100);

/** A call that takes only the club it names. */
export const clubQuery = z.object({ club: clubParam });

/**
 * A read of one member's record or account: the caller's own unless userID names another (which the service checks
 * the caller may read).
 */
export const memberQuery = z.object({ club: clubParam, userID: userIdParam.optional() });

/** A true/false query flag. */
export const booleanParam = z.enum(['true', 'false'], { message: 'Use true or false' });
