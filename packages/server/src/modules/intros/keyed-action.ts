import type { Kysely, Transaction } from 'kysely';
import type { IntroItem, UpdateItemResult } from '@flightline/domain/api-types';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { conflict, HttpError } from '../../http/errors.ts';
import { hasHint, isUniqueViolation } from '../ledger/db-errors.ts';
import { findTransactionByKey } from '../ledger/posting-repo.ts';
import { lockRefusal } from './locked.ts';
import { entryIntroId, findIntro } from './repo.ts';
import { introItem } from './service.ts';

type Result = UpdateItemResult<IntroItem>;

export interface KeyedIntroAction {
  /** The transaction type of the action's entry ('Intro Refund', 'Intro Cancel'). */
  type: string;
  /** What a new request would be, for the refusal of a reused key ('refund'). */
  noun: string;
  key: string | undefined;
  /** The success answer for the intro as it is stored. */
  answer: (item: IntroItem) => Result;
}

/**
 * An intro action that posts one ledger entry under the request's idempotency
 * key (refund, cancel). A key already on this action's entry for this intro
 * answers as the first request did, before any work; a key on any other
 * entry is refused. `work` runs in one transaction; when two requests with
 * one key race, the second's unique violation ends in the first's answer. An
 * entry the lock date refuses (the date moved meanwhile) answers 409 naming it.
 */
export async function runKeyedIntroAction(
  db: Kysely<DB>,
  ctx: MemberContext,
  introId: string,
  action: KeyedIntroAction,
  work: (trx: Transaction<DB>) => Promise<Result>,
): Promise<Result> {
  const replay = async (key: string): Promise<Result | undefined> => {
    const found = await findTransactionByKey(db, ctx.club.id, key);
    if (!found) return undefined;
    if (found.transaction_type !== action.type || (await entryIntroId(db, ctx.club.id, found.id)) !== introId) {
      throw conflict(`This idempotency key was already used for transaction #${found.id} (${found.transaction_type}); send a new key for a new ${action.noun}`);
    }
    const intro = await findIntro(db, ctx.club.id, introId);
    return action.answer(introItem(intro!));
  };
  const { key } = action;
  if (key !== undefined) {
    const first = await replay(key);
    if (first) return first;
  }
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (key !== undefined && isUniqueViolation(error)) {
      const first = await replay(key);
      if (first) return first;
    }
    if (hasHint(error, 'ledger_locked')) throw lockRefusal(error);
    throw error;
  }
}
