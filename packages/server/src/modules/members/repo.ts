import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DB, PilotTable, ProfileTable } from '../../db/schema.ts';

/** People: their names and email (user), profiles, and each club's pilot rows — membership, rights, locks. */

type Db = Kysely<DB> | Transaction<DB>;
export type PilotRecordRow = Selectable<PilotTable>;
export type ProfileValues = Omit<Updateable<ProfileTable>, 'user_id' | 'updated_at'>;

export function findUserById(db: Db, userId: string) {
  return db
    .selectFrom('user')
    .select(['id', 'email', 'firstName', 'lastName'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Login emails are stored lower-case (better-auth and createPasswordUser both do). */
export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('user')
    .select(['id', 'email', 'firstName', 'lastName', 'emailVerified'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function updateUserNames(db: Db, userId: string, first: string, last: string, at: Date): Promise<void> {
  await db
    .updateTable('user')
    .set({ firstName: first, lastName: last, name: `${first} ${last}`, updatedAt: at })
    .where('id', '=', userId)
    .execute();
}

/** Create the profile row if missing (club None), or leave it as it is. */
export async function ensureProfile(db: Db, userId: string): Promise<void> {
  await db
    .insertInto('profile')
    .values({ user_id: userId, active_club_id: null })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Write profile fields, creating the row (with no active club) when the person has none yet. */
export async function upsertProfile(db: Db, userId: string, values: ProfileValues): Promise<void> {
  const insert: Insertable<ProfileTable> = { active_club_id: null, ...values, user_id: userId };
  await db
    .insertInto('profile')
    .values(insert)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: sql`now()` }))
    .execute();
}

/** Set the active club only when the person has none (used when an operator bootstraps a club). */
export async function setActiveClubIfNone(db: Db, userId: string, clubId: string): Promise<void> {
  await ensureProfile(db, userId);
  await db
    .updateTable('profile')
    .set({ active_club_id: clubId })
    .where('user_id', '=', userId)
    .where('active_club_id', 'is', null)
    .execute();
}

/** A person's pilot row at a club, all of it. */
const pilotQuery = (db: Db, clubId: string, userId: string) =>
  db.selectFrom('pilot').selectAll().where('club_id', '=', clubId).where('user_id', '=', userId);

export function findPilot(db: Db, clubId: string, userId: string): Promise<PilotRecordRow | undefined> {
  return pilotQuery(db, clubId, userId).executeTakeFirst();
}

/** Row-locked, for a change decided on what the row holds now. */
export function findPilotForUpdate(db: Db, clubId: string, userId: string): Promise<PilotRecordRow | undefined> {
  return pilotQuery(db, clubId, userId).forUpdate().executeTakeFirst();
}

/** The clubs where a person has a pilot row that was not declined, with what decides its status. */
export function pilotClubsOfUser(db: Db, userId: string) {
  return db
    .selectFrom('pilot')
    .innerJoin('club', 'club.id', 'pilot.club_id')
    .select([
      'club.id',
      'club.name',
      'club.short_name',
      'club.time_zone',
      'pilot.is_active',
      'pilot.active_expiration',
      'pilot.activated_at',
    ])
    .where('pilot.user_id', '=', userId)
    .where('pilot.declined_at', 'is', null)
    .execute();
}

/** A new, inactive pilot row: a membership request. Answers false when a row already exists. */
export async function insertMembershipRequest(db: Db, clubId: string, userId: string, at: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('pilot')
    .values({ club_id: clubId, user_id: userId, is_active: false, requested_at: at })
    .onConflict((oc) => oc.columns(['club_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function reopenMembershipRequest(db: Db, clubId: string, userId: string, at: Date): Promise<void> {
  await db
    .updateTable('pilot')
    // A reopened request is a fresh request: pending until an admin activates it.
    .set({ declined_at: null, requested_at: at, is_active: false, activated_at: null })
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .execute();
}

export async function insertPilot(db: Db, values: Insertable<PilotTable>): Promise<void> {
  await db.insertInto('pilot').values(values).execute();
}

export async function updatePilot(
  db: Db,
  clubId: string,
  userId: string,
  values: Omit<Updateable<PilotTable>, 'club_id' | 'user_id'>,
): Promise<void> {
  await db.updateTable('pilot').set(values).where('club_id', '=', clubId).where('user_id', '=', userId).execute();
}

export async function setActiveClub(db: Db, userId: string, clubId: string): Promise<void> {
  await db
    .insertInto('profile')
    .values({ user_id: userId, active_club_id: clubId })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ active_club_id: clubId, updated_at: sql`now()` }))
    .execute();
}

/** Pilot rows with their user and, where there is one, their profile. */
const pilotsWithPeople = (db: Db) =>
  db
    .selectFrom('pilot')
    .innerJoin('user', 'user.id', 'pilot.user_id')
    .leftJoin('profile', 'profile.user_id', 'pilot.user_id');

/** How to reach a member and whom to call in an emergency, with what they share with other members. */
const PROFILE_CONTACT_COLUMNS = [
  'profile.phone',
  'profile.email',
  'profile.address',
  'profile.em_contact',
  'profile.em_phone',
  'profile.em_relation',
  'profile.em_note',
  'profile.em_link',
  'profile.share_email',
  'profile.share_phone',
  'profile.share_address',
] as const;

/** A person's names, login email and profile (missing profile → nulls). */
export function findPersonWithProfile(db: Db, userId: string) {
  return db
    .selectFrom('user')
    .leftJoin('profile', 'profile.user_id', 'user.id')
    .select([
      'user.id',
      'user.email as login_email',
      'user.firstName',
      'user.lastName',
      'profile.weight_kg',
      ...PROFILE_CONTACT_COLUMNS,
    ])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}

/**
 * The club's members whose flag says active (expiry is checked by the
 * service in the club's zone), with names and profile.
 */
export function listFlaggedActiveMembers(db: Db, clubId: string) {
  return pilotsWithPeople(db)
    .select([
      'pilot.user_id',
      'pilot.is_active',
      'pilot.active_expiration',
      'user.email as login_email',
      'user.firstName',
      'user.lastName',
      ...PROFILE_CONTACT_COLUMNS,
    ])
    .where('pilot.club_id', '=', clubId)
    .where('pilot.is_active', '=', true)
    .execute();
}

/**
 * The club's pilot rows that were not declined (members, former members and
 * pending requests) with names, login email and whether they share their
 * email; the service decides status (expiry is in the club's zone).
 */
export function listClubPilots(db: Db, clubId: string) {
  return clubPilotsQuery(db, clubId).execute();
}

/** One pilot row of the club with names and login email, declined or not. */
export function findClubPilot(db: Db, clubId: string, userId: string) {
  return clubPilotsQuery(db, clubId, { includeDeclined: true }).where('pilot.user_id', '=', userId).executeTakeFirst();
}

export type ClubPilotRow = NonNullable<Awaited<ReturnType<typeof findClubPilot>>>;

function clubPilotsQuery(db: Db, clubId: string, options: { includeDeclined: boolean } = { includeDeclined: false }) {
  let query = pilotsWithPeople(db)
    .selectAll('pilot')
    .select(['user.firstName', 'user.lastName', 'user.email as login_email', 'profile.share_email'])
    .where('pilot.club_id', '=', clubId);
  if (!options.includeDeclined) query = query.where('pilot.declined_at', 'is', null);
  return query;
}

/** First and last names by user id (billing names the payers of a shared flight). */
export async function memberNames(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { first: string; last: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('user').select(['id', 'firstName', 'lastName']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, { first: row.firstName, last: row.lastName }]));
}

/** Pilot rows with what the crew page shows and checks of each: standing, qualifications, names and weight. */
function crewPilots(db: Db) {
  return pilotsWithPeople(db).select([
    'pilot.user_id',
    'pilot.is_active',
    'pilot.active_expiration',
    'pilot.is_instructor',
    'pilot.is_tow_pilot',
    'pilot.ground_only',
    'user.firstName',
    'user.lastName',
    'profile.weight_kg',
  ]);
}

/**
 * The club's pilot rows whose flag says active, with names and weight; the
 * service checks expiry in the club's zone.
 */
export function listFlaggedActivePilots(db: Db, clubId: string) {
  return flaggedActivePilotsQuery(db, clubId).execute();
}

/** The query behind listFlaggedActivePilots, also part of the line's one statement (flights/repo.ts readLine). */
export function flaggedActivePilotsQuery(db: Db, clubId: string) {
  return crewPilots(db)
    .where('pilot.club_id', '=', clubId)
    .where('pilot.is_active', '=', true)
    .where('pilot.declined_at', 'is', null);
}

export type CrewPilotRow = Awaited<ReturnType<typeof listFlaggedActivePilots>>[number];

/** One member of the club with names and weight (active or not: the service decides). */
export function findClubMember(db: Db, clubId: string, userId: string) {
  return crewPilots(db)
    .select('pilot.declined_at')
    .where('pilot.club_id', '=', clubId)
    .where('pilot.user_id', '=', userId)
    .executeTakeFirst();
}

export async function personName(db: Db, userId: string): Promise<string> {
  const row = await db.selectFrom('user').select(['firstName', 'lastName']).where('id', '=', userId).executeTakeFirst();
  return row ? `${row.firstName} ${row.lastName}`.trim() : '';
}

/** The club's pilot records flagged tow pilot and active (expiry is checked by the service), with names. */
export function listTowPilotRows(db: Db, clubId: string) {
  return db
    .selectFrom('pilot')
    .innerJoin('user', 'user.id', 'pilot.user_id')
    .select(['pilot.user_id', 'pilot.is_active', 'pilot.active_expiration', 'user.firstName', 'user.lastName'])
    .where('pilot.club_id', '=', clubId)
    .where('pilot.is_tow_pilot', '=', true)
    .where('pilot.is_active', '=', true)
    .execute();
}

/** One member's pilot record at the club, with names. */
export function findPilotWithName(db: Db, clubId: string, userId: string) {
  return db
    .selectFrom('pilot')
    .innerJoin('user', 'user.id', 'pilot.user_id')
    .select([
      'pilot.user_id',
      'pilot.is_tow_pilot',
      'pilot.is_active',
      'pilot.active_expiration',
      'user.firstName',
      'user.lastName',
    ])
    .where('pilot.club_id', '=', clubId)
    .where('pilot.user_id', '=', userId)
    .executeTakeFirst();
}

/** Every pilot row of every club, with what decides its status: for the operator's club list. */
export function membershipStates(db: Db) {
  return db
    .selectFrom('pilot')
    .select(['club_id', 'is_active', 'active_expiration', 'activated_at', 'declined_at'])
    .execute();
}

/** The member's pilot row in the club, locked: entries for one member are posted one at a time. */
export async function lockMember(trx: Transaction<DB>, clubId: string, userId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('pilot')
    .select('user_id')
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}
