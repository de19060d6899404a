import type { Kysely } from 'kysely';
import type { FlightRecord } from '@flightline/domain/api/types';
import { clubDayOf, clubToday, MAX_FLIGHT_RANGE_MS } from '@flightline/domain/time/club-time';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, type MemberContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { namedClub } from '../../http/params.ts';
import { flightRecord } from './record.ts';
import { listFlightsBetween, listFlightsOfDay } from './repo.ts';

/**
 * GET /api/get-flights/: the club's flights requested in [startDate,
 * endDate] (epoch ms), cancelled ones included (exports list them), in
 * submission order. Every active member reads the club's flights (the
 * logs' All flights view); costs only on their own.
 */
export async function getFlights(
  db: Kysely<DB>,
  ctx: MemberContext,
  query: { club?: string | undefined; startDate: number; endDate: number },
): Promise<FlightRecord[]> {
  assertSameClub(ctx, namedClub(query.club));
  if (query.endDate < query.startDate) throw badRequest('The end date is before the start date');
  if (query.endDate - query.startDate > MAX_FLIGHT_RANGE_MS) throw badRequest('Choose a range of at most a year');
  const zone = ctx.club.time_zone;
  const rows = await listFlightsBetween(db, ctx.club.id, {
    fromDay: clubDayOf(query.startDate, zone),
    toDay: clubDayOf(query.endDate, zone),
    start: new Date(query.startDate),
    end: new Date(query.endDate),
  });
  const viewer = { userId: ctx.user.id, lockDate: ctx.club.lock_date };
  return rows.map((row) => flightRecord(row, viewer));
}

/**
 * list-items FLIGHT: every flight of `day` (default today in the club's zone), cancelled ones included; the client
 * filters.
 */
export async function listFlightItems(
  db: Kysely<DB>,
  ctx: MemberContext,
  day: string | undefined,
): Promise<FlightRecord[]> {
  const rows = await listFlightsOfDay(db, ctx.club.id, day ?? clubToday(ctx.club.time_zone, ctx.now), {
    includeCancelled: true,
  });
  const viewer = { userId: ctx.user.id, lockDate: ctx.club.lock_date };
  return rows.map((row) => flightRecord(row, viewer));
}
