import type { Kysely } from 'kysely';
import type { ServeAdmin } from '@flightline/domain/api/types';
import type { DB } from '../../db/schema.ts';
import { hasRight, type MemberContext, type Right } from '../../http/context.ts';
import { listBlockRuleItems } from '../fleet/block-rule-service.ts';
import { listGliderItems } from '../fleet/glider-service.ts';
import { listIntroLaunchItems } from '../fleet/intro-launch-service.ts';
import { listLaunchItems } from '../fleet/launch-service.ts';
import { listTugItems } from '../fleet/tug-service.ts';
import { listIntroItems } from '../intros/service.ts';
import { listAdminPilots } from '../members/admin-service.ts';

/**
 * GET /api/serve-admin: what each section of the Administration page needs
 * (docs/clubs-and-members.md "Club setup"). Each list only for the rights its section
 * needs (admin implies all), else empty:
 * - gliders: Can Update Gliders;
 * - tugs, launch types: admin;
 * - intro launches and intros: Can Add Intros (intro management);
 * - block rules and pilots: Can Add Funds (user administration sells blocks).
 * Inactive intro launches and block rules only for admins, who re-activate
 * them; the others only sell what is active. A caller with none of these
 * rights is refused before this (the call declares them).
 */
export async function serveAdmin(db: Kysely<DB>, ctx: MemberContext): Promise<ServeAdmin> {
  const can = (right: Right) => hasRight(ctx, right);
  const admin = can('admin');
  const club = ctx.club;
  // One after another: PGlite serves one query at a time anyway, and the lists are small.
  return {
    gliders: can('canUpdateGliders') ? await listGliderItems(db, club.id) : [],
    tugs: admin ? await listTugItems(db, club.id) : [],
    launches: admin ? await listLaunchItems(db, club.id, { includeInactive: true }) : [],
    introLaunches: can('canAddIntros') ? await listIntroLaunchItems(db, club.id, { includeInactive: admin }) : [],
    blocks: can('canAddFunds') ? await listBlockRuleItems(db, club.id, { includeInactive: admin }) : [],
    pilots: can('canAddFunds') ? await listAdminPilots(db, ctx) : [],
    intros: can('canAddIntros') ? await listIntroItems(db, club.id) : [],
    paymentMethods: club.payment_methods,
    heightUnit: club.height_unit,
    taxRates: club.tax_rates,
    membershipYearEnd: club.membership_year_end,
  };
}
