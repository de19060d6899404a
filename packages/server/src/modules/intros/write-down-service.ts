import type { Kysely } from 'kysely';
import type { IntroItem, UpdateItemResult } from '@flightline/domain/api/types';
import { ACCOUNT } from '@flightline/domain/money/ledger';
import { formatMoney } from '@flightline/domain/money/money';
import type { IntroWriteDown } from '@flightline/domain/schemas/intros';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { conflict } from '../../http/errors.ts';
import { owedCents } from '../ledger/adjustment-repo.ts';
import { introOwedCents } from '../ledger/intro-ap-repo.ts';
import { assertAfterLockDate } from '../ledger/journal.ts';
import { insertIntroEntry, runKeyedIntroAction, type KeyedIntroAction } from './keyed-action.ts';
import { introItem } from './service.ts';

/**
 * update-item INTRO, action WriteDown (issue 15 item 5; domain rules
 * "Intros": "the treasurer writes the rest down against that intro"): what a
 * partly refunded intro still holds on Intro A/P becomes Intro Revenue —
 * Dr 2120 [intro] / Cr 4300 — in an entry that names the intro (stored type
 * `Intro Write Down`), unlike the anonymous Write Down adjustment. Only a
 * refunded intro: an open one is cancelled instead (its money may still pay
 * a flight). The amount must be all it holds, and no more than Intro A/P
 * holds as a whole (an anonymous Write Down may have taken it already). The
 * caller has checked the right (admin).
 */

const TYPE = 'Intro Write Down';
type Result = UpdateItemResult<IntroItem>;

export async function writeDownIntro(
  db: Kysely<DB>,
  ctx: MemberContext,
  introId: string,
  data: IntroWriteDown,
): Promise<Result> {
  // As the Write Down adjustment: the club row for no-key update, so two write-downs can't both spend what Intro A/P
  // holds.
  const action: KeyedIntroAction = {
    type: TYPE,
    noun: 'write-down',
    key: data.idempotencyKey,
    message: 'Intro written down successfully',
    clubLock: 'noKeyUpdate',
  };
  return runKeyedIntroAction(db, ctx, introId, action, async (trx, club, intro) => {
    if (intro.refunded_at === null) {
      throw conflict(`Intro ${intro.sn} is not refunded: cancel it to move what it holds to Intro Revenue`);
    }
    const holds = await introOwedCents(trx, club.id, intro.id);
    if (holds <= 0) throw conflict(`Intro ${intro.sn} holds nothing to write down`);
    if (data.priceCents !== holds) {
      throw conflict(
        `Intro ${intro.sn} holds ${formatMoney(holds)}, not ${formatMoney(data.priceCents)}; reload and try again`,
      );
    }
    const accountHolds = await owedCents(trx, club.id, ACCOUNT.introsPayable);
    if (holds > accountHolds) {
      throw conflict(
        `The write down of ${formatMoney(holds)} is more than the ` +
          `${formatMoney(Math.max(0, accountHolds))} Intro A/P holds (a Write Down adjustment ` +
          `took it already)`,
      );
    }
    assertAfterLockDate(club, ctx.now);
    await insertIntroEntry(trx, ctx, action, {
      description: `Intro ${intro.sn} written down`,
      note: data.note,
      lines: [
        { account: ACCOUNT.introsPayable, amountCents: holds, introId: intro.id },
        { account: ACCOUNT.introRevenue, amountCents: -holds },
      ],
    });
    return introItem(intro);
  });
}
