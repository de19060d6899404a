import { z } from 'zod';

/** Answer fields many declared calls share. */

/**
 * The fields a write answers on success (spread first into its answer, which
 * adds what it stored): statusCode mirrors the HTTP status, always 200, since
 * refusals are 4xx errors; the message is for the person who asked.
 */
export const doneFields = { statusCode: z.literal(200), message: z.string() };

/** Flights flown and their minutes in the air (a logbook's totals, the club's metrics). */
export const flownAnswer = z.object({ flights: z.number(), minutes: z.number() });
