import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
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
