import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { ClubTable, DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type ClubRecord = Selectable<ClubTable>;

export function listClubs(db: Db) {
  return db.selectFrom('club').select(['id', 'name', 'short_name', 'time_zone', 'currency']).execute();
}

export function findClub(db: Db, clubId: string): Promise<ClubRecord | undefined> {
  return db.selectFrom('club').selectAll().where('id', '=', clubId).executeTakeFirst();
}

/** Club names are unique regardless of case (club_name_key). */
export function findClubByName(db: Db, name: string): Promise<ClubRecord | undefined> {
  return db
    .selectFrom('club')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

/**
 * The club's row, share-locked for the rest of the transaction: an item save
 * reads the tax names and height unit it checks against, and a settings
 * change (which takes the row lock) waits for it, or it for the change.
 */
export function lockClubForShare(db: Db, clubId: string): Promise<ClubRecord> {
  return db.selectFrom('club').selectAll().where('id', '=', clubId).forShare().executeTakeFirstOrThrow();
}

/** The club's row, locked for a settings change. */
export function lockClubForUpdate(db: Db, clubId: string): Promise<ClubRecord> {
  return db.selectFrom('club').selectAll().where('id', '=', clubId).forUpdate().executeTakeFirstOrThrow();
}

export function updateClub(
  db: Db,
  clubId: string,
  values: Omit<Updateable<ClubTable>, 'id' | 'created_at'>,
): Promise<ClubRecord> {
  return db.updateTable('club').set(values).where('id', '=', clubId).returningAll().executeTakeFirstOrThrow();
}

export async function activeLaunchTypeIds(db: Db, clubId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('launch_type')
    .select('id')
    .where('club_id', '=', clubId)
    .where('is_active', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export async function insertClub(db: Db, values: Insertable<ClubTable>): Promise<ClubRecord> {
  return db.insertInto('club').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Every pilot row of every club, with what decides its status: for the operator's club list. */
export function membershipStates(db: Db) {
  return db
    .selectFrom('pilot')
    .select(['club_id', 'is_active', 'active_expiration', 'activated_at', 'declined_at'])
    .execute();
}
