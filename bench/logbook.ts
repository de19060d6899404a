import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { AllTransactions, FlightRecord, LogsData, PilotListItem } from '@flightline/domain/api/types';
import {
  buildExport,
  flightsQuery,
  nameLookup,
  type ExportDates,
  type ExportSource,
} from '../packages/web/src/features/exports/export-data.ts';
import type { DB } from '../packages/server/src/db/schema.ts';
import type { MemberContext } from '../packages/server/src/http/context.ts';
import { getFlights } from '../packages/server/src/modules/flights/list-service.ts';
import { getLogbookTotals } from '../packages/server/src/modules/flights/logbook-service.ts';
import { getClubMetrics } from '../packages/server/src/modules/flights/metrics-service.ts';
import { serveLogs } from '../packages/server/src/modules/flights/logs-service.ts';
import { getAllTransactions } from '../packages/server/src/modules/ledger/history-service.ts';
import { listLinePilots } from '../packages/server/src/modules/members/service.ts';
import { runsOption, seed as seedLedger, timeReads, withBenchDatabase, writeReport } from './ledger.ts';
import type { BenchmarkResult } from './run.ts';

/**
 * LOGBOOK: a 20-year logbook and a full-year export. On a throwaway
 * PostgreSQL, the ledger benchmark's club (300 members, a year of about
 * 100,000 postings in 2025) gets 20 years of flights — 100,000 from
 * 2006-11-01 to 2026-10-31, landed and costed with tow pilot and tug, some
 * with a second person, 2% cancelled, 1% corrected — of which 3,000 are one
 * pilot's (as pilot, or as instructor in the back seat). Then, after a
 * warm-up, the median time of:
 *  - My flights over the 20 years: the serve-logs call the Flight Logs page
 *    makes (userID = me, includeSetup), answer serialized to JSON;
 *  - the Flights and Transactions exports of 2025 as the Export page does
 *    them: the server's get-flights or get-all-transactions with list-items
 *    PILOT (answers serialized, then parsed as the browser does) and the CSV
 *    built with the page's own buildExport;
 *  - the club metrics of the 2025 season (get-club-metrics, every figure of
 *    the Club Metrics page), and the pilot's all-time logbook totals.
 *
 * Options: --runs=N timed runs per read (default 15).
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = join(ROOT, 'bench/out/logbook.json');
const FLIGHTS = 100_000;
const FIRST_DAY = '2006-11-01';
/** 2006-11-01 … 2026-10-31. */
const DAYS = 7305;
const LOGBOOK_TARGET_MS = 150;
const EXPORT_TARGET_MS = 2000;
/** Issue 17: the club metrics of a season. */
const METRICS_TARGET_MS = 100;
const GLIDERS = [
  'C-GABC',
  'C-GBCD',
  'C-GCDE',
  'C-GDEF',
  'C-GEFG',
  'C-GFGH',
  'C-GGHI',
  'C-GHIJ',
  'C-GIJK',
  'C-GJKL',
  'C-GKLM',
  'C-GLMN',
];
const TUGS = ['C-FTOW', 'C-FPAW', 'C-FSUP'];

interface Seeded {
  clubId: string;
  adminId: string;
  /** The pilot whose logbook is read. */
  me: string;
}

/**
 * The ledger benchmark's club and year of postings, then the fleet and 20
 * years of flights in one INSERT … SELECT over generate_series. Flight g's
 * slot (g % 100) decides whose it is: 0 and 1 are mine as pilot (alone, with
 * a member or a friend), 2 mine as the instructor of a student; the rest are
 * the club's. Flight ids are md5('bench-flight-' || g), so corrections can
 * name them.
 */
