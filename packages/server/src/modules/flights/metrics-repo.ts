import { sql, type Kysely, type RawBuilder } from 'kysely';
import { clubDayRange } from '@flightline/domain/time/club-time';
import { offsetPeriods } from '@flightline/domain/time/zone-rules';
import type { DB } from '../../db/schema.ts';

/**
 * The club metrics' aggregates over the flights of whole club days
 * [fromDay, toDay] (docs/flight-line.md, "Club metrics"), each one statement
 * on the flight table's (club_id, day) index. Minutes are whole minutes
 * flown per flight as every screen shows them (domain flight-duration.ts
 * flownMinutes): the whole seconds to the nearest minute, 30 s rounding up.
 */

const DAY_MS = 86_400_000;
const MINUTES = sql<number>`floor((greatest(0, floor(extract(epoch from (landed_at - launched_at)))) + 30) / 60)`;

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

/**
 * Flights (landed), their minutes and launches per period: 'day', 'week' (from Monday), 'month', 'season' (the
 * year).
 */
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
    .select([
      period.as('period'),
      sql<number>`count(*)::int`.as('flights'),
      sql<number>`coalesce(sum(${MINUTES}), 0)::int`.as('minutes'),
    ])
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
    inRange(db, range)
      .where('tug', 'is not', null)
      .select(['tug', sql<number>`count(*)::int`.as('launches')])
      .groupBy('tug')
      .orderBy(sql`2 desc`)
      .orderBy('tug')
      .execute(),
    inRange(db, range)
      .where('tow_pilot', 'is not', null)
      .select(['tow_pilot', sql<number>`count(*)::int`.as('launches')])
      .groupBy('tow_pilot')
      .orderBy(sql`2 desc`)
      .execute(),
  ]);
  return { tugs, pilots };
}

/**
 * The club's UTC offset (minutes) at each launch, as SQL: the offsets the app's
 * tz database gives over the range (domain zone-rules.ts), so the database's
 * own copy, which may be older (AT TIME ZONE), is never asked.
 */
function launchOffsetMinutes(range: Range, timeZone: string): RawBuilder<number> {
  // A day either side: a launch's instant can sit a little outside its club day's bounds.
  const { startMs, endMs } = clubDayRange(range.fromDay, range.toDay, timeZone);
  const periods = offsetPeriods(timeZone, startMs - DAY_MS, endMs + DAY_MS);
  const last = periods[periods.length - 1]!;
  if (periods.length === 1) return sql<number>`${last.offset}::int`;
  const whens = periods
    .slice(1)
    .map(
      (p, i) =>
        sql`when launched_at < to_timestamp(${p.fromMs / 1000}::double precision) then ${periods[i]!.offset}::int`,
    );
  return sql<number>`(case ${sql.join(whens, sql` `)} else ${last.offset}::int end)`;
}

/** Launches by weekday (1 Monday … 7 Sunday) and by the launch's hour in the club's zone. */
export async function busiest(db: Kysely<DB>, range: Range, timeZone: string) {
  const localSeconds = sql`(floor(extract(epoch from launched_at))::bigint +
        ${launchOffsetMinutes(range, timeZone)} * 60)`;
  const [weekdays, hours] = await Promise.all([
    inRange(db, range)
      .select([sql<number>`extract(isodow from day)::int`.as('weekday'), sql<number>`count(*)::int`.as('launches')])
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .execute(),
    inRange(db, range)
      .select([
        sql<number>`((${localSeconds} % 86400) / 3600)::int`.as('hour'),
        sql<number>`count(*)::int`.as('launches'),
      ])
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
        .unionAll(
          inRange(db, range)
            .where('passenger_id', 'is not', null)
            .select([sql<string>`to_char(day, 'YYYY-MM')`.as('month'), sql<string>`passenger_id`.as('member')]),
        )
        .as('flew'),
    )
    .select(['month', sql<number>`count(distinct member)::int`.as('members')])
    .groupBy('month')
    .orderBy('month')
    .execute();
}

/** A glider and the club day its hours since maintenance count from (null: none set). */
export interface GliderMark {
  glider: string;
  since: string | null;
}

/** Launches; flights and their minutes, of the flights that also pass `where`. */
const launchesIf = (where: RawBuilder<boolean>) => sql<number>`(count(*) filter (where ${where}))::int`;
const flightsIf = (where: RawBuilder<boolean>) =>
  sql<number>`(count(*) filter (where ${where} and landed_at is not null))::int`;
const minutesIf = (where: RawBuilder<boolean>) =>
  sql<number>`coalesce(sum(${MINUTES}) filter (where ${where} and landed_at is not null), 0)::int`;

/**
 * Launches, and flights with their minutes, per glider and launch type: over
 * all time, over whole club days [fromDay, toDay] when given, and from each
 * glider's maintenance day on (that day included). One statement on the
 * flight table's (club_id, glider, day) index, for the glider logbooks.
 */
export async function gliderFlying(
  db: Kysely<DB>,
  clubId: string,
  marks: readonly GliderMark[],
  range?: { fromDay: string; toDay: string },
) {
  if (marks.length === 0) return [];
  const sinceOf = JSON.stringify(Object.fromEntries(marks.map((mark) => [mark.glider, mark.since])));
  // A glider without a mark reads null here, and a null comparison is counted by no filter.
  const since = sql<boolean>`day >= (${sinceOf}::jsonb ->> glider)::date`;
  const inDays = range
    ? sql<boolean>`day between ${range.fromDay}::date and ${range.toDay}::date`
    : sql<boolean>`false`;
  const always = sql<boolean>`true`;
  return db
    .selectFrom('flight')
    .where('club_id', '=', clubId)
    .where(
      'glider',
      'in',
      marks.map((mark) => mark.glider),
    )
    .where('cancelled_at', 'is', null)
    .where('launched_at', 'is not', null)
    .select([
      'glider',
      'launch_type',
      launchesIf(always).as('launches'),
      flightsIf(always).as('flights'),
      minutesIf(always).as('minutes'),
      launchesIf(inDays).as('range_launches'),
      flightsIf(inDays).as('range_flights'),
      minutesIf(inDays).as('range_minutes'),
      launchesIf(since).as('since_launches'),
      flightsIf(since).as('since_flights'),
      minutesIf(since).as('since_minutes'),
    ])
    .groupBy(['glider', 'launch_type'])
    .execute();
}

/** One row of gliderFlying. */
export type GliderFlyingRow = Awaited<ReturnType<typeof gliderFlying>>[number];
