import type { Kysely } from 'kysely';
import type { ClubMetrics } from '@flightline/domain/api/metrics';
import type { DB } from '../../db/schema.ts';
import { hasRight, type MemberContext } from '../../http/context.ts';
import { forbidden } from '../../http/errors.ts';
import { memberNames } from '../members/repo.ts';
import { activeMembersByMonth, busiest, byGlider, byTow, flownByPeriod, waitToLaunch } from './metrics-repo.ts';

export const METRICS_REFUSAL = 'Only admins and instructors can see the club metrics';

/**
 * Club metrics over whole club days (docs/flight-line.md, "Club metrics"),
 * for admins and instructors: each figure one aggregate statement, run side
 * by side.
 */
export async function getClubMetrics(
  db: Kysely<DB>,
  ctx: MemberContext,
  dates: { startDate: string; endDate: string },
): Promise<ClubMetrics> {
  if (!hasRight(ctx, 'admin') && !ctx.pilot.is_instructor) throw forbidden(METRICS_REFUSAL);
  const range = { clubId: ctx.club.id, fromDay: dates.startDate, toDay: dates.endDate };
  const [day, week, month, season, gliders, tows, busy, wait, active] = await Promise.all([
    flownByPeriod(db, range, 'day'),
    flownByPeriod(db, range, 'week'),
    flownByPeriod(db, range, 'month'),
    flownByPeriod(db, range, 'season'),
    byGlider(db, range),
    byTow(db, range),
    busiest(db, range, ctx.club.time_zone),
    waitToLaunch(db, range),
    activeMembersByMonth(db, range),
  ]);
  const names = await memberNames(
    db,
    tows.pilots.map((p) => p.tow_pilot!),
  );
  const sum = (rows: readonly { flights: number; minutes: number }[], key: 'flights' | 'minutes') =>
    rows.reduce((total, row) => total + row[key], 0);
  return {
    startDate: dates.startDate,
    endDate: dates.endDate,
    totals: {
      flights: sum(season, 'flights'),
      minutes: sum(season, 'minutes'),
      launches: gliders.reduce((total, g) => total + g.launches, 0),
    },
    byPeriod: { day, week, month, season },
    byTug: tows.tugs.map((t) => ({ tug: t.tug!, launches: t.launches })),
    byTowPilot: tows.pilots.map((p) => {
      const name = names.get(p.tow_pilot!);
      return {
        userID: p.tow_pilot!,
        name: name ? `${name.first} ${name.last}`.trim() : 'Unknown',
        launches: p.launches,
      };
    }),
    byGlider: gliders,
    byWeekday: busy.weekdays,
    byHour: busy.hours,
    wait: { launches: wait.launches, averageMinutes: wait.average, medianMinutes: wait.median },
    activeMembers: active,
  };
}
