import type { Kysely } from 'kysely';
import type { GliderLogbook, GliderLogbooks } from '@flightline/domain/api/glider-logbook';
import type { GliderItem } from '@flightline/domain/api/types';
import { flownMinutes } from '@flightline/domain/flights/flight-duration';
import { logbookSeats } from '@flightline/domain/flights/logbook';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { findItem } from '../fleet/repo.ts';
import { gliderItem, listGliderItems } from '../fleet/glider-service.ts';
import { memberNames } from '../members/repo.ts';
import { gliderFlying, type GliderFlyingRow, type GliderMark } from './metrics-repo.ts';
import { listLogFlights } from './repo.ts';

/**
 * Glider logbooks (docs/flight-line.md, "Glider logbooks"), for every active
 * member: each glider's launches, flights and hours over all time and since
 * its maintenance date, and one glider's flights over a range. The figures
 * are the club metrics' aggregates (metrics-repo.ts), per launch type.
 */

type Span = '' | 'range_' | 'since_';

const mark = (glider: GliderItem): GliderMark => ({ glider: glider.id, since: glider.maintenanceDate });

const head = (glider: GliderItem) => ({
  glider: glider.id,
  aircraftType: glider.aircraftType,
  status: glider.status,
  maintenanceDate: glider.maintenanceDate,
});

/** One glider's rows (a row per launch type) added up over one span. */
function totals(rows: readonly GliderFlyingRow[], span: Span) {
  const byLaunchType = rows
    .map((row) => ({ launchType: row.launch_type || 'Unknown', launches: row[`${span}launches`] }))
    .filter((row) => row.launches > 0)
    .sort((a, b) => b.launches - a.launches || a.launchType.localeCompare(b.launchType));
  const sum = (key: 'launches' | 'flights' | 'minutes') => rows.reduce((total, row) => total + row[`${span}${key}`], 0);
  return { launches: sum('launches'), flights: sum('flights'), minutes: sum('minutes'), byLaunchType };
}

/**
 * GET /api/get-glider-logbooks: the club's gliders, by registration, with all time's figures and those since
 * maintenance.
 */
export async function getGliderLogbooks(db: Kysely<DB>, ctx: MemberContext): Promise<GliderLogbooks> {
  const gliders = await listGliderItems(db, ctx.club.id);
  const rows = await gliderFlying(db, ctx.club.id, gliders.map(mark));
  return {
    gliders: gliders.map((glider) => {
      const own = rows.filter((row) => row.glider === glider.id);
      const { byLaunchType: _all, ...allTime } = totals(own, '');
      const { byLaunchType: _since, ...since } = totals(own, 'since_');
      return { ...head(glider), allTime, sinceMaintenance: glider.maintenanceDate === null ? null : since };
    }),
  };
}

/**
 * GET /api/get-glider-logbook/:glider: the glider's launched flights of whole
 * club days [startDate, endDate] with each one's seats by name (as the
 * personal logbook names them) and flown minutes once landed; the range's
 * totals, all time's, and those since its maintenance date when it has one.
 */
export async function getGliderLogbook(
  db: Kysely<DB>,
  ctx: MemberContext,
  id: string,
  dates: { startDate: string; endDate: string },
): Promise<GliderLogbook> {
  const clubId = ctx.club.id;
  const row = await findItem(db, 'glider', clubId, id);
  if (!row) throw notFound(`The club has no glider ${id}`);
  const glider = gliderItem(row);
  const range = { fromDay: dates.startDate, toDay: dates.endDate };
  const [rows, logged] = await Promise.all([
    gliderFlying(db, clubId, [mark(glider)], range),
    listLogFlights(db, clubId, { ...range, glider: glider.id }),
  ]);
  const flights = logged.filter((flight) => flight.launched_at !== null);
  const people = await memberNames(db, [
    ...new Set(flights.flatMap((flight) => (flight.passenger_id === null ? [] : [flight.passenger_id]))),
  ]);
  const names = new Map([...people].map(([userId, name]) => [userId, `${name.first} ${name.last}`.trim()]));
  return {
    ...head(glider),
    startDate: dates.startDate,
    endDate: dates.endDate,
    flights: flights.map((flight) => {
      const launchedAt = flight.launched_at!.getTime();
      const landedAt = flight.landed_at?.getTime() ?? null;
      const [p1, p2] = logbookSeats(
        {
          first: flight.first,
          last: flight.last,
          flyWith: flight.fly_with,
          pilotInCharge: flight.pilot_in_charge,
          passengerID: flight.passenger_id ?? '',
          passengerFirst: flight.passenger_first,
          passengerLast: flight.passenger_last,
        },
        names,
      );
      return {
        id: flight.id,
        day: flight.day,
        p1,
        p2,
        launchType: flight.launch_type,
        launchedAt,
        landedAt,
        minutes: landedAt === null ? null : flownMinutes(launchedAt, landedAt),
      };
    }),
    range: totals(rows, 'range_'),
    allTime: totals(rows, ''),
    sinceMaintenance: glider.maintenanceDate === null ? null : totals(rows, 'since_'),
  };
}