export async function seed(db: Kysely<DB>): Promise<Seeded> {
  const { clubId, adminId, memberIds } = await seedLedger(db);
  const { time_zone: zone } = await db
    .selectFrom('club')
    .select('time_zone')
    .where('id', '=', clubId)
    .executeTakeFirstOrThrow();
  const me = memberIds[7]!;
  const others = memberIds.filter((id) => id !== me);
  const instructors = others.slice(0, 20);
  const towPilots = others.slice(20, 30);
  const students = others.slice(30);
  await db
    .updateTable('pilot')
    .set({ is_instructor: true })
    .where('club_id', '=', clubId)
    .where('user_id', 'in', [me, ...instructors])
    .execute();
  await db
    .updateTable('pilot')
    .set({ is_tow_pilot: true })
    .where('club_id', '=', clubId)
    .where('user_id', 'in', towPilots)
    .execute();
  await db
    .insertInto('glider')
    .values(
      GLIDERS.map((id, i) => ({
        club_id: clubId,
        id,
        places: 1 + (i % 2),
        rate_cents_per_minute: 50 + 5 * i,
        status: 'Ready' as const,
      })),
    )
    .execute();
  await db
    .insertInto('tug')
    .values(TUGS.map((id) => ({ club_id: clubId, id, aircraft_type: 'Pawnee', status: 'Ready' as const })))
    .execute();
  await db
    .insertInto('launch_type')
    .values([
      { club_id: clubId, id: 'Tow 2000', kind: 'fixed', price_cents: 3800, height: 2000 },
      { club_id: clubId, id: 'Tow 3000', kind: 'fixed', price_cents: 4700, height: 3000 },
    ])
    .execute();

  await sql`
    insert into flight (club_id, id, day, user_id, first, last, fly_with, passenger_id, passenger_first, passenger_last,
                        pilot_in_charge, share_cost, glider, launch_type, tow_speed_kn, weight_kg, submitted_at,
                        submitted_by,
                        accepted_at, launched_at, off_tow_at, landed_at, cancelled_at, release_height, tow_pilot, tug,
                        launch_cost_cents, flight_cost_cents)
    select ${clubId}::uuid, md5('bench-flight-' || w.g)::uuid, w.day, w.user_id, pu."firstName", pu."lastName",
    w.fly_with,
           w.passenger_id, coalesce(su."firstName", w.friend_first, ''), coalesce(su."lastName", w.friend_last, ''),
           w.fly_with <> 'Instructor' or w.user_id = ${me}, w.fly_with = 'Member' and w.g % 2 = 0,
           w.glider, w.launch_type, 60, 70 + w.g % 30, w.submitted_at, w.user_id, w.submitted_at + interval '2 minutes',
           case when not w.cancelled then w.launched_at end,
           case when not w.cancelled then w.launched_at + interval '4 minutes' end,
           case when not w.cancelled then w.launched_at + w.minutes * interval '1 minute' end,
           case when w.cancelled then w.submitted_at + interval '3 minutes' end,
           case when w.cancelled then 0 when w.launch_type = 'Tow 2000' then 2000 else 3000 end,
           case when not w.cancelled then w.tow_pilot end,
           case when not w.cancelled then w.tug end,
           case when not w.cancelled then (case when w.launch_type = 'Tow 2000' then 3800 else 4700 end) end,
           case when not w.cancelled then w.minutes * 60 end
    from (
      select f.*,
             (f.day + time '09:30' + (f.g % 14) * interval '30 minutes') at time zone ${zone} as submitted_at,
             (f.day + time '09:30' + (f.g % 14) * interval '30 minutes' + (5 + f.g % 20) * interval '1 minute')
             at time zone ${zone} as launched_at,
             case when f.slot in (0, 1) then ${me}::text else (${students}::text[])[1 + f.k %
             ${students.length}::int] end as user_id,
             case when f.fly_with = 'Instructor' and f.slot = 2 then ${me}::text
                  when f.fly_with = 'Instructor' then (${instructors}::text[])[1 + f.k % ${instructors.length}::int]
                  when f.fly_with = 'Member' then (${students}::text[])[1 + (f.k + 1) % ${students.length}::int]
                  end as passenger_id,
             case when f.fly_with = 'Friend' then 'Friend' end as friend_first,
             case when f.fly_with = 'Friend' then 'No. ' || f.g end as friend_last,
             (${GLIDERS}::text[])[1 + (f.g * 31) % ${GLIDERS.length}::int] as glider,
             (array['Tow 2000', 'Tow 3000'])[1 + f.g % 2] as launch_type,
             (${towPilots}::text[])[1 + f.g % ${towPilots.length}::int] as tow_pilot,
             (${TUGS}::text[])[1 + f.g % ${TUGS.length}::int] as tug,
             12 + (f.g * 13) % 170 as minutes
      from (
        select g, g % 100 as slot, (g * 7919) % 1000003 as k, g % 50 = 25 as cancelled,
               ${FIRST_DAY}::date + ((g - 1)::bigint * ${DAYS} / ${FLIGHTS})::int as day,
               case when g % 100 = 0 then 'Alone'
                    when g % 100 = 1 then (array['Alone', 'Member', 'Friend'])[1 + (g / 100) % 3]
                    when g % 100 = 2 then 'Instructor'
                    else (array['Alone', 'Alone', 'Alone', 'Alone', 'Alone', 'Alone', 'Instructor', 'Member',
                    'Friend', 'Alone'])[1 + g % 10] end as fly_with
        from generate_series(1, ${FLIGHTS}::int) g
      ) f
    ) w
    join "user" pu on pu.id = w.user_id
    left join "user" su on su.id = w.passenger_id`.execute(db);
  // A log correction on about 1% of the flights (every 97th): the logs carry each flight's corrections.
  await sql`
    insert into flight_correction (club_id, flight_id, by, submitted_at, changes)
    select ${clubId}::uuid, f.id, ${adminId}, f.submitted_at + interval '1 day',
    jsonb_build_object('releaseHeight', jsonb_build_array(2000, 2500))
    from generate_series(97, ${FLIGHTS}::int, 97) g
    join flight f on f.id = md5('bench-flight-' || g)::uuid`.execute(db);
  await sql`analyze`.execute(db);
  return { clubId, adminId, me };
}

