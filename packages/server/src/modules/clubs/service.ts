import type { Kysely } from 'kysely';
import type { ClubInfo, ClubSummary } from '@flightline/domain/api/types';
import { compareText } from '@flightline/domain/club/text-order';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import type { ClubFleet } from './club-fleet.ts';
import { sanitizeClubMessage } from './club-message.ts';
import { listClubs } from './repo.ts';

/** Every club, by name: the choices for a membership request. */
export async function listClubSummaries(db: Kysely<DB>): Promise<ClubSummary[]> {
  const rows = await listClubs(db);
  return rows
    .map((row) => ({ id: row.id, name: row.name, shortName: row.short_name }))
    .sort((a, b) => compareText(a.name, b.name) || a.id.localeCompare(b.id));
}

/** The active club's settings as members see them; the message is sanitised rich text. */
export async function getClubInfo(
  db: Kysely<DB>,
  ctx: MemberContext,
  fleet: Pick<ClubFleet, 'activeLaunchTypeIds'>,
): Promise<ClubInfo> {
  const club = ctx.club;
  return {
    id: club.id,
    name: club.name,
    shortName: club.short_name,
    clubLink: club.link,
    clubLogo: club.logo,
    message: sanitizeClubMessage(club.message, club),
    timeZone: club.time_zone,
    currency: club.currency,
    heightUnit: club.height_unit,
    transactionLockDate: club.lock_date,
    introStalePeriod: club.intro_stale_days,
    taxRates: club.tax_rates,
    membershipYearEnd: club.membership_year_end,
    feeList: club.fee_list,
    units: { launch: await fleet.activeLaunchTypeIds(db, club.id) },
    warningLevelCents: club.warning_level_cents,
    minimumLevelCents: club.minimum_level_cents,
    paymentMethods: club.payment_methods,
    lateEntryMinutes: club.late_entry_minutes,
  };
}

export function getPaymentMethods(ctx: MemberContext): { paymentMethods: string[] } {
  return { paymentMethods: ctx.club.payment_methods };
}
