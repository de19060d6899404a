import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { OGN_KEY_PREFIX } from '@flightline/domain/ogn/settings';
import type { DB, FlightActionTable, FlightTable } from '../../db/schema.ts';
import type { FlightMoney } from '../billing/flight-billing.ts';
import { flaggedActivePilotsQuery, type CrewPilotRow } from '../members/repo.ts';
import { tugReadingsQuery, type TugReadingRow } from '../tugs/repo.ts';

/** Flights, their line actions and corrections, and what the crew page reads about pilots and gliders. */

type Db = Kysely<DB> | Transaction<DB>;

export type FlightStateRow = Selectable<FlightTable>;

export interface CorrectionJson {
  by: string | null;
  byName: string;
  submittedAt: number;
  changes: Record<string, [unknown, unknown]>;
}

/** A line action entered late (0021), with the sender's name. */
export interface LateEntryJson {
  action: string;
  by: string | null;
  byName: string;
  happenedAt: number;
  receivedAt: number;
}

/** A flight with its log corrections and late entries, oldest first: what a FlightRecord is made from. */
export type FlightRow = FlightStateRow & {
  corrections: CorrectionJson[];
  late_entries: LateEntryJson[];
  from_ogn?: { action: string; happenedAt: number }[];
};

/**
 * The corrections of each listed flight as one JSON array in the same row, so
 * a list of flights is one query (the line page polls it every 10 seconds).
 */
const corrections = sql<CorrectionJson[]>`coalesce((
  select jsonb_agg(jsonb_build_object(
           'by', c.by,
           'byName', coalesce(u."firstName" || ' ' || u."lastName", ''),
           'submittedAt', (extract(epoch from c.submitted_at) * 1000)::bigint,
           'changes', c.changes) order by c.id)
    from flight_correction c left join "user" u on u.id = c.by
   where c.club_id = flight.club_id and c.flight_id = flight.id), '[]'::jsonb)`.as('corrections');

/** Its line actions entered late, in the same row (flight_action's (club_id, flight_id, id) index finds them). */
const lateEntries = sql<LateEntryJson[]>`coalesce((
  select jsonb_agg(jsonb_build_object(
           'action', a.action,
           'by', a.by,
           'byName', coalesce(u."firstName" || ' ' || u."lastName", ''),
           'happenedAt', (extract(epoch from a.happened_at) * 1000)::bigint,
           'receivedAt', (extract(epoch from a.entered_at) * 1000)::bigint) order by a.id)
    from flight_action a left join "user" u on u.id = a.by
   where a.club_id = flight.club_id and a.flight_id = flight.id and a.entered_late), '[]'::jsonb)`.as('late_entries');

/**
 * Its line actions recorded from the OGN feed, by the feed or a crew's accepted suggestion (their keys say so), in
 * the same row.
 */
const fromOgn = sql<{ action: string; happenedAt: number }[]>`coalesce((
  select jsonb_agg(jsonb_build_object('action', a.action, 'happenedAt', (extract(epoch from a.happened_at) *
  1000)::bigint) order by a.id)
    from flight_action a
   where a.club_id = flight.club_id and a.flight_id = flight.id and a.idempotency_key like
   ${`${OGN_KEY_PREFIX}%`}), '[]'::jsonb)`.as('from_ogn');

function flights(db: Db, clubId: string) {
  return db
    .selectFrom('flight')
    .selectAll('flight')
    .select(corrections)
    .select(lateEntries)
    .select(fromOgn)
    .where('flight.club_id', '=', clubId);
}

/** The queue's order: a request entered late stands where it arrived, not where its tap time would put it (0021). */
const queuedAt = sql<Date>`coalesce(flight.entered_late_at, flight.submitted_at)`;

export function findFlight(db: Db, clubId: string, id: string): Promise<FlightRow | undefined> {
  return flights(db, clubId).where('flight.id', '=', id).executeTakeFirst();
}

