import type { Kysely, Transaction } from 'kysely';
import type { IntroItem, UpdateItemResult } from '@flightline/domain/api/types';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { lockClub, type ClubRecord } from '../clubs/repo.ts';
import { entryIntroId } from '../ledger/intro-ap-repo.ts';
import { CLUB_FOR_POSTING, entryKeyUsed } from '../ledger/journal.ts';
import { findTransactionByKey, insertEntry, type NewEntry } from '../ledger/posting-repo.ts';
import { once } from '../once.ts';
import { findIntro, findIntroForUpdate, type IntroRow } from './repo.ts';
import { introItem } from './service.ts';

type Result = UpdateItemResult<IntroItem>;

export interface KeyedIntroAction {
  /** The transaction type of the action's entry ('Intro Refund', 'Intro Cancel'). */
  type: string;
  /** What a new request would be, for the refusal of a reused key ('refund'). */
  noun: string;
  key: string | undefined;
  /** The success answer's message ('Intro refunded successfully'), sent with the intro as it is stored. */
  message: string;
  /** How the club row is locked: 'noKeyUpdate' where two such actions must not both spend what Intro A/P holds. */
  clubLock: 'share' | 'noKeyUpdate';
}

const answer = (action: KeyedIntroAction, item: IntroItem): Result => ({
  statusCode: 200,
  message: action.message,
  item,
});

export type PostingClub = Pick<ClubRecord, (typeof CLUB_FOR_POSTING)[number]>;

/**
 * An intro action that posts one ledger entry under the request's idempotency
 * key (refund, cancel, write-down), once (modules/once.ts): a key already on
 * this action's entry for this intro answers as the first request did, with
 * the intro as it is now, before any work; a key on any other entry is
 * refused. `work` runs in one transaction, given the club and the intro
 * locked (404 if the club has no such intro), and answers the intro as
 * stored. An entry the lock date refuses (the date moved meanwhile) answers
 * 409 naming it (http/database-errors.ts).
 */
export function runKeyedIntroAction(
  db: Kysely<DB>,
  ctx: MemberContext,
  introId: string,
  action: KeyedIntroAction,
  work: (trx: Transaction<DB>, club: PostingClub, intro: IntroRow) => Promise<IntroItem>,
): Promise<Result> {
  const clubId = ctx.club.id;
  return once(db, {
    write: { name: 'ledger-entry' },
    key: action.key,
    recorded: (reader, key) => findTransactionByKey(reader, clubId, key),
    sender: { id: ctx.user.id, of: (found) => found.entered_by },
    replay: async (reader, found) => {
      if (found.transaction_type !== action.type || (await entryIntroId(reader, clubId, found.id)) !== introId)
        return undefined;
      const intro = await findIntro(reader, clubId, introId);
      return answer(action, introItem(intro!));
    },
    keyUsed: (found) => entryKeyUsed(found, action.noun),
    run: async (trx) => {
      const club = await lockClub(trx, clubId, action.clubLock, CLUB_FOR_POSTING);
      const intro = await findIntroForUpdate(trx, club.id, introId);
      if (!intro) throw notFound('Intro not found');
      return answer(action, await work(trx, club, intro));
    },
  });
}

/** The action's ledger entry: effective and entered now, by the caller, under the request's key. */
export function insertIntroEntry(
  trx: Transaction<DB>,
  ctx: MemberContext,
  action: KeyedIntroAction,
  entry: Pick<NewEntry, 'description' | 'lines'> & Partial<Pick<NewEntry, 'note' | 'reference'>>,
): Promise<number> {
  return insertEntry(trx, {
    clubId: ctx.club.id,
    effectiveAt: new Date(ctx.now),
    enteredAt: new Date(ctx.now),
    enteredBy: ctx.user.id,
    transactionType: action.type,
    note: '',
    reference: '',
    ...entry,
    idempotencyKey: action.key ?? null,
    reversesId: null,
  });
}
