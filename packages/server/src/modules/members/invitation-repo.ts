import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

const columns = [
  'club_id',
  'id',
  'email',
  'invited_by',
  'created_at',
  'expires_at',
  'accepted_at',
  'accepted_by',
] as const;

/** The club's pending (not accepted) invitation of an email, row-locked. */
export function findPendingInvitationForUpdate(db: Db, clubId: string, email: string) {
  return db
    .selectFrom('club_invitation')
    .select(columns)
    .where('club_id', '=', clubId)
    .where('email', '=', email)
    .where('accepted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** A new pending invitation; none when one for that email appeared meanwhile (the unique index decides). */
export function insertInvitation(
  db: Db,
  values: { clubId: string; email: string; invitedBy: string; createdAt: Date; expiresAt: Date },
) {
  return db
    .insertInto('club_invitation')
    .values({
      club_id: values.clubId,
      email: values.email,
      invited_by: values.invitedBy,
      created_at: values.createdAt,
      expires_at: values.expiresAt,
    })
    .onConflict((oc) => oc.columns(['club_id', 'email']).where('accepted_at', 'is', null).doNothing())
    .returning(columns)
    .executeTakeFirst();
}

/** An expired invitation invited again: the same link works until the new date. */
export function renewInvitation(db: Db, id: string, values: { invitedBy: string; expiresAt: Date }) {
  return db
    .updateTable('club_invitation')
    .set({ invited_by: values.invitedBy, expires_at: values.expiresAt })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirstOrThrow();
}

/** An invitation by id with its club's name, row-locked: accepting it is decided on what it holds now. */
export function findInvitationForUpdate(db: Db, id: string) {
  return db
    .selectFrom('club_invitation as i')
    .innerJoin('club as c', 'c.id', 'i.club_id')
    .select([
      'i.club_id',
      'i.id',
      'i.email',
      'i.expires_at',
      'i.accepted_at',
      'i.accepted_by',
      'c.name as club_name',
      'c.time_zone',
    ])
    .where('i.id', '=', id)
    .forUpdate('i')
    .executeTakeFirst();
}

/**
 * The invitations to an email still waiting for its owner's consent (not accepted, not expired), soonest to expire
 * first; at most `limit`.
 */
export function listOpenInvitationsOfEmail(db: Db, email: string, now: Date, limit: number) {
  return db
    .selectFrom('club_invitation as i')
    .innerJoin('club as c', 'c.id', 'i.club_id')
    .innerJoin('user as u', 'u.id', 'i.invited_by')
    .select(['i.id', 'i.expires_at', 'c.name as club_name', 'u.firstName', 'u.lastName'])
    .where('i.email', '=', email)
    .where('i.accepted_at', 'is', null)
    .where('i.expires_at', '>', now)
    .orderBy('i.expires_at')
    .orderBy('i.id')
    .limit(limit)
    .execute();
}

export async function markInvitationAccepted(db: Db, id: string, userId: string, at: Date): Promise<void> {
  await db.updateTable('club_invitation').set({ accepted_at: at, accepted_by: userId }).where('id', '=', id).execute();
}

/**
 * Make a pilot row active from now (a pending request, a declined, deactivated or expired member who accepted an
 * invitation).
 */
export async function activatePilot(db: Db, clubId: string, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('pilot')
    .set({ is_active: true, activated_at: at, declined_at: null, active_expiration: null })
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .execute();
}
