import type { Kysely, Updateable } from 'kysely';
import type { AdminPilot, UpdateItemResult } from '@flightline/domain/api/types';
import { isMembershipActive } from '@flightline/domain/time/club-time';
import type { Qualifications } from '@flightline/domain/schemas/fleet';
import { compareText } from '@flightline/domain/club/text-order';
import type { DB, PilotTable } from '../../db/schema.ts';
import { hasRight, type MemberContext } from '../../http/context.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { onlyDefined } from '../only-defined.ts';
import {
  findClubPilot,
  findPilotForUpdate,
  listClubPilots,
  setActiveClubIfNone,
  updatePilot,
  type ClubPilotRow,
} from './repo.ts';

/**
 * The Administration page's view of the club's people (docs/clubs-and-members.md
 * "Pilots (admin)"): every member, former member and pending
 * request, and an admin's changes to them — qualifications, and the answer
 * to a membership request.
 */

type PilotStatus = AdminPilot['status'];

function pilotStatus(row: ClubPilotRow, timeZone: string, now: number): PilotStatus {
  if (isMembershipActive({ isActive: row.is_active, activeExpiration: row.active_expiration }, timeZone, now))
    return 'active';
  return row.activated_at === null ? 'pending' : 'inactive';
}

/**
 * The login email as the reader may see it: admins see everyone's; anyone
 * else (a Can Add Funds holder) only what the directory shows them — their
 * own, and an active member's who shares their email — else ''.
 */
function visibleEmail(ctx: MemberContext, row: ClubPilotRow, status: PilotStatus): string {
  const shown =
    hasRight(ctx, 'admin') || row.user_id === ctx.user.id || (status === 'active' && row.share_email === true);
  return shown ? row.login_email : '';
}

function adminPilot(ctx: MemberContext, row: ClubPilotRow, status: PilotStatus): AdminPilot {
  return {
    userID: row.user_id,
    first: row.firstName,
    last: row.lastName,
    email: visibleEmail(ctx, row, status),
    isInstructor: row.is_instructor,
    isTowPilot: row.is_tow_pilot,
    isAdmin: row.is_admin,
    canAddFunds: row.can_add_funds,
    canAddIntros: row.can_add_intros,
    canUpdateGliders: row.can_update_gliders,
    canEditLogs: row.can_edit_logs,
    canEditRoster: row.can_edit_roster,
    groundOnly: row.ground_only,
    isActive: row.is_active,
    activeExpiration: row.active_expiration,
    status,
    requestedAt: row.requested_at.getTime(),
  };
}

/** Everyone of the club but declined requests, by last then first name. */
export async function listAdminPilots(db: Kysely<DB>, ctx: MemberContext): Promise<AdminPilot[]> {
  const rows = await listClubPilots(db, ctx.club.id);
  return rows
    .map((row) => adminPilot(ctx, row, pilotStatus(row, ctx.club.time_zone, ctx.now)))
    .sort((a, b) => compareText(a.last, b.last) || compareText(a.first, b.first) || a.userID.localeCompare(b.userID));
}

function requireAdmin(ctx: MemberContext): void {
  if (!hasRight(ctx, 'admin'))
    throw forbidden("Only an admin can change a member's qualifications or answer membership requests");
}

async function answer(db: Kysely<DB>, ctx: MemberContext, userId: string, message: string, status?: PilotStatus) {
  const row = await findClubPilot(db, ctx.club.id, userId);
  if (!row) throw notFound('No such member at this club');
  const item = adminPilot(ctx, row, status ?? pilotStatus(row, ctx.club.time_zone, ctx.now));
  return { statusCode: 200 as const, message, item };
}

/**
 * update-item PILOT, qualifications shape (admin): the flags and the active
 * switch with its expiry. The first activation records when it happened. An
 * admin can't take away their own admin right or their own membership, so
 * a club is never left without an admin by accident.
 */
export async function updateQualifications(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: { id: string; data: Partial<Qualifications> },
): Promise<UpdateItemResult<AdminPilot>> {
  requireAdmin(ctx);
  const { data } = input;
  const at = new Date(ctx.now);
  await db.transaction().execute(async (trx) => {
    const row = await findPilotForUpdate(trx, ctx.club.id, input.id);
    if (!row || row.declined_at !== null) throw notFound('No such member at this club');
    if (input.id === ctx.user.id) {
      if (data.isAdmin === false) throw conflict('You cannot remove your own admin rights');
      const stillActive = isMembershipActive(
        {
          isActive: data.isActive ?? row.is_active,
          activeExpiration: data.activeExpiration !== undefined ? data.activeExpiration : row.active_expiration,
        },
        ctx.club.time_zone,
        ctx.now,
      );
      if (!stillActive) throw conflict('You cannot deactivate yourself');
    }
    const firstActivation = data.isActive === true && row.activated_at === null;
    const values: Omit<Updateable<PilotTable>, 'club_id' | 'user_id'> = {
      is_instructor: data.isInstructor,
      is_tow_pilot: data.isTowPilot,
      is_admin: data.isAdmin,
      can_add_funds: data.canAddFunds,
      can_add_intros: data.canAddIntros,
      can_update_gliders: data.canUpdateGliders,
      can_edit_logs: data.canEditLogs,
      can_edit_roster: data.canEditRoster,
      ground_only: data.groundOnly,
      is_active: data.isActive,
      active_expiration: data.activeExpiration,
      ...(firstActivation ? { activated_at: at } : {}),
    };
    await updatePilot(trx, ctx.club.id, input.id, onlyDefined(values));
    if (firstActivation) await setActiveClubIfNone(trx, input.id, ctx.club.id);
  });
  return answer(db, ctx, input.id, 'Pilot updated successfully');
}

/**
 * update-item PILOT, membership decision shape (admin), on a pending request
 * only. Accept activates the member from now; decline keeps the row with
 * the time of the decision: the request leaves the lists, and the person
 * may ask again.
 */
export async function decideMembership(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: { id: string; membership: 'accept' | 'decline' },
): Promise<UpdateItemResult<AdminPilot>> {
  requireAdmin(ctx);
  const at = new Date(ctx.now);
  await db.transaction().execute(async (trx) => {
    const row = await findPilotForUpdate(trx, ctx.club.id, input.id);
    if (!row) throw notFound('No such member at this club');
    if (row.declined_at !== null) throw conflict('That membership request was already declined');
    if (row.activated_at !== null || row.is_active) {
      throw conflict('That person is already a member: change their qualifications instead');
    }
    if (input.membership === 'accept') {
      await updatePilot(trx, ctx.club.id, input.id, { is_active: true, activated_at: at });
      await setActiveClubIfNone(trx, input.id, ctx.club.id);
    } else {
      await updatePilot(trx, ctx.club.id, input.id, { declined_at: at });
    }
  });
  return input.membership === 'accept'
    ? answer(db, ctx, input.id, 'Membership accepted')
    : // A declined request is no member: answered as inactive, and gone from the lists.
      answer(db, ctx, input.id, 'Membership request declined', 'inactive');
}
