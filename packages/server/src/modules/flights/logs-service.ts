import type { Kysely } from 'kysely';
import type { LogsData } from '@flightline/domain/api/types';
import { clubDayBounds, clubDayOf, clubToday, isMembershipActive } from '@flightline/domain/time/club-time';
import { compareText } from '@flightline/domain/club/text-order';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, hasRight, type MemberContext } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { namedClub } from '../../http/params.ts';
import { listGliderItems } from '../fleet/glider-service.ts';
import { listLaunchItems } from '../fleet/launch-service.ts';
import { listTugItems } from '../fleet/tug-service.ts';
import { listAvailableIntros, listIntrosByIds } from '../intros/repo.ts';
import { introItem } from '../intros/service.ts';
import { findClubMember, listClubPilots } from '../members/repo.ts';
import { flightRecord } from './record.ts';
import { listLogFlights, type FlightRow } from './repo.ts';

/** The club's log answers at most this many days at once (a year, leap day included). */
export const MAX_LOG_DAYS = 366;
/** A member's own logbook may span this many years: a pilot's flights are a few thousand, not the club's. */
export const MAX_LOGBOOK_YEARS = 60;

const DAY_MS = 86_400_000;

export interface LogsQuery {
  club?: string | undefined;
  /** 'YYYY-MM-DD', or epoch ms taken as its day in the club's zone; default today. */
  startDate?: string | undefined;
  /** Default: the start day. */
  endDate?: string | undefined;
  includeSetup: boolean;
  /** Only this member's flights (as pilot, second person or tow pilot): a logbook. */
  userID?: string | undefined;
}

function clubDay(value: string, zone: string, what: string): string {
  const day = /^\d+$/.test(value) ? clubDayOf(Number(value), zone) : value;
  try {
    clubDayBounds(day, zone);
  } catch {
    throw badRequest(`${what} must be a date like 2025-07-10`);
  }
  return day;
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * The people the log names: every active member (the edit form's choices;
 * the browser leaves ground-only members out of the pilot list), and anyone
 * else on the listed flights — a pilot, second person or tow pilot who has
 * since left — marked inactive, so every name resolves.
 */
async function logPilots(
  db: Kysely<DB>,
  ctx: MemberContext,
  flights: readonly FlightRow[],
): Promise<LogsData['pilots']> {
  const onFlights = new Set(
    flights.flatMap((f) => [f.user_id, f.passenger_id, f.tow_pilot]).filter((id): id is string => id !== null),
  );
  const rows = await listClubPilots(db, ctx.club.id);
  return rows
    .map((row) => ({
      row,
      isActive: isMembershipActive(
        { isActive: row.is_active, activeExpiration: row.active_expiration },
        ctx.club.time_zone,
        ctx.now,
      ),
    }))
    .filter(({ row, isActive }) => isActive || onFlights.has(row.user_id))
    .map(({ row, isActive }) => ({
      userID: row.user_id,
      first: row.firstName,
      last: row.lastName,
      groundOnly: row.ground_only,
      isInstructor: row.is_instructor,
      isTowPilot: row.is_tow_pilot,
      isActive,
    }))
    .sort((a, b) => compareText(a.last, b.last) || compareText(a.first, b.first) || a.userID.localeCompare(b.userID));
}

/**
 * What the flight modal's edit form offers: every glider, launch type (inactive ones too: old flights name them)
 * and tug, and the intros it can choose or shows.
 */
async function editSetup(db: Kysely<DB>, ctx: MemberContext, flights: readonly FlightRow[]) {
  const clubId = ctx.club.id;
  const [gliders, launches, tugs, available] = await Promise.all([
    listGliderItems(db, clubId),
    listLaunchItems(db, clubId, { includeInactive: true }),
    listTugItems(db, clubId),
    listAvailableIntros(db, clubId),
  ]);
  const listed = new Set(available.map((intro) => intro.id));
  const onFlights = [
    ...new Set(flights.flatMap((f) => (f.intro_id !== null && !listed.has(f.intro_id) ? [f.intro_id] : []))),
  ];
  const linked = await listIntrosByIds(db, clubId, onFlights);
  return { gliders, launches, tugs, intros: [...available, ...linked].map(introItem) };
}

/**
 * GET /api/serve-logs (docs/flight-line.md "The flight logs"): the club's flights over whole days in the club's zone
 * — cancelled
 * ones left out, as the logs show flights flown or on the line — for every
 * active member (All flights, My flights, Tows are views of it). At most a
 * year for the whole club; a member's logbook (userID) up to
 * MAX_LOGBOOK_YEARS. Costs appear only on the caller's own flights, never on
 * intro flights (flightRecord). canEdit: admin or Can Edit Flight Logs.
 */
export async function serveLogs(db: Kysely<DB>, ctx: MemberContext, query: LogsQuery): Promise<LogsData> {
  assertSameClub(ctx, namedClub(query.club));
  const zone = ctx.club.time_zone;
  const startDate =
    query.startDate === undefined ? clubToday(zone, ctx.now) : clubDay(query.startDate, zone, 'startDate');
  const endDate = query.endDate === undefined ? startDate : clubDay(query.endDate, zone, 'endDate');
  if (endDate < startDate) throw badRequest('The end date is before the start date');
  const days = daysBetween(startDate, endDate) + 1;
  if (query.userID === undefined && days > MAX_LOG_DAYS)
    throw badRequest("Choose a range of at most a year, or one member's logbook");
  if (query.userID !== undefined) {
    if (days > MAX_LOGBOOK_YEARS * MAX_LOG_DAYS)
      throw badRequest(`Choose a range of at most ${MAX_LOGBOOK_YEARS} years`);
    if (!(await findClubMember(db, ctx.club.id, query.userID))) throw notFound('Member not found');
  }
  const rows = await listLogFlights(db, ctx.club.id, { fromDay: startDate, toDay: endDate, memberId: query.userID });
  const viewer = { userId: ctx.user.id, lockDate: ctx.club.lock_date };
  const [pilots, setup] = await Promise.all([
    logPilots(db, ctx, rows),
    query.includeSetup ? editSetup(db, ctx, rows) : undefined,
  ]);
  return {
    startDate,
    endDate,
    flights: rows.map((row) => flightRecord(row, viewer)),
    pilots,
    ...setup,
    canEdit: hasRight(ctx, 'canEditLogs'),
    lockDate: ctx.club.lock_date,
  };
}
