import type { Kysely } from 'kysely';
import type {
  DirectoryEntry,
  PilotClub,
  PilotCreated,
  PilotListItem,
  PilotRecord,
  PilotWeight,
  SessionInfo,
} from '@flightline/domain/api/types';
import { isMembershipActive } from '@flightline/domain/time/club-time';
import type { Profile } from '@flightline/domain/schemas/members';
import { compareText } from '@flightline/domain/club/text-order';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, hasRight, type MemberContext, type UserContext } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { namedClub } from '../../http/params.ts';
import { findClub } from '../clubs/repo.ts';
import {
  ensureProfile,
  findPersonWithProfile,
  findPilot,
  listClubPilots,
  listFlaggedActiveMembers,
  pilotClubsOfUser,
  setActiveClub,
  updateUserNames,
  upsertProfile,
  type PilotRecordRow,
} from './repo.ts';
import { sessionInfo } from './session-service.ts';

/** The clubs a person belongs to or asked to join (declined requests are gone), by name. */
export async function listPilotClubs(db: Kysely<DB>, ctx: UserContext, userId: string): Promise<PilotClub[]> {
  if (userId !== ctx.user.id) throw forbidden('You can only list your own clubs');
  const rows = await pilotClubsOfUser(db, userId);
  return rows
    .map((row): PilotClub => {
      const active = isMembershipActive(
        { isActive: row.is_active, activeExpiration: row.active_expiration },
        row.time_zone,
        ctx.now,
      );
      const status = active ? 'active' : row.activated_at === null ? 'pending' : 'inactive';
      return { id: row.id, name: row.name, shortName: row.short_name, status };
    })
    .sort((a, b) => compareText(a.name, b.name) || a.id.localeCompare(b.id));
}

/** Make another club the active one: only a club where the person has a pilot row that was not declined. */
export async function switchClub(db: Kysely<DB>, ctx: UserContext, clubId: string): Promise<SessionInfo> {
  const pilot = await findPilot(db, clubId, ctx.user.id);
  const club = pilot && !pilot.declined_at ? await findClub(db, clubId) : undefined;
  if (!pilot || !club) throw forbidden('You are not a member of that club');
  await setActiveClub(db, ctx.user.id, clubId);
  const isActive = isMembershipActive(
    { isActive: pilot.is_active, activeExpiration: pilot.active_expiration },
    club.time_zone,
    ctx.now,
  );
  return sessionInfo({ user: ctx.user, club, pilot, isActive, now: ctx.now });
}

type ProfileColumns = Pick<
  Awaited<ReturnType<typeof listFlaggedActiveMembers>>[number],
  'em_contact' | 'em_phone' | 'em_relation' | 'em_note' | 'em_link' | 'share_email' | 'share_phone' | 'share_address'
>;

/** A member's emergency contact as the API answers it (no profile: empty). */
const emergencyContact = (row: ProfileColumns) => ({
  emContact: row.em_contact ?? '',
  emPhone: row.em_phone ?? '',
  emRelation: row.em_relation ?? '',
  emNote: row.em_note ?? '',
  emLink: row.em_link ?? '',
});

/** What a member shares with the other members (no profile: nothing). */
const sharing = (row: ProfileColumns) => ({
  shareEmail: row.share_email ?? false,
  sharePhone: row.share_phone ?? false,
  shareAddress: row.share_address ?? false,
});

/**
 * A pilot record: one's own (even while inactive: the spec lets an inactive
 * member see it), or any member's of the active club for an active admin.
 */
export async function getPilotRecord(
  db: Kysely<DB>,
  ctx: UserContext,
  input: { userId?: string | undefined; club?: string | null | undefined },
): Promise<PilotRecord> {
  assertSameClub(ctx, namedClub(input.club));
  const userId = input.userId ?? ctx.user.id;
  let pilot: PilotRecordRow | undefined;
  if (userId === ctx.user.id) {
    pilot = ctx.pilot ?? undefined;
  } else {
    if (!ctx.club || !hasRight(ctx, 'admin')) throw forbidden('You can only read your own pilot record');
    pilot = await findPilot(db, ctx.club.id, userId);
    if (!pilot) throw notFound('No such member at this club');
  }
  const person = await findPersonWithProfile(db, userId);
  if (!person) throw notFound('No such user');
  return {
    userID: person.id,
    club: ctx.club?.id ?? null,
    first: person.firstName,
    last: person.lastName,
    loginEmail: person.login_email,
    weight: person.weight_kg ?? 0,
    isInstructor: pilot?.is_instructor ?? false,
    isTowPilot: pilot?.is_tow_pilot ?? false,
    isAdmin: pilot?.is_admin ?? false,
    isActive: pilot?.is_active ?? false,
    activeExpiration: pilot?.active_expiration ?? null,
    groundOnly: pilot?.ground_only ?? false,
    canEditLogs: pilot?.can_edit_logs ?? false,
    canAddFunds: pilot?.can_add_funds ?? false,
    canAddIntros: pilot?.can_add_intros ?? false,
    canUpdateGliders: pilot?.can_update_gliders ?? false,
    ...emergencyContact(person),
    phone: person.phone ?? '',
    email: person.email ?? '',
    address: person.address ?? '',
    ...sharing(person),
  };
}

