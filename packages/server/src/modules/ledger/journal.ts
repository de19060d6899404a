import type { Kysely, Transaction } from 'kysely';
import type { TransactionPosted } from '@flightline/domain/api-types';
import { clubDayBounds } from '@flightline/domain/club-time';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { conflict, type HttpError } from '../../http/errors.ts';
import { hasHint, isUniqueViolation } from './db-errors.ts';
import { postedMessage } from './descriptions.ts';
import { entryMember, findTransactionByKey } from './posting-repo.ts';
import { memberApSumThroughCents } from './repo.ts';

/**
 * What every write of the ledger shares: the lock date, idempotent retries,
 * the answer, and the database's refusals turned into answers a person can
 * act on. The database enforces the same rules (0004_ledger.sql); these
 * checks only give the refusal its message before it gets that far.
 */

export function lockedError(lockDate: string): HttpError {
  return conflict(`Transactions on or before the lock date ${lockDate} cannot be posted`);
}

/** Refuse an effective time on or before the end of the lock day, in the club's zone. */
export function assertAfterLockDate(club: { lock_date: string | null; time_zone: string }, effectiveMs: number): void {
  if (club.lock_date !== null && effectiveMs < clubDayBounds(club.lock_date, club.time_zone).endMs) {
    throw lockedError(club.lock_date);
  }
}

/**
 * What the call would post, to tell a retry from a new request under a key
 * already used: the stored type, the entry reversed, and — for the fields
 * that make one request of a kind differ from another (member, amount…) —
 * whether a posted entry is this request.
 */
interface Expected {
  transactionType: string;
  reversesId?: number;
  isSameRequest?: (db: Kysely<DB>, clubId: string, transactionId: number) => Promise<boolean>;
}

type PostedRow = NonNullable<Awaited<ReturnType<typeof findTransactionByKey>>>;

/**
 * The answer for a posted entry: its message, its id and — when it concerns a
 * member — their balance once it was posted (entries up to and including it,
 * by id), so a retry answers exactly what the first call did.
 */
export async function postedAnswer(db: Kysely<DB>, clubId: string, entry: { id: number; transaction_type: string; reverses_id: number | null }): Promise<TransactionPosted> {
  const memberId = await entryMember(db, clubId, entry.id);
  const answer: TransactionPosted = { statusCode: 200, message: postedMessage(entry.transaction_type, entry.reverses_id), transactionId: entry.id };
  if (memberId !== undefined) answer.balanceCents = 0 - (await memberApSumThroughCents(db, clubId, memberId, entry.id));
  return answer;
}

/** A retry of the same request answers as the first call did; the key sent with any other request is refused, nothing posted. */
async function replay(db: Kysely<DB>, clubId: string, found: PostedRow, expected: Expected): Promise<TransactionPosted> {
  const sameKind =
    found.transaction_type === expected.transactionType && (expected.reversesId === undefined || found.reverses_id === expected.reversesId);
  if (!sameKind || (expected.isSameRequest !== undefined && !(await expected.isSameRequest(db, clubId, found.id)))) {
    throw conflict(`This idempotency key was already used for transaction #${found.id} (${found.transaction_type}); send a new key for a new request`);
  }
  return postedAnswer(db, clubId, found);
}

/**
 * Post one entry: `work` runs in a database transaction and answers the new
 * entry's id. With an idempotency key, a key already used in the club for the
 * same request answers the original entry without posting again (for any
 * other request, 409) — also when two requests with the same key race (the
 * unique (club_id, idempotency_key) decides, the loser reads the winner's
 * entry). A lock-date refusal by the database (a lock date moved meanwhile)
 * answers 409, never 500.
 */
export async function postOnce(
  db: Kysely<DB>,
  ctx: MemberContext,
  idempotencyKey: string | undefined,
  expected: Expected,
  work: (trx: Transaction<DB>) => Promise<{ id: number }>,
): Promise<TransactionPosted> {
  const clubId = ctx.club.id;
  if (idempotencyKey !== undefined) {
    const found = await findTransactionByKey(db, clubId, idempotencyKey);
    if (found) return replay(db, clubId, found, expected);
  }
  let posted: { id: number };
  try {
    posted = await db.transaction().execute(work);
  } catch (error) {
    // Racing a twin request, the loser may trip any unique index first (the key's, or reverses_id's).
    if (idempotencyKey !== undefined && isUniqueViolation(error)) {
      const found = await findTransactionByKey(db, clubId, idempotencyKey);
      if (found) return replay(db, clubId, found, expected);
    }
    if (hasHint(error, 'ledger_locked')) {
      const lockDate = /lock date (\d{4}-\d{2}-\d{2})/.exec((error as Error).message)?.[1];
      throw lockDate ? lockedError(lockDate) : conflict('Transactions on or before the lock date cannot be posted');
    }
    throw error;
  }
  return postedAnswer(db, clubId, { id: posted.id, transaction_type: expected.transactionType, reverses_id: expected.reversesId ?? null });
}
