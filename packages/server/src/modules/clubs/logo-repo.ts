import type { Insertable, Kysely, Transaction } from 'kysely';
import type { ClubLogoTable, DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** One uploaded image of a club, by its SHA-256. */
export function findClubLogo(db: Db, clubId: string, sha256: string) {
  return db
    .selectFrom('club_logo')
    .select(['content_type', 'bytes'])
    .where('club_id', '=', clubId)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

export async function clubLogoExists(db: Db, clubId: string, sha256: string): Promise<boolean> {
  const row = await db
    .selectFrom('club_logo')
    .select('sha256')
    .where('club_id', '=', clubId)
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  return row !== undefined;
}

/** Store an upload; the same image again is already there. */
export async function insertClubLogo(db: Db, values: Insertable<ClubLogoTable>): Promise<void> {
  await db
    .insertInto('club_logo')
    .values(values)
    .onConflict((oc) => oc.columns(['club_id', 'sha256']).doNothing())
    .execute();
}

/** Delete the club's uploads but the ones named in `keep`. */
export async function deleteClubLogosExcept(db: Db, clubId: string, keep: string[]): Promise<void> {
  let query = db.deleteFrom('club_logo').where('club_id', '=', clubId);
  if (keep.length > 0) query = query.where('sha256', 'not in', keep);
  await query.execute();
}
