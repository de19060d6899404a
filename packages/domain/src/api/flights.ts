import { z } from 'zod';
import { dayInRange, FIRST_DAY, isInstantInRange, LAST_DAY } from '../schemas/dates.ts';
import { updateFlightSchema } from '../schemas/flights.ts';
import { gliderItemAnswer, introLaunchItemAnswer, launchItemAnswer, tugItemAnswer } from './admin.ts';
import { getClubInfo } from './clubs.ts';
import { defineCall } from './define-call.ts';
import { introItemAnswer } from './intros.ts';
import { booleanParam, clubParam, memberQuery, userIdParam } from './params.ts';
import { doneFields } from './shapes.ts';
import { tugStatusAnswer } from './tugs.ts';

/**
 * The flight line's calls (docs/flight-line.md): the crew page, the line
 * page's poll and actions, the flights export and the flight logs. Every
 * active member may call them; the log edit's right is checked by the
 * service with its own message, so none declares a `right`.
 */

const epochMs = (what: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `${what} must be a time in epoch milliseconds`)
    .transform(Number)
    .refine(isInstantInRange, `${what} must be a time between ${FIRST_DAY} and ${LAST_DAY}`);

/** A day 'YYYY-MM-DD' (in the club's zone), or an instant in epoch ms taken as its club day. */
const logDay = (what: string) =>
  z.union(
    [
      dayInRange(),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .refine((ms) => isInstantInRange(Number(ms))),
    ],
    {
      message: `${what} must be a date like 2025-07-10`,
    },
  );

export const flightCorrectionAnswer = z.object({
  by: z.string(),
  byName: z.string(),
  submittedAt: z.number(),
  /** field → [old, new] */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});

/**
 * A line action whose tap time was more than the club's allowance before the
 * server received it (domain late-entry.ts): kept at its tap time, shown in
 * the flight's history with who sent it and when it came.
 */
export const lateEntryAnswer = z.object({
  action: z.enum(['Create', 'Launch', 'Landing', 'UndoLaunch', 'UndoLanding', 'CancelRequest', 'ReleaseHeight']),
  by: z.string(),
  byName: z.string(),
  /** The tap time, epoch ms. */
  happenedAt: z.number(),
  /** When the server received it, epoch ms. */
  receivedAt: z.number(),
});

export const flightRecordAnswer = z.object({
  id: z.string(),
  dateString: z.string(),
  user: z.string(),
  first: z.string(),
  last: z.string(),
  flyWith: z.enum(['Alone', 'Instructor', 'Member', 'Intro', 'Friend']),
  passengerID: z.string(),
  passengerFirst: z.string(),
  passengerLast: z.string(),
  pilotInCharge: z.boolean(),
  shareCost: z.boolean(),
  glider: z.string(),
  launchType: z.string(),
  introRef: z.string(),
  towSpeed: z.number(),
  submittedAt: z.number(),
  /** Where the flight stands in the queue: `submittedAt`, or when a request entered late was received. */
  queuedAt: z.number(),
  acceptedAt: z.number().nullable(),
  launchedAt: z.number().nullable(),
  offTowAt: z.number().nullable(),
  landedAt: z.number().nullable(),
  cancelledAt: z.number().nullable(),
  releaseHeight: z.number(),
  releaseSetBy: z.string(),
  towPilot: z.string(),
  tug: z.string(),
  launchTransaction: z.number().nullable(),
  landingTransaction: z.number().nullable(),
  /** Shown only to the flight's own user and never for intro flights (null otherwise). */
  launchCost: z.number().nullable(),
  flightCost: z.number().nullable(),
  flightLocked: z.boolean(),
  corrections: z.array(flightCorrectionAnswer),
  /** Its line actions entered late, oldest first. */
  lateEntries: z.array(lateEntryAnswer),
  /** Its line actions recorded from the OGN feed (docs/ogn.md), oldest first; the history says "from OGN". */
  fromOgn: z.array(z.object({ action: z.string(), happenedAt: z.number() })).optional(),
});

/** A pilot on the crew page (docs/flight-line.md, "What the pages read"). */
export const crewPilotAnswer = z.object({
  pilotID: z.string(),
  first: z.string(),
  last: z.string(),
  weight: z.number(),
  groundOnly: z.boolean(),
  isInstructor: z.boolean(),
  /** The balance against the club's minimum and warning levels: for every pilot. */
  belowMinimum: z.boolean(),
  belowWarning: z.boolean(),
  /** The amount: the caller's own, and everyone's for an admin or a Can Add Funds holder only. */
  balanceCents: z.number().optional(),
  /** The glider of the unfinished flight this person is on (as pilot or second person), or null. */
  onLineIn: z.string().nullable(),
});

