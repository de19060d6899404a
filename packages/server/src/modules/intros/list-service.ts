import type { Kysely } from 'kysely';
import type { IntrosResponse } from '@flightline/domain/api/types';
import { clubToday } from '@flightline/domain/time/club-time';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { listIntrosWithOwed } from './repo.ts';
import { introItem } from './service.ts';

/** Closed intros (refunded, cancelled or flown) are listed when bought in this many years before today. */
export const CLOSED_INTRO_YEARS = 3;

function yearsBefore(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // 29 February of a leap year goes back to 28 February.
  const date = new Date(Date.UTC(y - years, m - 1, Math.min(d, m === 2 ? 28 : d)));
  return date.toISOString().slice(0, 10);
}

/**
 * GET /api/get-intros (the refund and cancel pages' intro picker,
 * docs/accounting.md "Intro certificates"): the club's intros with what each still holds on Intro A/P
 * (the refund cap) and whether it has expired, for admins and members who can
 * add intros (the crew page gets the intros a flight can take from
 * serve-crew). Bounded: every intro still open, whatever its age — an old
 * unused certificate is what the cancel page is for — and the closed ones
 * bought in the last CLOSED_INTRO_YEARS years.
 *
 * owedCents is the intro's own Intro A/P balance, except for an intro
 * cancelled as previously written down: the Write Down adjustment moved
 * Intro A/P as a whole without naming it, so it holds nothing any more.
 */
export async function getIntros(db: Kysely<DB>, ctx: MemberContext): Promise<IntrosResponse> {
  const today = clubToday(ctx.club.time_zone, ctx.now);
  const rows = await listIntrosWithOwed(db, ctx.club.id, yearsBefore(today, CLOSED_INTRO_YEARS));
  return {
    intros: rows.map((row) => ({
      ...introItem(row),
      owedCents: row.cancelled_at !== null && row.written_down ? 0 : row.owed_cents,
      expired: row.stale_date <= today,
    })),
    paymentMethods: ctx.club.payment_methods,
    introStalePeriod: ctx.club.intro_stale_days,
  };
}
