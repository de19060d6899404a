import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * The club metrics' aggregates over the flights of whole club days
 * [fromDay, toDay] (docs/flight-line.md, "Club metrics"), each one statement
 * on the flight table's (club_id, day) index. Minutes are whole minutes
 * flown, rounded down per flight as every screen shows them.
 */

const MINUTES = sql<number>`floor(extract(epoch from (landed_at - launched_at)) / 60)`;

interface Range {
  clubId: string;
  fromDay: string;
  toDay: string;
}

function inRange(db: Kysely<DB>, range: Range) {
  return db
    .selectFrom('flight')
    .where('club_id', '=', range.clubId)
    .where('day', '>=', range.fromDay)
    .where('day', '<=', range.toDay)
    .where('cancelled_at', 'is', null)
    .where('launched_at', 'is not', null);
}

/** Flights (landed), their minutes and launches per period: 'day', 'week' (from Monday), 'month', 'season' (the year). */
export async function flownByPeriod(db: Kysely<DB>, range: Range, unit: 'day' | 'week' | 'month' | 'season') {
  const period =
    unit === 'day'
      ? sql<string>`to_char(day, 'YYYY-MM-DD')`
      : unit === 'week'
        ? sql<string>`to_char(date_trunc('week', day), 'YYYY-MM-DD')`
        : unit === 'month'
          ? sql<string>`to_char(day, 'YYYY-MM')`
          : sql<string>`to_char(day, 'YYYY')`;
  return inRange(db, range)
    .where('landed_at', 'is not', null)
    .select([period.as('period'), sql<number>`count(*)::int`.as('flights'), sql<number>`coalesce(sum(${MINUTES}), 0)::int`.as('minutes')])
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .execute();
}

/** Launches, and flights with their minutes, per glider, most flown first. */
export function byGlider(db: Kysely<DB>, range: Range) {
  return inRange(db, range)
    .select([
      'glider',
      sql<number>`count(*)::int`.as('launches'),
      sql<number>`(count(*) filter (where landed_at is not null))::int`.as('flights'),
      sql<number>`coalesce(sum(${MINUTES}) filter (where landed_at is not null), 0)::int`.as('minutes'),
    ])
    .groupBy('glider')
    .orderBy(sql`4 desc`)
    .orderBy('glider')
    .execute();
}

/** Towed launches per tug and per tow pilot, most first. */
export async function byTow(db: Kysely<DB>, range: Range) {
  const [tugs, pilots] = await Promise.all([
    inRange(db, range).where('tug', 'is not', null).select(['tug', sql<number>`count(*)::int`.as('launches')]).groupBy('tug').orderBy(sql`2 desc`).orderBy('tug').execute(),
    inRange(db, range).where('tow_pilot', 'is not', null).select(['tow_pilot', sql<number>`count(*)::int`.as('launches')]).groupBy('tow_pilot').orderBy(sql`2 desc`).execute(),
  ]);
  return { tugs, pilots };
}

/** Launches by weekday (1 Monday … 7 Sunday) and by the launch's hour in the club's zone. */
export async function busiest(db: Kysely<DB>, range: Range, timeZone: string) {
  const [weekdays, hours] = await Promise.all([
    inRange(db, range).select([sql<number>`extract(isodow from day)::int`.as('weekday'), sql<number>`count(*)::int`.as('launches')]).groupBy(sql`1`).orderBy(sql`1`).execute(),
    inRange(db, range)
      .select([sql<number>`extract(hour from launched_at at time zone ${timeZone})::int`.as('hour'), sql<number>`count(*)::int`.as('launches')])
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .execute(),
  ]);
  return { weekdays, hours };
}

/** The wait from request to launch, in whole minutes: how many, the average and the median. */
export async function waitToLaunch(db: Kysely<DB>, range: Range) {
  const wait = sql<number>`floor(extract(epoch from (launched_at - submitted_at)) / 60)`;
  return inRange(db, range)
    .where('launched_at', '>=', sql<Date>`submitted_at`)
    .select([
      sql<number>`count(*)::int`.as('launches'),
      sql<number | null>`round(avg(${wait}))::int`.as('average'),
      sql<number | null>`(percentile_disc(0.5) within group (order by ${wait}))::int`.as('median'),
    ])
    .executeTakeFirstOrThrow();
}

/** Members who flew each month, as pilot or as the member in the second seat. */
export function activeMembersByMonth(db: Kysely<DB>, range: Range) {
  return db
    .selectFrom(
      inRange(db, range)
        .select([sql<string>`to_char(day, 'YYYY-MM')`.as('month'), 'user_id as member'])
        .unionAll(inRange(db, range).where('passenger_id', 'is not', null).select([sql<string>`to_char(day, 'YYYY-MM')`.as('month'), sql<string>`passenger_id`.as('member')]))
        .as('flew'),
    )
    .select(['month', sql<number>`count(distinct member)::int`.as('members')])
    .groupBy('month')
    .orderBy('month')
    .execute();
}