export const serveCrew = defineCall({
  method: 'GET',
  path: '/api/serve-crew',
  summary:
    "The Request Flight page: the caller's pilot and balance, pilots, " +
    'launch types, intros, club info and gliders by availability',
  access: 'member',
  query: memberQuery,
  answer: z.object({
    pilot: crewPilotAnswer.extend({ balanceCents: z.number() }),
    pilots: z.array(crewPilotAnswer),
    launches: z.array(launchItemAnswer),
    introLaunches: z.array(introLaunchItemAnswer),
    intros: z.array(introItemAnswer),
    clubInfo: getClubInfo.answer,
    readyGliders: z.record(z.string(), gliderItemAnswer),
    unusedGliders: z.array(z.string()),
    unusedMultiSeatGliders: z.array(z.string()),
    flyingGliders: z.array(z.string()),
    recentGliders: z.array(z.string()),
    recentMultiSeatGliders: z.array(z.string()),
  }),
});

export const groundStatus = defineCall({
  method: 'GET',
  path: '/api/ground-status',
  summary:
    "The line page's poll: the day's flights on the line (not " +
    'cancelled), the tugs, and with includePilots the active members',
  access: 'member',
  query: z.object({
    club: clubParam,
    day: dayInRange('Use a date like 2025-07-10').optional(),
    includePilots: booleanParam.optional(),
  }),
  answer: z.object({
    day: z.string(),
    flights: z.array(flightRecordAnswer),
    tugs: z.array(tugStatusAnswer),
    pilots: z
      .array(z.object({ userID: z.string(), first: z.string(), last: z.string(), isTowPilot: z.boolean() }))
      .optional(),
  }),
});

export const updateFlight = defineCall({
  method: 'POST',
  path: '/api/update-flight/',
  summary:
    'A line action on a flight: Launch, Landing, UndoLaunch, UndoLanding, CancelRequest, ReleaseHeight ' +
    '(every active member); ChangeFlight, the log edit (admin or Can Edit Flight Logs)',
  access: 'member',
  body: updateFlightSchema,
  answer: z.object({
    ...doneFields,
    /** The flight as stored after the action. */
    flight: flightRecordAnswer,
  }),
});

export const getFlights = defineCall({
  method: 'GET',
  path: '/api/get-flights/',
  summary:
    "The club's flights requested between startDate and endDate (epoch ms, at most a year), cancelled ones included",
  access: 'member',
  query: z.object({ club: clubParam, startDate: epochMs('startDate'), endDate: epochMs('endDate') }),
  answer: z.array(flightRecordAnswer),
});

export const serveLogs = defineCall({
  method: 'GET',
  path: '/api/serve-logs',
  summary:
    "The flight logs of whole club days [startDate, endDate] (at most a year; a member's logbook with " +
    "userID, any length), the club's pilots, and with includeSetup what the edit form offers",
  access: 'member',
  query: z.object({
    club: clubParam,
    startDate: logDay('startDate').optional(),
    endDate: logDay('endDate').optional(),
    includeSetup: booleanParam.optional(),
    userID: userIdParam.optional(),
  }),
  answer: z.object({
    startDate: z.string(),
    endDate: z.string(),
    flights: z.array(flightRecordAnswer),
    /**
     * The club's active members, and anyone else on the listed flights (a pilot,
     * second person or tow pilot no longer active: isActive false) so every name resolves.
     */
    pilots: z.array(
      z.object({
        userID: z.string(),
        first: z.string(),
        last: z.string(),
        groundOnly: z.boolean(),
        isInstructor: z.boolean(),
        isTowPilot: z.boolean(),
        isActive: z.boolean().optional(),
      }),
    ),
    /** With includeSetup: the choices of the edit form. */
    gliders: z.array(gliderItemAnswer).optional(),
    launches: z.array(launchItemAnswer).optional(),
    tugs: z.array(tugItemAnswer).optional(),
    intros: z.array(introItemAnswer).optional(),
    /** The caller may edit flights (admin or canEditLogs). */
    canEdit: z.boolean(),
    /** Flights on or before this day are locked. */
    lockDate: z.string().nullable(),
  }),
});
