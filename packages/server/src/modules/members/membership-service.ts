import type { Kysely } from 'kysely';
import type { PilotClub } from '@flightline/domain/api/types';
import type { DB } from '../../db/schema.ts';
import type { UserContext } from '../../http/context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { findClub } from '../clubs/repo.ts';
import { findPilotForUpdate, insertMembershipRequest, reopenMembershipRequest } from './repo.ts';

export interface MembershipRequest {
  clubId: string;
  pilotId: string;
  first: string;
  last: string;
  createdAt: number;
}

/**
 * A membership request at another club (update-item PILOT): an inactive
 * pilot row for an admin to activate. A declined request may be made again;
 * a pending one or an existing membership may not. The request's names are
 * the account's (set at sign-up and by POST /api/pilot), so `first`/`last`
 * are not stored again here.
 */
export async function requestMembership(
  db: Kysely<DB>,
  ctx: UserContext,
  input: { id: string; club: string | undefined; data: MembershipRequest },
): Promise<{ message: string; club: PilotClub }> {
  const { data } = input;
  if (data.pilotId !== ctx.user.id || input.id !== ctx.user.id) {
    throw forbidden('You can only request membership for yourself');
  }
  // Here `club` names the club asked to join, not the active club.
  if (input.club !== undefined && input.club !== data.clubId) {
    throw badRequest('club and data.clubId name different clubs: send the club you are asking to join in both');
  }
  const at = new Date(ctx.now);
  return db.transaction().execute(async (trx) => {
    const club = await findClub(trx, data.clubId);
    if (!club) throw notFound('No such club');
    const existing = await findPilotForUpdate(trx, club.id, ctx.user.id);
    if (!existing) {
      const inserted = await insertMembershipRequest(trx, club.id, ctx.user.id, at);
      // A concurrent request inserted it first.
      if (!inserted) throw conflict('Your membership request at that club is pending');
    } else if (existing.declined_at !== null) {
      await reopenMembershipRequest(trx, club.id, ctx.user.id, at);
    } else if (existing.activated_at !== null || existing.is_active) {
      throw conflict('You are already a member of that club');
    } else {
      throw conflict('Your membership request at that club is pending');
    }
    return {
      message: `Membership requested at ${club.name}. A club admin must activate your account.`,
      club: { id: club.id, name: club.name, shortName: club.short_name, status: 'pending' },
    };
  });
}
