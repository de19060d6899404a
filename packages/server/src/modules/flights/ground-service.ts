import type { Kysely } from 'kysely';
import type { GroundStatus, TugStatus } from '@flightline/domain/api/types';
import { clubToday, isMembershipActive } from '@flightline/domain/time/club-time';
import { compareText } from '@flightline/domain/club/text-order';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, type MemberContext } from '../../http/context.ts';
import { namedClub } from '../../http/params.ts';
import { tugStatusesOf } from '../tugs/service.ts';
import { flightRecord } from './record.ts';
import { readLine, type FlightRow } from './repo.ts';

/**
 * GET /api/ground-status: the line page's 10-second poll from every phone at
 * the field (docs/flight-line.md "What the pages read"). The day's flights that
 * were not cancelled, in submission order (cancelled flights leave the line
 * lists) — today, after any flight of an earlier day left unfinished, so the
 * crew can land or remove it and free its glider — the tugs with their
 * checked-in pilots, and with includePilots the active members (the Launched
 * By tow pilot choices). One statement for all three (one round trip), on the
 * (club_id, day) index and the unfinished-flights index; no query per flight.
 * Its ETag and 304 are the route's (flights/routes.ts, decision 0013); the
 * line read at the club's change counter is kept for the club's other phones.
 */
export async function groundStatus(
  db: Kysely<DB>,
  ctx: MemberContext,
  query: { club?: string | undefined; day?: string | undefined; includePilots?: boolean | undefined },
): Promise<GroundStatus> {
  assertSameClub(ctx, namedClub(query.club));
  const today = clubToday(ctx.club.time_zone, ctx.now);
  const day = query.day ?? today;
  const includePilots = query.includePilots ?? false;
  const key = JSON.stringify([ctx.club.id, ctx.clubVersion, day, today, includePilots]);
  let lines = linesOf.get(db);
  if (!lines) {
    lines = new Map();
    linesOf.set(db, lines);
  }
  let line = lines.get(key);
  if (line) {
    // Most recently used last.
    lines.delete(key);
  } else {
    line = readClubLine(db, ctx, { day, today, includePilots });
    // A failed read is not kept.
    line.catch(() => lines.delete(key));
  }
  lines.set(key, line);
  if (lines.size > LINES_KEPT) lines.delete(lines.keys().next().value!);
  const { flights, tugs, pilots } = await line;
  const viewer = { userId: ctx.user.id, lockDate: ctx.club.lock_date };
  const status: GroundStatus = { day, flights: flights.map((row) => flightRecord(row, viewer)), tugs };
  if (pilots) status.pilots = pilots;
  return status;
}

/**
 * What every member of a club is answered alike: the flights' rows (each viewer sees their own costs), the tugs,
 * the pilots.
 */
interface ClubLine {
  flights: FlightRow[];
  tugs: TugStatus[];
  pilots: GroundPilot[] | null;
}
type GroundPilot = NonNullable<GroundStatus['pilots']>[number];

/**
 * The club's line as read at a change counter, kept by this process: the
 * phones of a club poll the same line, and a read taken at counter v is the
 * club's state at v for as long as the counter is v (the counter is read
 * before the line, in the request's context: decision 0013). Keyed by club,
 * counter, day, the club's today (who is still active) and includePilots;
 * the most recently used LINES_KEPT per database, and a read in progress is shared.
 */
const linesOf = new WeakMap<Kysely<DB>, Map<string, Promise<ClubLine>>>();
const LINES_KEPT = 256;

async function readClubLine(
  db: Kysely<DB>,
  ctx: MemberContext,
  options: { day: string; today: string; includePilots: boolean },
): Promise<ClubLine> {
  const { flights, tugs, pilots } = await readLine(db, ctx.club.id, {
    day: options.day,
    line: options.day === options.today,
    includePilots: options.includePilots,
  });
  return {
    flights,
    tugs: tugStatusesOf(tugs),
    pilots:
      pilots &&
      pilots
        .filter((row) =>
          isMembershipActive(
            { isActive: row.is_active, activeExpiration: row.active_expiration },
            ctx.club.time_zone,
            ctx.now,
          ),
        )
        .map((row) => ({ userID: row.user_id, first: row.firstName, last: row.lastName, isTowPilot: row.is_tow_pilot }))
        .sort(
          (a, b) => compareText(`${a.first} ${a.last}`, `${b.first} ${b.last}`) || a.userID.localeCompare(b.userID),
        ),
  };
}
