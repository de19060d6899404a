import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuthAttemptTable, DB } from '../db/schema.ts';

export type AttemptKind = AuthAttemptTable['kind'];

/**
 * Run `work` holding a transaction lock on one email's attempts, so that two
 * processes (or two requests) counting and recording for it take turns.
 */
export function withEmailLock<T>(
  db: Kysely<DB>,
  email: string,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtextextended(${`auth_attempt:${email}`}, 0))`.execute(trx);
    return work(trx);
  });
}

/** When each attempt of a kind for the email since `since` happened, oldest first. */
export async function attemptTimes(
  db: Kysely<DB> | Transaction<DB>,
  email: string,
  kind: AttemptKind,
  since: Date,
): Promise<Date[]> {
  const rows = await db
    .selectFrom('auth_attempt')
    .select('at')
    .where('email', '=', email)
    .where('kind', '=', kind)
    .where('at', '>=', since)
    .orderBy('at')
    .execute();
  return rows.map((row) => new Date(row.at));
}

/** Record an attempt, and delete every attempt older than `keepSince` (no limit looks further back). */
export async function recordAttempt(
  db: Kysely<DB> | Transaction<DB>,
  attempt: { id: string; email: string; kind: AttemptKind; at: Date },
  keepSince: Date,
): Promise<void> {
  await db.deleteFrom('auth_attempt').where('at', '<', keepSince).execute();
  await db.insertInto('auth_attempt').values(attempt).execute();
}

export async function deleteAttempt(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('auth_attempt').where('id', '=', id).execute();
}

export async function deleteAttempts(db: Kysely<DB>, email: string, kind: AttemptKind): Promise<void> {
  await db.deleteFrom('auth_attempt').where('email', '=', email).where('kind', '=', kind).execute();
}
