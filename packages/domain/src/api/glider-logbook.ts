import { z } from 'zod';
import { registrationSchema } from '../schemas/fleet.ts';
import { dayRangeSchema } from '../schemas/ledger.ts';
import { gliderItemAnswer } from './admin.ts';
import { defineCall, type AnswerOf } from './define-call.ts';
import { clubQuery } from './params.ts';
import { flownAnswer } from './shapes.ts';

/**
 * Glider logbooks (docs/flight-line.md, "Glider logbooks"), for every active
 * member: what each glider flew. A launch counts once the flight was launched
 * and not cancelled; a flight and its minutes once it also landed. Hours
 * since maintenance count the flights of the glider's maintenance date and
 * after it.
 */

/** Launches, flights and flown minutes. */
const flyingAnswer = z.object({ ...flownAnswer.shape, launches: z.number() });

/** As flyingAnswer, with the launches by launch type, most first. */
const gliderTotalsAnswer = flyingAnswer.extend({
  byLaunchType: z.array(z.object({ launchType: z.string(), launches: z.number() })),
});

/** The glider as its logbook heads it. */
const gliderHeadAnswer = z.object({
  glider: z.string(),
  aircraftType: z.string(),
  status: gliderItemAnswer.shape.status,
  /** The club day hours since maintenance count from, or null when none is set. */
  maintenanceDate: z.string().nullable(),
});

export const getGliderLogbooks = defineCall({
  method: 'GET',
  path: '/api/get-glider-logbooks',
  summary:
    "The club's gliders with their all-time launches, flights and " +
    "hours, and those since each glider's maintenance date",
  access: 'member',
  query: clubQuery,
  answer: z.object({
    gliders: z.array(gliderHeadAnswer.extend({ allTime: flyingAnswer, sinceMaintenance: flyingAnswer.nullable() })),
  }),
});

export const getGliderLogbook = defineCall({
  method: 'GET',
  path: '/api/get-glider-logbook/:glider',
  summary:
    "One glider's logbook: its flights over whole club days [startDate, endDate], " +
    "their totals, all time's and those since its maintenance date",
  access: 'member',
  params: z.object({ glider: registrationSchema }),
  query: dayRangeSchema,
  answer: z.object({
    ...gliderHeadAnswer.shape,
    startDate: z.string(),
    endDate: z.string(),
    /** Launched, not cancelled, by day then request. P1 in command, P2 the other seat, by name. */
    flights: z.array(
      z.object({
        id: z.string(),
        day: z.string(),
        p1: z.string(),
        p2: z.string(),
        launchType: z.string(),
        launchedAt: z.number(),
        /** Null while still flying: then no duration. */
        landedAt: z.number().nullable(),
        minutes: z.number().nullable(),
      }),
    ),
    range: gliderTotalsAnswer,
    allTime: gliderTotalsAnswer,
    sinceMaintenance: gliderTotalsAnswer.nullable(),
  }),
});

/** GET /api/get-glider-logbooks. */
export type GliderLogbooks = AnswerOf<typeof getGliderLogbooks>;
/** GET /api/get-glider-logbook/:glider. */
export type GliderLogbook = AnswerOf<typeof getGliderLogbook>;
