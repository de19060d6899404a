import type { Kysely, Transaction } from 'kysely';
import type { IntroItem, UpdateItemResult } from '@flightline/domain/api-types';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { entryIntroId } from '../ledger/intro-ap-repo.ts';
import { entryKeyUsed } from '../ledger/journal.ts';
import { findTransactionByKey } from '../ledger/posting-repo.ts';
import { once } from '../once.ts';
import { findIntro } from './repo.ts';
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
 * key (refund, cancel, write-down), once (modules/once.ts): a key already on
 * this action's entry for this intro answers as the first request did, with
 * the intro as it is now, before any work; a key on any other entry is
 * refused. `work` runs in one transaction. An entry the lock date refuses (the
 * date moved meanwhile) answers 409 naming it (http/database-errors.ts).
 */
export function runKeyedIntroAction(
  db: Kysely<DB>,
  ctx: MemberContext,
  introId: string,
  action: KeyedIntroAction,
  work: (trx: Transaction<DB>) => Promise<Result>,
): Promise<Result> {
  const clubId = ctx.club.id;
  return once(db, {
    write: { name: 'ledger-entry' },
    key: action.key,
    recorded: (reader, key) => findTransactionByKey(reader, clubId, key),
    replay: async (reader, found) => {
      if (found.transaction_type !== action.type || (await entryIntroId(reader, clubId, found.id)) !== introId) return undefined;
      const intro = await findIntro(reader, clubId, introId);
      return action.answer(introItem(intro!));
    },
    keyUsed: (found) => entryKeyUsed(found, action.noun),
    run: work,
  });
}
