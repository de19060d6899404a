import type { Kysely, Transaction } from 'kysely';
import type { IntroItem, UpdateItemResult } from '@flightline/domain/api/types';
import { formatMoney } from '@flightline/domain/money/money';
import type { IntroCancel } from '@flightline/domain/schemas/intros';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { conflict } from '../../http/errors.ts';
import { introHasEntryOfType, introOwedCents } from '../ledger/intro-ap-repo.ts';
import { assertAfterLockDate } from '../ledger/journal.ts';
import { introCancelPostings } from './intro-postings.ts';
import { insertIntroEntry, runKeyedIntroAction, type KeyedIntroAction } from './keyed-action.ts';
import { updateIntro, type IntroRow } from './repo.ts';
import { introItem } from './service.ts';

/**
 * update-item INTRO, action Cancel (docs/accounting.md "Intro certificates"):
 * an intro that will not be flown (typically expired) closed, and what it
 * still holds on Intro A/P earned — Dr 2120 [intro] owed / Cr 4300 net /
 * Cr 2510 [tax], split as an intro flown. Marked previously written down, it
 * posts nothing: a Write Down adjustment already moved that money to Intro
 * Revenue. Refunded intros and intros on a flight are refused. The caller
 * has checked the right (admin or Can Add Intros).
 *
 * The idempotency key is stored on the cancel's entry. A cancel that posted
 * nothing has no entry to hold it: a retry with a key, finding the intro
 * cancelled the same way and no cancel entry, answers success again.
 */

const TYPE = 'Intro Cancel';
type Result = UpdateItemResult<IntroItem>;

/**
 * An intro already cancelled: a keyed retry of a cancel that posted nothing answers again; anything else is
 * refused.
 */
async function alreadyCancelled(trx: Transaction<DB>, intro: IntroRow, data: IntroCancel): Promise<IntroItem> {
  const retried =
    data.idempotencyKey !== undefined &&
    intro.written_down === data.writtenDown &&
    !(await introHasEntryOfType(trx, intro.club_id, intro.id, TYPE));
  if (retried) return introItem(intro);
  throw conflict(`Intro ${intro.sn} was already cancelled`);
}

export async function cancelIntro(
  db: Kysely<DB>,
  ctx: MemberContext,
  introId: string,
  data: IntroCancel,
): Promise<Result> {
  const action: KeyedIntroAction = {
    type: TYPE,
    noun: 'cancellation',
    key: data.idempotencyKey,
    message: 'Intro cancelled successfully',
    clubLock: 'share',
  };
  return runKeyedIntroAction(db, ctx, introId, action, async (trx, club, intro) => {
    if (intro.cancelled_at !== null) return alreadyCancelled(trx, intro, data);
    if (intro.refunded_at !== null) throw conflict(`Intro ${intro.sn} was refunded`);
    if (intro.flight_ref !== null)
      throw conflict(`Intro ${intro.sn} is on flight ${intro.flight_ref}: it can't be cancelled`);
    // The form shows the amount paid; a price that differs means the page is stale.
    if (data.priceCents !== intro.price_cents) {
      throw conflict(
        `Intro ${intro.sn} was paid ${formatMoney(intro.price_cents)}, not ` +
          `${formatMoney(data.priceCents)}; reload and try again`,
      );
    }
    if (!data.writtenDown) {
      const lines = introCancelPostings(intro, await introOwedCents(trx, club.id, intro.id), club.tax_rates);
      if (lines.length > 0) {
        assertAfterLockDate(club, ctx.now);
        await insertIntroEntry(trx, ctx, action, {
          description: `Intro ${intro.sn} cancelled (${intro.recipient_first} ${intro.recipient_last})`,
          lines,
        });
      }
    }
    const stored = await updateIntro(trx, club.id, intro.id, {
      cancelled_at: new Date(ctx.now),
      written_down: data.writtenDown,
    });
    return introItem(stored);
  });
}