async function context(db: Kysely<DB>, clubId: string, userId: string, now: number): Promise<MemberContext> {
  const club = await db.selectFrom('club').selectAll().where('id', '=', clubId).executeTakeFirstOrThrow();
  const pilot = await db
    .selectFrom('pilot')
    .selectAll()
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('user')
    .select(['email', 'firstName', 'lastName'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  // clubVersion is read by the HTTP layer's ETags only (http/etag.ts); the services timed here do not use it.
  return { user: { id: userId, ...user }, club, pilot, isActive: true, clubVersion: 0, now };
}

/** What crosses the wire: the server serializes its answer, the browser parses it. */
const overTheWire = <T>(answer: T): T => JSON.parse(JSON.stringify(answer)) as T;

export async function run(args: string[]): Promise<BenchmarkResult> {
  const runs = runsOption(args);
  return withBenchDatabase(async (db) => {
    const seeding = performance.now();
    const { clubId, adminId, me } = await seed(db);
    const counts = await sql<{ flights: number; mine: number; postings: number }>`
      select (select count(*) from flight)::int as flights,
             (select count(*) from flight where (user_id = ${me} or passenger_id = ${me}) and cancelled_at is
             null)::int as mine,
             (select count(*) from posting)::int as postings`.execute(db);
    const { flights, mine, postings } = counts.rows[0]!;
    console.log(
      `seeded ${flights} flights (${mine} of one pilot) over 20 years and ${postings} ` +
        `postings in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const now = Date.parse('2026-11-15T17:00:00Z');
    const pilotCtx = await context(db, clubId, me, now);
    const adminCtx = await context(db, clubId, adminId, now);

    // The Flight Logs page, My flights from 2006-11-01 to 2026-11-30: useLogs(club, range, me).
    const logbookQuery = { startDate: FIRST_DAY, endDate: '2026-11-30', includeSetup: true, userID: me };
    const readLogbook = async () => JSON.stringify(await serveLogs(db, pilotCtx, logbookQuery)).length;
    const logs = JSON.parse(JSON.stringify(await serveLogs(db, pilotCtx, logbookQuery))) as LogsData;
    if (logs.flights.length !== mine) throw new Error(`The logbook listed ${logs.flights.length} flights, not ${mine}`);

    // The Export page for 2025: list-items PILOT alongside get-flights (instants) or get-all-transactions (days), then
    // buildExport.
    const zone = adminCtx.club.time_zone;
    const year: ExportDates = { startDate: '2025-01-01', endDate: '2025-12-31' };
    const pilots = async () => overTheWire<PilotListItem[]>(await listLinePilots(db, adminCtx));
    const exportFlights = async () => {
      const [list, flightRecords] = await Promise.all([
        pilots(),
        getFlights(db, adminCtx, flightsQuery(year, zone)).then((a) => overTheWire<FlightRecord[]>(a)),
      ]);
      const source: ExportSource = { choice: 'Flights', flights: flightRecords };
      return buildExport(source, nameLookup(list), zone, year);
    };
    const exportTransactions = async () => {
      const [list, data] = await Promise.all([
        pilots(),
        getAllTransactions(db, adminCtx, year).then((a) => overTheWire<AllTransactions>(a)),
      ]);
      return buildExport({ choice: 'Transactions', data }, nameLookup(list), zone, year);
    };
    const flightRows = (await exportFlights()).rowCount;
    const transactionRows = (await exportTransactions()).rowCount;

    const season = { startDate: '2025-01-01', endDate: '2025-12-31' };
    const readMetrics = async () => JSON.stringify(await getClubMetrics(db, adminCtx, season)).length;
    const seasonFlights = (await getClubMetrics(db, adminCtx, season)).totals.flights;
    const readTotals = async () => JSON.stringify(await getLogbookTotals(db, pilotCtx)).length;

    const { report, targetsMet } = await timeReads(db, runs, [
      { name: `club metrics, season 2025 (${seasonFlights} flights)`, read: readMetrics, targetMs: METRICS_TARGET_MS },
      { name: 'logbook totals, all time', read: readTotals, targetMs: LOGBOOK_TARGET_MS },
      { name: `My flights, 20 years (${logs.flights.length} flights)`, read: readLogbook, targetMs: LOGBOOK_TARGET_MS },
      { name: `export Flights, 2025 (${flightRows} rows)`, read: exportFlights, targetMs: EXPORT_TARGET_MS },
      {
        name: `export Transactions, 2025 (${transactionRows} rows)`,
        read: exportTransactions,
        targetMs: EXPORT_TARGET_MS,
      },
    ]);
    writeReport(OUT, { flights, logbookFlights: mine, postings, runs, reads: report });
    return { targetsMet };
  });
}
