import type { Kysely } from 'kysely';
import type { GroundStatus } from '@flightline/domain/api-types';
import { clubToday, isMembershipActive } from '@flightline/domain/club-time';
import { compareText } from '@flightline/domain/text-order';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, type MemberContext } from '../../http/context.ts';
import { namedClub } from '../../http/params.ts';
import { tugStatusesOf } from '../tugs/service.ts';
import { flightRecord } from './record.ts';
import { readLine } from './repo.ts';

/**
 * GET /api/ground-status: the line page's 10-second poll from every phone at
 * the field (back-office spec §2 "Line management"). The day's flights that
 * were not cancelled, in submission order (cancelled flights leave the line
 * lists) — today, after any flight of an earlier day left unfinished, so the
 * crew can land or remove it and free its glider — the tugs with their
 * checked-in pilots, and with includePilots the active members (the Launched
 * By tow pilot choices). One statement for all three (one round trip), on the
 * (club_id, day) index and the unfinished-flights index; no query per flight.
 * Its ETag and 304 are the route's (flights/routes.ts, decision 0013).
 */
export async function groundStatus(
  db: Kysely<DB>,
  ctx: MemberContext,
  query: { club?: string | undefined; day?: string | undefined; includePilots?: boolean | undefined },
): Promise<GroundStatus> {
  assertSameClub(ctx, namedClub(query.club));
  const today = clubToday(ctx.club.time_zone, ctx.now);
  const day = query.day ?? today;
  const viewer = { userId: ctx.user.id, lockDate: ctx.club.lock_date };
  const { flights, tugs, pilots: pilotRows } = await readLine(db, ctx.club.id, { day, line: day === today, includePilots: query.includePilots ?? false });
  const status: GroundStatus = { day, flights: flights.map((row) => flightRecord(row, viewer)), tugs: tugStatusesOf(tugs) };
  if (pilotRows) {
    status.pilots = pilotRows
      .filter((row) => isMembershipActive({ isActive: row.is_active, activeExpiration: row.active_expiration }, ctx.club.time_zone, ctx.now))
      .map((row) => ({ userID: row.user_id, first: row.firstName, last: row.lastName, isTowPilot: row.is_tow_pilot }))
      .sort((a, b) => compareText(`${a.first} ${a.last}`, `${b.first} ${b.last}`) || a.userID.localeCompare(b.userID));
  }
  return status;
}
