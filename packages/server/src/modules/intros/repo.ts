import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DB, IntroTable } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type IntroRow = Selectable<IntroTable>;

/** The club's intros, refunded and cancelled ones included, newest purchase first. */
export function listIntros(db: Db, clubId: string): Promise<IntroRow[]> {
  return db
    .selectFrom('intro')
    .selectAll()
    .where('club_id', '=', clubId)
    .orderBy('purchase_date', 'desc')
    .orderBy('purchased_at', 'desc')
    .orderBy('sn')
    .execute();
}

/** An intro of the club, row-locked: a flight, a rename or a sale decides on what it holds now. */
export function findIntroForUpdate(db: Db, clubId: string, id: string): Promise<IntroRow | undefined> {
  return db.selectFrom('intro').selectAll().where('club_id', '=', clubId).where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * The intros a flight can take: not refunded, not cancelled, not on a flight.
 * Expired ones are included (they can still be flown; the crew page warns).
 */
export function listAvailableIntros(db: Db, clubId: string): Promise<IntroRow[]> {
  return db
    .selectFrom('intro')
    .selectAll()
    .where('club_id', '=', clubId)
    .where('refunded_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('flight_ref', 'is', null)
    .orderBy('purchase_date', 'desc')
    .orderBy('purchased_at', 'desc')
    .orderBy('sn')
    .execute();
}

/** Whether the club already has this serial number, whatever its case (intro_sn_key). */
export async function serialTaken(db: Db, clubId: string, sn: string): Promise<boolean> {
  const row = await db
    .selectFrom('intro')
    .select('id')
    .where('club_id', '=', clubId)
    .where(sql<boolean>`lower(sn) = lower(${sn})`)
    .executeTakeFirst();
  return row !== undefined;
}

export function insertIntro(db: Db, values: Insertable<IntroTable>): Promise<IntroRow> {
  return db.insertInto('intro').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateIntro(db: Db, clubId: string, id: string, values: Omit<Updateable<IntroTable>, 'club_id' | 'id'>): Promise<IntroRow> {
  return db.updateTable('intro').set(values).where('club_id', '=', clubId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Unlink whatever intro names this flight (a cancelled request frees its intro). */
export async function clearIntroFlightRef(db: Db, clubId: string, flightId: string): Promise<void> {
  await db.updateTable('intro').set({ flight_ref: null }).where('club_id', '=', clubId).where('flight_ref', '=', flightId).execute();
}

export function findIntro(db: Db, clubId: string, id: string): Promise<IntroRow | undefined> {
  return db.selectFrom('intro').selectAll().where('club_id', '=', clubId).where('id', '=', id).executeTakeFirst();
}

/** A flight of the club as an intro link sees it: who flies it, who placed it, which intro it holds. */
export function findLinkedFlight(db: Db, clubId: string, flightId: string) {
  return db
    .selectFrom('flight')
    .select(['id', 'user_id', 'submitted_by', 'intro_id', 'cancelled_at'])
    .where('club_id', '=', clubId)
    .where('id', '=', flightId)
    .executeTakeFirst();
}