/** Any club's flight with this id: a phone's flight id must not collide with someone else's. */
export function findFlightOwner(db: Db, id: string) {
  return db.selectFrom('flight').select(['club_id', 'submitted_by', 'user_id']).where('id', '=', id).executeTakeFirst();
}

/** The flight row, locked for the rest of the transaction: line actions on one flight happen one at a time. */
export function lockFlight(trx: Transaction<DB>, clubId: string, id: string): Promise<FlightStateRow | undefined> {
  return trx
    .selectFrom('flight')
    .selectAll()
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertFlight(trx: Transaction<DB>, values: Insertable<FlightTable>): Promise<void> {
  await trx.insertInto('flight').values(values).execute();
}

/**
 * Set a locked flight's state columns; answers the row as it now stands, which
 * the caller hands to billing (billing/flight-billing.ts) instead of billing
 * reading it again.
 */
export function updateFlightState(
  trx: Transaction<DB>,
  clubId: string,
  id: string,
  values: Omit<Updateable<FlightTable>, 'club_id' | 'id' | 'day' | 'created_at'>,
): Promise<FlightStateRow> {
  return trx
    .updateTable('flight')
    .set(values)
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Keep on a flight what billing answered of its charges (billing/flight-billing.ts FlightMoney: its current
 * launch and landing entries, and what they charged members); null, as billing answered it, changes nothing.
 */
export async function setFlightMoney(
  trx: Transaction<DB>,
  clubId: string,
  id: string,
  values: FlightMoney | null,
): Promise<void> {
  if (values === null) return;
  await trx.updateTable('flight').set(values).where('club_id', '=', clubId).where('id', '=', id).execute();
}

function flightsOfDayQuery(db: Db, clubId: string, day: string, options: { includeCancelled: boolean }) {
  let query = flights(db, clubId).where('flight.day', '=', day);
  if (!options.includeCancelled) query = query.where('flight.cancelled_at', 'is', null);
  return query.orderBy(queuedAt).orderBy('flight.id');
}

/** A day's flights in queue order (submission, or a late request's arrival); cancelled ones only when asked. */
export function listFlightsOfDay(
  db: Db,
  clubId: string,
  day: string,
  options: { includeCancelled: boolean },
): Promise<FlightRow[]> {
  return flightsOfDayQuery(db, clubId, day, options).execute();
}

/**
 * Today's line: the day's flights, and the flights of earlier days never
 * finished (left waiting, or never landed) — on the line until the crew
 * lands or removes them, or their gliders would stay busy for good. Found
 * through the partial index of unfinished flights (0009).
 */
export function listLineFlights(db: Db, clubId: string, day: string): Promise<FlightRow[]> {
  return lineFlightsQuery(db, clubId, day).execute();
}

function lineFlightsQuery(db: Db, clubId: string, day: string) {
  return flights(db, clubId)
    .where((eb) =>
      eb.or([
        eb('flight.day', '=', day),
        eb.and([eb('flight.day', '<', day), eb('flight.landed_at', 'is', null), eb('flight.cancelled_at', 'is', null)]),
      ]),
    )
    .where('flight.cancelled_at', 'is', null)
    .orderBy('flight.day')
    .orderBy(queuedAt)
    .orderBy('flight.id');
}

/**
 * Flights requested in [start, end] (the day bounds let the (club_id, day) index find them), cancelled ones
 * included.
 */
export function listFlightsBetween(
  db: Db,
  clubId: string,
  range: { fromDay: string; toDay: string; start: Date; end: Date },
): Promise<FlightRow[]> {
  return flights(db, clubId)
    .where('flight.day', '>=', range.fromDay)
    .where('flight.day', '<=', range.toDay)
    .where('flight.submitted_at', '>=', range.start)
    .where('flight.submitted_at', '<=', range.end)
    .orderBy('flight.submitted_at')
    .orderBy('flight.id')
    .execute();
}

/**
 * The flight log of whole days [fromDay, toDay]: flights not cancelled, by
 * day then submission. With `memberId`, only the flights that member flew
 * (pilot or second person) or towed: their logbook. With `glider`, only that
 * glider's: its logbook.
 */
export function listLogFlights(
  db: Db,
  clubId: string,
  range: { fromDay: string; toDay: string; memberId?: string | undefined; glider?: string | undefined },
): Promise<FlightRow[]> {
  let query = flights(db, clubId)
    .where('flight.day', '>=', range.fromDay)
    .where('flight.day', '<=', range.toDay)
    .where('flight.cancelled_at', 'is', null);
  if (range.glider !== undefined) query = query.where('flight.glider', '=', range.glider);
  const memberId = range.memberId;
  if (memberId !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('flight.user_id', '=', memberId),
        eb('flight.passenger_id', '=', memberId),
        eb('flight.tow_pilot', '=', memberId),
      ]),
    );
  }
  return query.orderBy('flight.day').orderBy('flight.submitted_at').orderBy('flight.id').execute();
}

