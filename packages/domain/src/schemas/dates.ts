import { z } from 'zod';

/**
 * The days and instants the calls take: from 1900-01-01 (older than any
 * logbook a club keeps) to 9999-12-31. Outside that, PostgreSQL and
 * JavaScript disagree about dates (year 0, years past 9999), so such a value
 * is refused with a message rather than failing in the database.
 */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '9999-12-31';
export const FIRST_MS = Date.UTC(1900, 0, 1);
export const LAST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const RANGE = `between ${FIRST_DAY} and ${LAST_DAY}`;

/** A day 'YYYY-MM-DD' in that range. */
export const dayInRange = (message = 'Use a date like 2026-06-30') =>
  z.iso.date(message).refine((day) => day >= FIRST_DAY && day <= LAST_DAY, `Use a date ${RANGE}`);

/** Whether an instant (epoch ms) is in that range. */
export const isInstantInRange = (ms: number) => ms >= FIRST_MS && ms <= LAST_MS;

/** An instant in epoch milliseconds, in that range. */
export const instant = () => z.number().int().refine(isInstantInRange, `Use a time ${RANGE}`);
