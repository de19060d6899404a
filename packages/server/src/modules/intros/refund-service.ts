import type { Kysely } from 'kysely';
import type { IntroItem, UpdateItemResult } from '@flightline/domain/api-types';
import { ACCOUNT } from '@flightline/domain/ledger';
import { formatMoney } from '@flightline/domain/money';
import type { IntroRefund } from '@flightline/domain/schemas/intros';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { lockClub } from '../clubs/repo.ts';
import { introOwedCents } from '../ledger/intro-ap-repo.ts';
import { assertAfterLockDate, CLUB_FOR_POSTING } from '../ledger/journal.ts';
import { insertEntry } from '../ledger/posting-repo.ts';
import { runKeyedIntroAction } from './keyed-action.ts';
import { findIntroForUpdate, updateIntro } from './repo.ts';
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

const refunded = (item: IntroItem): Result => ({ statusCode: 200, message: 'Intro refunded successfully', item });

export async function refundIntro(db: Kysely<DB>, ctx: MemberContext, introId: string, data: IntroRefund): Promise<Result> {
  const key = data.idempotencyKey;
  return runKeyedIntroAction(db, ctx, introId, { type: TYPE, noun: 'refund', key, answer: refunded }, async (trx) => {
    const club = await lockClub(trx, ctx.club.id, 'share', CLUB_FOR_POSTING);
    const intro = await findIntroForUpdate(trx, club.id, introId);
    if (!intro) throw notFound('Intro not found');
    if (intro.refunded_at !== null) throw conflict(`Intro ${intro.sn} was already refunded`);
    if (intro.cancelled_at !== null) throw conflict(`Intro ${intro.sn} was cancelled`);
    if (intro.flight_ref !== null) throw conflict(`Intro ${intro.sn} is on flight ${intro.flight_ref}: it can't be refunded`);
    const wanted = data.payment.toLowerCase();
    const method = club.payment_methods.find((m) => m.toLowerCase() === wanted);
    if (method === undefined) {
      throw badRequest(`Unknown refund method ${data.payment}: use one of ${club.payment_methods.join(', ') || "the club's payment methods (none are set)"}`);
    }
    const owedCents = await introOwedCents(trx, club.id, intro.id);
    if (data.priceCents > owedCents) {
      throw conflict(`The refund of ${formatMoney(data.priceCents)} is more than the ${formatMoney(Math.max(0, owedCents))} this intro still holds`);
    }
    assertAfterLockDate(club, ctx.now);
    const to = `${data.refundFirst} ${data.refundLast}`.trim();
    await insertEntry(trx, {
      clubId: club.id,
      effectiveAt: new Date(ctx.now),
      enteredAt: new Date(ctx.now),
      enteredBy: ctx.user.id,
      transactionType: TYPE,
      description: `Intro ${intro.sn} refunded${to ? ` to ${to}` : ''} (${method})${data.refundRef ? ` ref ${data.refundRef}` : ''}`,
      note: '',
      reference: data.refundRef,
      idempotencyKey: key ?? null,
      reversesId: null,
      lines: [
        { account: ACCOUNT.introsPayable, amountCents: data.priceCents, introId: intro.id },
        { account: ACCOUNT.cash, amountCents: -data.priceCents, transferType: method },
      ],
    });
    const stored = await updateIntro(trx, club.id, intro.id, { refunded_at: new Date(ctx.now) });
    return refunded(introItem(stored));
  });
}
