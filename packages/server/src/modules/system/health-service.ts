import type { Kysely } from 'kysely';
import { SHIPPED_TZDATA } from '@flightline/domain/time/shipped-tzdata';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { pingDatabase } from './repo.ts';

export const DRAINING_MESSAGE = 'This server is shutting down; another one will answer. Try again in a moment.';

/**
 * Readiness for a reverse proxy's health check: 503 once the process is
 * shutting down (so the proxy sends new requests and reconnecting streams to
 * another process), and 503 when the database cannot be reached (the error
 * handler's DATABASE_UNAVAILABLE); otherwise ready, at the cost of one `select 1`,
 * naming the tz database release the process keeps every club's clock by.
 */
export async function checkReadiness(
  db: Kysely<DB>,
  lifecycle: { readonly draining: boolean },
): Promise<{ ready: true; tzdata: string }> {
  if (lifecycle.draining) throw new HttpError(503, DRAINING_MESSAGE, {}, { 'retry-after': '2' });
  await pingDatabase(db);
  return { ready: true, tzdata: SHIPPED_TZDATA };
}
