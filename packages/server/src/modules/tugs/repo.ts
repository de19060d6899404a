import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, TowEventTable } from '../../db/schema.ts';
import { tugsOfClubQuery } from '../fleet/repo.ts';

/** The tugs' log (tow_event, append-only: nothing here updates or deletes). */

type Db = Kysely<DB> | Transaction<DB>;

export type TowEventRow = Selectable<TowEventTable>;

/**
 * Every tug of the club with its last readings, in one statement: each
 * "last" is the newest event of its kind found by walking the
 * (club_id, tug, id) index backwards, so the cost follows the number of tugs,
 * not the length of the log. Readings only grow (a lower Hobbs is refused),
 * so the newest event holds the highest reading.
 */
export function listTugReadings(db: Db, clubId: string) {
  return tugReadingsQuery(db, clubId).execute();
}

export type TugReadingRow = Awaited<ReturnType<typeof listTugReadings>>[number];

/**
 * Every tug with its last Hobbs, oil and fuel readings and its current shift (listTugReadings; also part of the
 * line's one statement).
 */
export function tugReadingsQuery(db: Db, clubId: string) {
  return tugsOfClubQuery(db, clubId)
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('tow_event as e')
          .select(['e.hobbs_hundredths', 'e.kind', 'e.pilot'])
          .whereRef('e.club_id', '=', 't.club_id')
          .whereRef('e.tug', '=', 't.id')
          .where('e.kind', 'in', ['checkIn', 'checkOut'])
          .orderBy('e.id', 'desc')
          .limit(1)
          .as('shift'),
      (join) => join.onTrue(),
    )
    .leftJoin('user as u', (join) => join.onRef('u.id', '=', 'shift.pilot').on('shift.kind', '=', 'checkIn'))
    .select((eb) => {
      const latest = (kind?: 'oil' | 'refuel') => {
        let query = eb
          .selectFrom('tow_event as e')
          .select('e.hobbs_hundredths')
          .whereRef('e.club_id', '=', 't.club_id')
          .whereRef('e.tug', '=', 't.id');
        if (kind) query = query.where('e.kind', '=', kind);
        return query.orderBy('e.id', 'desc').limit(1);
      };
      return [
        't.id',
        't.aircraft_type',
        't.status',
        latest().as('last_hobbs'),
        latest('oil').as('last_oil_hobbs'),
        latest('refuel').as('last_fuel_hobbs'),
        'shift.hobbs_hundredths as last_pilot_hobbs',
        'shift.kind as shift_kind',
        'shift.pilot as shift_pilot',
        'u.firstName as pilot_first',
        'u.lastName as pilot_last',
      ];
    });
}

/** The tug's newest event, and its newest check in or check out. */
export async function lastEvents(db: Db, clubId: string, tug: string) {
  const base = db
    .selectFrom('tow_event')
    .selectAll()
    .where('club_id', '=', clubId)
    .where('tug', '=', tug)
    .orderBy('id', 'desc')
    .limit(1);
  const [last, shift] = await Promise.all([
    base.executeTakeFirst(),
    base.where('kind', 'in', ['checkIn', 'checkOut']).executeTakeFirst(),
  ]);
  return { last, shift };
}

/** The pilot of the tug's last check in before event `beforeId`: whose shift a check out ended. */
export async function lastCheckInBefore(db: Db, clubId: string, tug: string, beforeId: number): Promise<string | null> {
  const row = await db
    .selectFrom('tow_event')
    .select('pilot')
    .where('club_id', '=', clubId)
    .where('tug', '=', tug)
    .where('kind', '=', 'checkIn')
    .where('id', '<', beforeId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.pilot ?? null;
}

export function findEventByKey(db: Db, clubId: string, idempotencyKey: string): Promise<TowEventRow | undefined> {
  return db
    .selectFrom('tow_event')
    .selectAll()
    .where('club_id', '=', clubId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export function insertTowEvent(db: Db, values: Insertable<TowEventTable>): Promise<TowEventRow> {
  return db.insertInto('tow_event').values(values).returningAll().executeTakeFirstOrThrow();
}
