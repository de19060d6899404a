import type { Kysely, Transaction } from 'kysely';
import type { TransactionPosted } from '@flightline/domain/api/types';
import { clubDayBounds } from '@flightline/domain/time/club-time';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { lockedMessage } from '../../http/database-errors.ts';
import { conflict, type HttpError } from '../../http/errors.ts';
import { once } from '../once.ts';
import { postedMessage } from './descriptions.ts';
import { entryMember, findTransactionByKey } from './posting-repo.ts';
import { memberApSumThroughCents } from './repo.ts';

/**
 * What every write of the ledger shares: the lock date, idempotent retries
 * (through modules/once.ts) and the answer. The database enforces the same
 * rules (0004_ledger.sql); these checks only give the refusal its message
 * before it gets that far, and its refusals answer as
 * http/database-errors.ts says.
 */

export function lockedError(lockDate: string): HttpError {
  return conflict(lockedMessage(lockDate));
}

/**
 * What an entry is checked against, read with the club row locked
 * (clubs/repo.ts lockClub) for the rest of its transaction: 'share' for an
 * entry, so a lock-date change waits until it is committed and it is checked
 * against the lock date, fee classes and tax rates as they are now;
 * 'noKeyUpdate' for an accounting adjustment, checked against what its
 * account owes, so the balance it read can't change before it posts.
 */
export const CLUB_FOR_POSTING = ['id', 'time_zone', 'lock_date', 'fee_list', 'tax_rates', 'payment_methods'] as const;

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
export async function postedAnswer(
  db: Kysely<DB>,
  clubId: string,
  entry: { id: number; transaction_type: string; reverses_id: number | null },
): Promise<TransactionPosted> {
  const memberId = await entryMember(db, clubId, entry.id);
  const answer: TransactionPosted = {
    statusCode: 200,
    message: postedMessage(entry.transaction_type, entry.reverses_id),
    transactionId: entry.id,
  };
  if (memberId !== undefined) answer.balanceCents = 0 - (await memberApSumThroughCents(db, clubId, memberId, entry.id));
  return answer;
}

/** The refusal of an idempotency key already stored on an entry, for a new `noun` ('request', 'sale', 'refund'…). */
export const entryKeyUsed = (found: PostedRow, noun: string) =>
  `This idempotency key was already used for transaction #${found.id} (${found.transaction_type}); ` +
  `send a new key for a new ${noun}`;

/**
 * Post one entry, once (modules/once.ts): `work` runs in a database
 * transaction and answers the new entry's id; the idempotency key is stored
 * on the entry (unique (club_id, idempotency_key)). A key already used in the
 * club for the same request answers the original entry without posting again;
 * for any other request, 409. The same request is the same kind of entry
 * (and entry reversed) that `isSameRequest` recognises. A lock-date refusal
 * by the database (a lock date moved meanwhile) answers 409, never 500; so
 * does a second reversal of one entry (http/database-errors.ts).
 */
export function postOnce(
  db: Kysely<DB>,
  ctx: MemberContext,
  idempotencyKey: string | undefined,
  expected: Expected,
  work: (trx: Transaction<DB>) => Promise<{ id: number }>,
): Promise<TransactionPosted> {
  const clubId = ctx.club.id;
  const isThisRequest = async (reader: Kysely<DB>, found: PostedRow) =>
    found.transaction_type === expected.transactionType &&
    (expected.reversesId === undefined || found.reverses_id === expected.reversesId) &&
    (expected.isSameRequest === undefined || (await expected.isSameRequest(reader, clubId, found.id)));
  return once(db, {
    write: expected.reversesId === undefined ? { name: 'ledger-entry' } : { name: 'reversal', of: expected.reversesId },
    key: idempotencyKey,
    recorded: (reader, key) => findTransactionByKey(reader, clubId, key),
    sender: { id: ctx.user.id, of: (found) => found.entered_by },
    replay: async (reader, found) =>
      (await isThisRequest(reader, found)) ? postedAnswer(reader, clubId, found) : undefined,
    keyUsed: (found) => entryKeyUsed(found, 'request'),
    run: work,
    answer: (reader, posted) =>
      postedAnswer(reader, clubId, {
        id: posted.id,
        transaction_type: expected.transactionType,
        reverses_id: expected.reversesId ?? null,
      }),
  });
}
