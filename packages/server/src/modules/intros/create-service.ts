import type { Kysely } from 'kysely';
import type { IntroSold } from '@flightline/domain/api/types';
import type { IntroSale } from '@flightline/domain/schemas/intros';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { entryIntroId } from '../ledger/intro-ap-repo.ts';
import { entryKeyUsed } from '../ledger/journal.ts';
import { findTransactionByKey } from '../ledger/posting-repo.ts';
import { once } from '../once.ts';
import { findIntro, type IntroRow } from './repo.ts';
import { sellIntro } from './sale-service.ts';
import { introItem } from './service.ts';

/**
 * POST /api/create-intro (docs/accounting.md "Intro certificates"):
 * an intro certificate sold at the desk, for admins and members who can add
 * intros. The sale posts Dr 1000 [payment method] / Cr 2120 [intro] (domain
 * rules); the idempotency key is stored on that entry, so a retried sale
 * answers the first one instead of selling a second certificate
 * (modules/once.ts). An intro sold at no charge posts nothing and so keeps
 * no key.
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

export async function createIntro(db: Kysely<DB>, ctx: MemberContext, sale: IntroSale): Promise<IntroSold> {
  const key = sale.idempotencyKey;
  return once(db, {
    write: { name: 'intro-sale', serial: sale.SN },
    key,
    recorded: (reader, used) => findTransactionByKey(reader, ctx.club.id, used),
    sender: { id: ctx.user.id, of: (found) => found.entered_by },
    // The sale the key names; a key stored on any other entry is refused.
    replay: async (reader, found) => {
      const introId = found.transaction_type === TYPE ? await entryIntroId(reader, ctx.club.id, found.id) : undefined;
      const intro = introId === undefined ? undefined : await findIntro(reader, ctx.club.id, introId);
      return intro ? sold(intro, found.id) : undefined;
    },
    keyUsed: (found) => entryKeyUsed(found, 'sale'),
    run: (trx) => sellIntro(trx, ctx, { ...sale, idempotencyKey: key }),
    answer: (_, result) => sold(result.intro, result.transactionId),
  });
}
