import type { Kysely } from 'kysely';
import type { IntroSold } from '@flightline/domain/api-types';
import type { IntroSale } from '@flightline/domain/schemas/intros';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, requireRight, type MemberContext } from '../../http/context.ts';
import { conflict, HttpError } from '../../http/errors.ts';
import { namedClub } from '../../http/params.ts';
import { hasHint, isUniqueViolation } from '../ledger/db-errors.ts';
import { findTransactionByKey } from '../ledger/posting-repo.ts';
import { lockRefusal } from './locked.ts';
import { entryIntroId, findIntro, type IntroRow } from './repo.ts';
import { sellIntro } from './sale-service.ts';
import { introItem } from './service.ts';

/**
 * POST /api/create-intro (back-office spec §2 "Intro sale", §3 "Intro"):
 * an intro certificate sold at the desk, for admins and members who can add
 * intros. The sale posts Dr 1000 [payment method] / Cr 2120 [intro] (domain
 * rules); the idempotency key is stored on that entry, so a retried sale
 * answers the first one instead of selling a second certificate. An intro
 * sold at no charge posts nothing and so keeps no key.
 */

const TYPE = 'Intro Sale';

function sold(intro: IntroRow, transactionId: number | null): IntroSold {
  return {
    statusCode: 200,
    message: `Purchase of Intro for ${intro.recipient_first} ${intro.recipient_last} was successful.`,
    intro: introItem(intro),
    transactionId,
  };
}

/** The sale an idempotency key already names, or undefined; a key used for anything else is refused. */
async function replay(db: Kysely<DB>, ctx: MemberContext, key: string): Promise<IntroSold | undefined> {
  const found = await findTransactionByKey(db, ctx.club.id, key);
  if (!found) return undefined;
  const introId = found.transaction_type === TYPE ? await entryIntroId(db, ctx.club.id, found.id) : undefined;
  const intro = introId === undefined ? undefined : await findIntro(db, ctx.club.id, introId);
  if (!intro) {
    throw conflict(`This idempotency key was already used for transaction #${found.id} (${found.transaction_type}); send a new key for a new sale`);
  }
  return sold(intro, found.id);
}

export async function createIntro(db: Kysely<DB>, ctx: MemberContext, sale: IntroSale): Promise<IntroSold> {
  assertSameClub(ctx, namedClub(sale.club));
  requireRight(ctx, 'canAddIntros');
  const key = sale.idempotencyKey;
  if (key !== undefined) {
    const first = await replay(db, ctx, key);
    if (first) return first;
  }
  try {
    const result = await db.transaction().execute((trx) => sellIntro(trx, ctx, { ...sale, idempotencyKey: key }));
    return sold(result.intro, result.transactionId);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // A twin with the same key committed first: answer its sale.
    if (key !== undefined && isUniqueViolation(error)) {
      const first = await replay(db, ctx, key);
      if (first) return first;
    }
    if (isUniqueViolation(error, 'intro_sn_key')) throw conflict(`Serial number ${sale.SN} is already used: enter another or leave it empty`);
    if (hasHint(error, 'ledger_locked')) throw lockRefusal(error);
    throw error;
  }
}
