import { z } from 'zod';
import { dayRangeSchema } from '../schemas/ledger.ts';
import { defineCall, type AnswerOf } from './define-call.ts';
import { flownAnswer } from './shapes.ts';

/**
 * Club metrics (docs/flight-line.md, "Club metrics"): what the club flew in
 * whole club days [startDate, endDate]. A flight counts once it has landed
 * and was not cancelled; a launch once the flight was launched.
 */

const flownPeriod = z.object({ period: z.string(), ...flownAnswer.shape });

export const getClubMetrics = defineCall({
  method: 'GET',
  path: '/api/get-club-metrics',
  summary:
    "The club's flying over whole club days: flights and hours by day, week, month and season; launches by " +
    "tug and tow pilot; gliders' use; busiest days and hours; the wait from request to launch; active members " +
    'per month (admins and instructors)',
  access: 'member',
  query: dayRangeSchema,
  answer: z.object({
    startDate: z.string(),
    endDate: z.string(),
    totals: z.object({ ...flownAnswer.shape, launches: z.number() }),
    /** Periods with flying only; weeks start on Monday ('2026-07-06'), months '2026-07', seasons '2026'. */
    byPeriod: z.object({
      day: z.array(flownPeriod),
      week: z.array(flownPeriod),
      month: z.array(flownPeriod),
      season: z.array(flownPeriod),
    }),
    byTug: z.array(z.object({ tug: z.string(), launches: z.number() })),
    byTowPilot: z.array(z.object({ userID: z.string(), name: z.string(), launches: z.number() })),
    byGlider: z.array(z.object({ glider: z.string(), ...flownAnswer.shape, launches: z.number() })),
    /** 1 Monday … 7 Sunday. */
    byWeekday: z.array(z.object({ weekday: z.number(), launches: z.number() })),
    /** The launch's hour in the club's time, 0–23. */
    byHour: z.array(z.object({ hour: z.number(), launches: z.number() })),
    /** From request to launch, in whole minutes, over the launches of the range. */
    wait: z.object({
      launches: z.number(),
      averageMinutes: z.number().nullable(),
      medianMinutes: z.number().nullable(),
    }),
    /** Members who flew (as pilot or second person) each month. */
    activeMembers: z.array(z.object({ month: z.string(), members: z.number() })),
  }),
});

/** GET /api/get-club-metrics. */
export type ClubMetrics = AnswerOf<typeof getClubMetrics>;