/**
 * The directory: the club's active members by last then first name. Email,
 * phone and address only where the member shares them, to admins, and in
 * one's own entry; emergency contacts to every active member — that is their purpose.
 */
export async function listDirectory(db: Kysely<DB>, ctx: MemberContext): Promise<DirectoryEntry[]> {
  const readerIsAdmin = hasRight(ctx, 'admin');
  const rows = await listFlaggedActiveMembers(db, ctx.club.id);
  return rows
    .filter((row) =>
      isMembershipActive(
        { isActive: row.is_active, activeExpiration: row.active_expiration },
        ctx.club.time_zone,
        ctx.now,
      ),
    )
    .map((row): DirectoryEntry => {
      const seesAll = readerIsAdmin || row.user_id === ctx.user.id;
      const shown = (shared: boolean | null, value: string) => (seesAll || shared ? value : '');
      return {
        userID: row.user_id,
        first: row.firstName,
        last: row.lastName,
        isActive: true,
        // A member who shares email but gave no contact address is reached at their login email.
        email: shown(row.share_email, row.email || row.login_email),
        phone: shown(row.share_phone, row.phone ?? ''),
        address: shown(row.share_address, row.address ?? ''),
        ...emergencyContact(row),
        ...sharing(row),
      };
    })
    .sort((a, b) => compareText(a.last, b.last) || compareText(a.first, b.first) || a.userID.localeCompare(b.userID));
}

/**
 * list-items PILOT: the club's active members with what the flight line
 * needs to place them (instructor, tow pilot, ground only), by last then
 * first name; no contact data. With includeInactive (the caller checked
 * admin) everyone ever activated, for the names on old records.
 */
export async function listLinePilots(
  db: Kysely<DB>,
  ctx: MemberContext,
  options: { includeInactive?: boolean } = {},
): Promise<PilotListItem[]> {
  const rows = await listClubPilots(db, ctx.club.id);
  return rows
    .filter((row) =>
      options.includeInactive === true
        ? row.activated_at !== null // a request never activated was never a member
        : isMembershipActive(
            { isActive: row.is_active, activeExpiration: row.active_expiration },
            ctx.club.time_zone,
            ctx.now,
          ),
    )
    .map((row) => ({
      userID: row.user_id,
      first: row.firstName,
      last: row.lastName,
      isInstructor: row.is_instructor,
      isTowPilot: row.is_tow_pilot,
      groundOnly: row.ground_only,
    }))
    .sort((a, b) => compareText(a.last, b.last) || compareText(a.first, b.first) || a.userID.localeCompare(b.userID));
}

/**
 * POST /api/pilot (after sign-up, or the New pilot form): store the caller's
 * names and give them a profile with no active club (the spec's "None").
 */
export async function createPilot(
  db: Kysely<DB>,
  ctx: UserContext,
  input: {
    first: string;
    last: string;
    pilotId?: string | undefined;
    userID?: string | undefined;
    club?: string | undefined;
  },
): Promise<PilotCreated> {
  for (const id of [input.pilotId, input.userID]) {
    if (id !== undefined && id !== ctx.user.id) throw forbidden('You can only create your own pilot record');
  }
  assertSameClub(ctx, namedClub(input.club));
  await db.transaction().execute(async (trx) => {
    await updateUserNames(trx, ctx.user.id, input.first, input.last, new Date(ctx.now));
    await ensureProfile(trx, ctx.user.id);
  });
  return { userID: ctx.user.id, first: input.first, last: input.last };
}

/** update-item PILOT, profile shape: the caller's contacts and sharing choices. */
export async function updateProfile(db: Kysely<DB>, ctx: UserContext, profile: Profile): Promise<PilotRecord> {
  await upsertProfile(db, ctx.user.id, {
    em_contact: profile.emContact,
    em_phone: profile.emPhone,
    em_relation: profile.emRelation,
    phone: profile.phone,
    email: profile.email,
    address: profile.address,
    em_note: profile.emNote,
    em_link: profile.emLink,
    share_email: profile.shareEmail,
    share_phone: profile.sharePhone,
    share_address: profile.shareAddress,
  });
  return getPilotRecord(db, ctx, {});
}

/** update-item PILOT, weight shape: the caller's weight (kg), kept across clubs. */
export async function updateWeight(db: Kysely<DB>, ctx: UserContext, weight: number): Promise<PilotWeight> {
  await upsertProfile(db, ctx.user.id, { weight_kg: weight });
  return { userID: ctx.user.id, weight };
}
