import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DB, IntroTable } from '../../db/schema.ts';
import { introHoldingsQuery } from '../ledger/intro-ap-repo.ts';

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
  return db
    .selectFrom('intro')
    .selectAll()
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
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

export function updateIntro(
  db: Db,
  clubId: string,
  id: string,
  values: Omit<Updateable<IntroTable>, 'club_id' | 'id'>,
): Promise<IntroRow> {
  return db
    .updateTable('intro')
    .set(values)
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Unlink whatever intro names this flight (a cancelled request frees its intro). */
export async function clearIntroFlightRef(db: Db, clubId: string, flightId: string): Promise<void> {
  await db
    .updateTable('intro')
    .set({ flight_ref: null })
    .where('club_id', '=', clubId)
    .where('flight_ref', '=', flightId)
    .execute();
}

export function findIntro(db: Db, clubId: string, id: string): Promise<IntroRow | undefined> {
  return db.selectFrom('intro').selectAll().where('club_id', '=', clubId).where('id', '=', id).executeTakeFirst();
}

/**
 * What each intro still holds on Intro A/P: −(sum of its 2120 postings), as
 * one grouped sum joined to the intros (no query per intro). The listing
 * holds every intro still open (not refunded, cancelled or on a flight),
 * whatever its age, and every other one bought on or after `closedSince`.
 */
export function listIntrosWithOwed(db: Db, clubId: string, closedSince: string) {
  const held = introHoldingsQuery(db, clubId).as('held');
  return db
    .selectFrom('intro')
    .leftJoin(held, (join) => join.on(sql<boolean>`held.intro_id = intro.id::text`))
    .selectAll('intro')
    .select(sql<number>`coalesce(held.owed_cents, 0)::bigint`.as('owed_cents'))
    .where('intro.club_id', '=', clubId)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('intro.refunded_at', 'is', null),
          eb('intro.cancelled_at', 'is', null),
          eb('intro.flight_ref', 'is', null),
        ]),
        eb('intro.purchase_date', '>=', closedSince),
      ]),
    )
    .orderBy('intro.purchase_date', 'desc')
    .orderBy('intro.purchased_at', 'desc')
    .orderBy('intro.sn')
    .execute();
}

/** The intros with these ids (the logs' edit form names the intros on its flights). */
export function listIntrosByIds(db: Db, clubId: string, ids: readonly string[]): Promise<IntroRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('intro').selectAll().where('club_id', '=', clubId).where('id', 'in', ids).execute();
}

/** The intro a flight redeems, row-locked: its refund or cancellation waits for the flight's entry. */
export function lockIntroForFlight(trx: Transaction<DB>, clubId: string, id: string) {
  return trx
    .selectFrom('intro')
    .select(['id', 'sn', 'recipient_first', 'recipient_last', 'price_cents', 'tax_status', 'tax_names'])
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}
