import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, DutyRoleTable, RosterSettingTable } from '../../db/schema.ts';

/** The roster's settings, roles, who may take them and members' availability (docs/duty-roster.md). */

type Db = Kysely<DB> | Transaction<DB>;

export type RosterSettingRow = Selectable<RosterSettingTable>;
export type DutyRoleRow = Selectable<DutyRoleTable>;

/** The club's settings; null: the defaults (no row yet). */
export function findRosterSetting(db: Db, clubId: string): Promise<RosterSettingRow | undefined> {
  return db.selectFrom('roster_setting').selectAll().where('club_id', '=', clubId).executeTakeFirst();
}

/**
 * The club's settings row, locked for update: every write to the roster
 * takes it first, so one club's roster writes (generate, edit, publish, a
 * swap, a volunteer) run one after the other. Made with the defaults when
 * missing.
 */
export async function lockRoster(trx: Transaction<DB>, clubId: string): Promise<RosterSettingRow> {
  await trx
    .insertInto('roster_setting')
    .values({ club_id: clubId })
    .onConflict((oc) => oc.column('club_id').doNothing())
    .execute();
  return trx
    .selectFrom('roster_setting')
    .selectAll()
    .where('club_id', '=', clubId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function updateRosterSetting(
  trx: Transaction<DB>,
  clubId: string,
  values: Pick<RosterSettingRow, 'flying_weekdays' | 'swap_warning_days' | 'surge_threshold'>,
): Promise<RosterSettingRow> {
  return trx
    .updateTable('roster_setting')
    .set(values)
    .where('club_id', '=', clubId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function listDutyRoles(db: Db, clubId: string): Promise<DutyRoleRow[]> {
  return db.selectFrom('duty_role').selectAll().where('club_id', '=', clubId).execute();
}

export function findDutyRole(db: Db, clubId: string, roleId: string): Promise<DutyRoleRow | undefined> {
  return db
    .selectFrom('duty_role')
    .selectAll()
    .where('club_id', '=', clubId)
    .where('id', '=', roleId)
    .executeTakeFirst();
}

/** A role of any club by id: a new role's id must not be another club's. */
export function findDutyRoleAnyClub(db: Db, roleId: string): Promise<Pick<DutyRoleRow, 'club_id'> | undefined> {
  return db.selectFrom('duty_role').select('club_id').where('id', '=', roleId).executeTakeFirst();
}

export function findDutyRoleByName(db: Db, clubId: string, name: string): Promise<DutyRoleRow | undefined> {
  return db
    .selectFrom('duty_role')
    .selectAll()
    .where('club_id', '=', clubId)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

export function insertDutyRole(
  db: Db,
  values: { club_id: string; id: string; name: string; active: boolean },
): Promise<DutyRoleRow> {
  return db
    .insertInto('duty_role')
    .values({ ...values, kind: 'custom' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateDutyRole(
  db: Db,
  clubId: string,
  roleId: string,
  values: { name: string; active: boolean },
): Promise<DutyRoleRow> {
  return db
    .updateTable('duty_role')
    .set(values)
    .where('club_id', '=', clubId)
    .where('id', '=', roleId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The admins' choices of who may take which role. */
export function listEligibility(db: Db, clubId: string) {
  return db
    .selectFrom('duty_eligibility')
    .select(['role_id', 'user_id', 'eligible'])
    .where('club_id', '=', clubId)
    .execute();
}

export async function setEligibility(
  db: Db,
  values: { club_id: string; role_id: string; user_id: string; eligible: boolean; set_by: string; set_at: Date },
) {
  await db
    .insertInto('duty_eligibility')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['role_id', 'user_id'])
        .doUpdateSet({ eligible: values.eligible, set_by: values.set_by, set_at: values.set_at }),
    )
    .execute();
}

/** Blackouts of the club from `from` to `to` (both included), or of one member. */
export function listBlackouts(db: Db, clubId: string, from: string, to: string, userId?: string) {
  let query = db
    .selectFrom('duty_blackout')
    .select(['user_id', 'day'])
    .where('club_id', '=', clubId)
    .where('day', '>=', from)
    .where('day', '<=', to);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.orderBy('day').execute();
}

export async function isBlackedOut(db: Db, clubId: string, userId: string, day: string): Promise<boolean> {
  const row = await db
    .selectFrom('duty_blackout')
    .select('day')
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row !== undefined;
}

export async function addBlackouts(db: Db, clubId: string, userId: string, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  await db
    .insertInto('duty_blackout')
    .values(days.map((day) => ({ club_id: clubId, user_id: userId, day })))
    .onConflict((oc) => oc.columns(['club_id', 'user_id', 'day']).doNothing())
    .execute();
}

export async function removeBlackouts(db: Db, clubId: string, userId: string, days: readonly string[]): Promise<void> {
  if (days.length === 0) return;
  await db
    .deleteFrom('duty_blackout')
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .where('day', 'in', days)
    .execute();
}

/** Members' duties-a-month limits (no row: no limit). */
export function listPreferences(db: Db, clubId: string, userId?: string) {
  let query = db.selectFrom('duty_preference').select(['user_id', 'max_per_month']).where('club_id', '=', clubId);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.execute();
}

export async function setPreference(db: Db, clubId: string, userId: string, maxPerMonth: number | null): Promise<void> {
  await db
    .insertInto('duty_preference')
    .values({ club_id: clubId, user_id: userId, max_per_month: maxPerMonth })
    .onConflict((oc) => oc.columns(['club_id', 'user_id']).doUpdateSet({ max_per_month: maxPerMonth }))
    .execute();
}
