import type { Kysely } from 'kysely';
import type { CrewPageData, GliderItem } from '@flightline/domain/api/types';
import { clubToday, isMembershipActive } from '@flightline/domain/time/club-time';
import { fundsStanding, orderPilots } from '@flightline/domain/flights/crew-rules';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, type MemberContext } from '../../http/context.ts';
import { forbidden } from '../../http/errors.ts';
import { namedClub } from '../../http/params.ts';
import { getClubInfo } from '../clubs/service.ts';
import { activeLaunchTypeIds } from '../fleet/repo.ts';
import { listGliderItems } from '../fleet/glider-service.ts';
import { listIntroLaunchItems } from '../fleet/intro-launch-service.ts';
import { listLaunchItems } from '../fleet/launch-service.ts';
import { listAvailableIntros } from '../intros/repo.ts';
import { introItem } from '../intros/service.ts';
import { memberApSumsCents } from '../ledger/repo.ts';
import { mayReadAccount } from '../ledger/service.ts';
import { listFlaggedActivePilots } from '../members/repo.ts';
import { glidersFlownOn, listUnfinishedFlightCrews, recentGlidersOfPilot } from './repo.ts';

/** "Recently used" gliders: those the pilot flew in this many days before today. */
export const RECENT_GLIDER_DAYS = 90;

function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * GET /api/serve-crew: everything the Request Flight page needs in one call
 * (docs/flight-line.md "What the pages read"). Gliders: ready = status Ready and on no unfinished
 * flight; unused = ready and on none of today's flights; flying = on an
 * unfinished flight or status Flying; recent = ready gliders the caller flew
 * in the last RECENT_GLIDER_DAYS days, most recent first. Intros: those a
 * flight can take, expired ones included (the page warns). Pilots: each
 * one's standing against the club's minimum and warning levels, and the
 * glider of the unfinished flight they are on, so the page judges the pilot
 * being placed as the server will; the amounts only where the caller may
 * read that account (their own; everyone's for admins and Can Add Funds).
 */
export async function serveCrew(
  db: Kysely<DB>,
  ctx: MemberContext,
  query: { club?: string | undefined; userID?: string | undefined },
): Promise<CrewPageData> {
  assertSameClub(ctx, namedClub(query.club));
  if (query.userID !== undefined && query.userID !== ctx.user.id)
    throw forbidden('The crew page loads for the signed-in member only');
  const clubId = ctx.club.id;
  const today = clubToday(ctx.club.time_zone, ctx.now);
  const [pilotRows, apSums, launches, introLaunches, intros, clubInfo, gliders, unfinishedFlights, flownToday, recent] =
    await Promise.all([
      listFlaggedActivePilots(db, clubId),
      memberApSumsCents(db, clubId, new Date(ctx.now)),
      listLaunchItems(db, clubId, { includeInactive: false }),
      listIntroLaunchItems(db, clubId, { includeInactive: false }),
      listAvailableIntros(db, clubId),
      getClubInfo(db, ctx, { activeLaunchTypeIds }),
      listGliderItems(db, clubId),
      listUnfinishedFlightCrews(db, clubId),
      glidersFlownOn(db, clubId, today),
      recentGlidersOfPilot(db, clubId, ctx.user.id, daysBefore(today, RECENT_GLIDER_DAYS)),
    ]);

  const levels = { minimumLevelCents: ctx.club.minimum_level_cents, warningLevelCents: ctx.club.warning_level_cents };
  const balanceOf = (userId: string) => 0 - (apSums.get(userId) ?? 0);
  const unfinished = new Set(unfinishedFlights.map((flight) => flight.glider));
  const onLineIn = new Map<string, string>();
  for (const flight of unfinishedFlights) {
    onLineIn.set(flight.user_id, flight.glider);
    if (flight.passenger_id !== null) onLineIn.set(flight.passenger_id, flight.glider);
  }
  const standing = (userId: string) => ({
    ...fundsStanding(balanceOf(userId), levels),
    ...(mayReadAccount(ctx, userId) ? { balanceCents: balanceOf(userId) } : {}),
    onLineIn: onLineIn.get(userId) ?? null,
  });

  const pilots = orderPilots(
    pilotRows
      .filter((row) =>
        isMembershipActive(
          { isActive: row.is_active, activeExpiration: row.active_expiration },
          ctx.club.time_zone,
          ctx.now,
        ),
      )
      .map((row) => ({
        userID: row.user_id,
        first: row.firstName,
        last: row.lastName,
        weight: row.weight_kg ?? 0,
        groundOnly: row.ground_only,
        isInstructor: row.is_instructor,
        ...standing(row.user_id),
      })),
    ctx.user.id,
  ).map(({ userID, ...rest }) => ({ pilotID: userID, ...rest }));
  const me = pilots.find((pilot) => pilot.pilotID === ctx.user.id);

  const readyGliders: Record<string, GliderItem> = {};
  const flyingGliders: string[] = [];
  for (const glider of gliders) {
    if (glider.status === 'Flying' || unfinished.has(glider.id)) flyingGliders.push(glider.id);
    else if (glider.status === 'Ready') readyGliders[glider.id] = glider;
  }
  const ready = gliders.filter((glider) => readyGliders[glider.id] !== undefined);
  const multiSeat = (id: string) => (readyGliders[id]?.places ?? 0) >= 2;
  const unusedGliders = ready.filter((glider) => !flownToday.has(glider.id)).map((glider) => glider.id);
  const recentGliders = recent.filter((id) => readyGliders[id] !== undefined);

  return {
    pilot: {
      pilotID: ctx.user.id,
      first: me?.first ?? ctx.user.firstName,
      last: me?.last ?? ctx.user.lastName,
      weight: me?.weight ?? 0,
      groundOnly: ctx.pilot.ground_only,
      isInstructor: ctx.pilot.is_instructor,
      ...standing(ctx.user.id),
      balanceCents: balanceOf(ctx.user.id),
    },
    pilots,
    launches,
    introLaunches,
    intros: intros.map(introItem),
    clubInfo,
    readyGliders,
    unusedGliders,
    unusedMultiSeatGliders: unusedGliders.filter(multiSeat),
    flyingGliders,
    recentGliders,
    recentMultiSeatGliders: recentGliders.filter(multiSeat),
  };
}
