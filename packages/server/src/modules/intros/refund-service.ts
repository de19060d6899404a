import type { Kysely } from 'kysely';
import type { IntroItem, UpdateItemResult } from '@flightline/domain/api/types';
import { ACCOUNT } from '@flightline/domain/money/ledger';
import { formatMoney } from '@flightline/domain/money/money';
import type { IntroRefund } from '@flightline/domain/schemas/intros';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { introOwedCents } from '../ledger/intro-ap-repo.ts';
import { assertAfterLockDate } from '../ledger/journal.ts';
import { insertIntroEntry, runKeyedIntroAction, type KeyedIntroAction } from './keyed-action.ts';
import { updateIntro } from './repo.ts';
import { introItem } from './service.ts';

/**
 * update-item INTRO, action Refund (docs/accounting.md "Intro certificates"):
 * money paid for an intro given back — Dr 2120 [intro] refund / Cr 1000
 * [refund method] — at most what the intro still holds on Intro A/P. A
 * refunded intro, in full or in part, is no longer offered for a flight,
 * refund or cancellation; what a part refund leaves on Intro A/P stays there
 * until a Write Down. An intro on a flight is refused: its money pays that
 * flight. The caller has checked the right (admin or Can Add Intros).
 */

const TYPE = 'Intro Refund';
type Result = UpdateItemResult<IntroItem>;

export async function refundIntro(
  db: Kysely<DB>,
  ctx: MemberContext,
  introId: string,
  data: IntroRefund,
): Promise<Result> {
  const action: KeyedIntroAction = {
    type: TYPE,
    noun: 'refund',
    key: data.idempotencyKey,
    message: 'Intro refunded successfully',
    clubLock: 'share',
  };
  return runKeyedIntroAction(db, ctx, introId, action, async (trx, club, intro) => {
    if (intro.refunded_at !== null) throw conflict(`Intro ${intro.sn} was already refunded`);
    if (intro.cancelled_at !== null) throw conflict(`Intro ${intro.sn} was cancelled`);
    if (intro.flight_ref !== null)
      throw conflict(`Intro ${intro.sn} is on flight ${intro.flight_ref}: it can't be refunded`);
    const wanted = data.payment.toLowerCase();
    const method = club.payment_methods.find((m) => m.toLowerCase() === wanted);
    if (method === undefined) {
      throw badRequest(
        `Unknown refund method ${data.payment}: use one of ` +
          `${club.payment_methods.join(', ') || "the club's payment methods (none are set)"}`,
      );
    }
    const owedCents = await introOwedCents(trx, club.id, intro.id);
    if (data.priceCents > owedCents) {
      throw conflict(
        `The refund of ${formatMoney(data.priceCents)} is more than the ` +
          `${formatMoney(Math.max(0, owedCents))} this intro still holds`,
      );
    }
    assertAfterLockDate(club, ctx.now);
    const to = `${data.refundFirst} ${data.refundLast}`.trim();
    await insertIntroEntry(trx, ctx, action, {
      description:
        `Intro ${intro.sn} refunded${to ? ` to ${to}` : ''} (${method})` +
        (data.refundRef ? ` ref ${data.refundRef}` : ''),
      reference: data.refundRef,
      lines: [
        { account: ACCOUNT.introsPayable, amountCents: data.priceCents, introId: intro.id },
        { account: ACCOUNT.cash, amountCents: -data.priceCents, transferType: method },
      ],
    });
    const stored = await updateIntro(trx, club.id, intro.id, { refunded_at: new Date(ctx.now) });
    return introItem(stored);
  });
}