/** What a member's logbook totals read of every flight they flew in the club (landed, not cancelled), all time. */
export function listLogbookFlights(db: Db, clubId: string, memberId: string) {
  return db
    .selectFrom('flight')
    .select(['user_id', 'passenger_id', 'fly_with', 'pilot_in_charge', 'launch_type', 'launched_at', 'landed_at'])
    .where('club_id', '=', clubId)
    .where((eb) => eb.or([eb('user_id', '=', memberId), eb('passenger_id', '=', memberId)]))
    .where('cancelled_at', 'is', null)
    .where('landed_at', 'is not', null)
    .execute();
}

// ── Line actions ─────────────────────────────────────────────────────────────

export function findActionByKey(db: Db, clubId: string, idempotencyKey: string) {
  return db
    .selectFrom('flight_action')
    .select(['flight_id', 'action', 'response', 'by'])
    .where('club_id', '=', clubId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

/** What the request that created the flight answered. */
export function findCreateAnswer(db: Db, clubId: string, flightId: string) {
  return db
    .selectFrom('flight_action')
    .select('response')
    .where('club_id', '=', clubId)
    .where('flight_id', '=', flightId)
    .where('action', '=', 'Create')
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * Who pressed the flight's latest Launch (the launch it has now, since an undo is followed by a new Launch), with
 * their name.
 */
export function findLauncher(db: Db, clubId: string, flightId: string) {
  return db
    .selectFrom('flight_action')
    .leftJoin('user', 'user.id', 'flight_action.by')
    .select(['flight_action.by', 'user.firstName', 'user.lastName'])
    .where('flight_action.club_id', '=', clubId)
    .where('flight_action.flight_id', '=', flightId)
    .where('flight_action.action', '=', 'Launch')
    .orderBy('flight_action.id', 'desc')
    .executeTakeFirst();
}

export async function insertAction(trx: Transaction<DB>, values: Insertable<FlightActionTable>): Promise<void> {
  await trx.insertInto('flight_action').values(values).execute();
}

// ── Gliders on the line ──────────────────────────────────────────────────────

/** The unfinished flights (neither landed nor cancelled), of any day: their gliders and the members on them. */
export function listUnfinishedFlightCrews(db: Db, clubId: string) {
  return db
    .selectFrom('flight')
    .select(['glider', 'user_id', 'passenger_id'])
    .where('club_id', '=', clubId)
    .where('landed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .execute();
}

/**
 * The unfinished flight a member is on, as pilot or second person, with the
 * name it gives them; other than `exceptFlightId`. One at most (0016).
 */
export function unfinishedFlightOfPerson(db: Db, clubId: string, personId: string, exceptFlightId?: string) {
  let query = db
    .selectFrom('flight')
    .select(['id', 'glider', 'user_id', 'first', 'last', 'passenger_first', 'passenger_last'])
    .where('club_id', '=', clubId)
    .where('landed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where((eb) => eb.or([eb('user_id', '=', personId), eb('passenger_id', '=', personId)]));
  if (exceptFlightId !== undefined) query = query.where('id', '<>', exceptFlightId);
  return query.executeTakeFirst();
}

/** The unfinished flight of a glider, if any, other than `exceptFlightId`. */
export function unfinishedFlightOfGlider(db: Db, clubId: string, glider: string, exceptFlightId?: string) {
  let query = db
    .selectFrom('flight')
    .select('id')
    .where('club_id', '=', clubId)
    .where('glider', '=', glider)
    .where('landed_at', 'is', null)
    .where('cancelled_at', 'is', null);
  if (exceptFlightId !== undefined) query = query.where('id', '<>', exceptFlightId);
  return query.executeTakeFirst();
}

/** Gliders on the day's flights that were not cancelled. */
export async function glidersFlownOn(db: Db, clubId: string, day: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('flight')
    .select('glider')
    .distinct()
    .where('club_id', '=', clubId)
    .where('day', '=', day)
    .where('cancelled_at', 'is', null)
    .execute();
  return new Set(rows.map((row) => row.glider));
}

/** Gliders a pilot flew (not cancelled) since `sinceDay`, most recent first. */
export async function recentGlidersOfPilot(
  db: Db,
  clubId: string,
  userId: string,
  sinceDay: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('flight')
    .select(['glider', sql<Date>`max(submitted_at)`.as('last_at')])
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .where('day', '>=', sinceDay)
    .where('cancelled_at', 'is', null)
    .groupBy('glider')
    .orderBy('last_at', 'desc')
    .orderBy('glider')
    .execute();
  return rows.map((row) => row.glider);
}

// ── The line page's poll ─────────────────────────────────────────────────────

/** A flight's instants: JSON carries them as text, a row as Dates. */
const FLIGHT_INSTANTS = [
  'submitted_at',
  'entered_late_at',
  'accepted_at',
  'launched_at',
  'off_tow_at',
  'landed_at',
  'cancelled_at',
  'created_at',
] as const;

/** A flight row that came back inside a JSON array (instants as ISO text) as the row it is. */
function flightRowOfJson(json: object): FlightRow {
  const row = { ...json } as Record<string, unknown>;
  for (const column of FLIGHT_INSTANTS) {
    const value = row[column];
    if (typeof value === 'string') row[column] = new Date(value);
  }
  return row as FlightRow;
}

/**
 * Everything GET /api/ground-status answers, in one statement (one round
 * trip; the line page polls it every 10 seconds from every phone): the day's
 * flights — with `line`, today's line (listLineFlights) — with their
 * corrections, the tugs' readings, and with `includePilots` the club's
 * flagged active pilots. Each list is a JSON array in one row, in its order.
 */
export async function readLine(
  db: Db,
  clubId: string,
  options: { day: string; line: boolean; includePilots: boolean },
): Promise<{ flights: FlightRow[]; tugs: TugReadingRow[]; pilots: CrewPilotRow[] | null }> {
  const flightList = options.line
    ? lineFlightsQuery(db, clubId, options.day)
    : flightsOfDayQuery(db, clubId, options.day, { includeCancelled: false });
  const row = await db
    .selectNoFrom([
      jsonArrayFrom(flightList).as('flights'),
      jsonArrayFrom(tugReadingsQuery(db, clubId)).as('tugs'),
      (options.includePilots
        ? jsonArrayFrom(flaggedActivePilotsQuery(db, clubId))
        : sql<CrewPilotRow[] | null>`null`
      ).as('pilots'),
    ])
    .executeTakeFirstOrThrow();
  return { flights: row.flights.map(flightRowOfJson), tugs: row.tugs, pilots: row.pilots };
}

/** Append a log correction (flight_correction is append-only). */
export async function insertCorrection(
  trx: Transaction<DB>,
  values: { clubId: string; flightId: string; by: string; at: Date; changes: Record<string, [unknown, unknown]> },
): Promise<void> {
  await trx
    .insertInto('flight_correction')
    .values({
      club_id: values.clubId,
      flight_id: values.flightId,
      by: values.by,
      submitted_at: values.at,
      changes: JSON.stringify(values.changes),
    })
    .execute();
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
