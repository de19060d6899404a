import { z } from 'zod';
import { OGN_MODES } from '../ogn/settings.ts';
import { defineCall } from './define-call.ts';
import { flightRecordAnswer } from './flights.ts';
import { clubParam, clubQuery } from './params.ts';
import { doneFields } from './shapes.ts';

/**
 * The OGN feed's calls (docs/ogn.md "On the line"): the line page's read of
 * the feed's state and what the crew has to decide, the decision, and the
 * device database's lookup for the glider and tug editors.
 */

/**
 * off: the club has not turned it on; waiting: no process holds the feed (or
 * it has not said so for 2 minutes); connecting: held, not connected;
 * receiving: a beacon in the last 5 minutes; quiet: none for 5 minutes or more.
 */
export const OGN_FEED_STATES = ['off', 'waiting', 'connecting', 'receiving', 'quiet'] as const;

export const ognDetectionAnswer = z.object({
  id: z.number(),
  kind: z.enum(['takeoff', 'release', 'landing']),
  /** suggested: suggest mode, a waiting request to record it on; unmatched: a takeoff no waiting request matched. */
  status: z.enum(['suggested', 'unmatched']),
  glider: z.string(),
  happenedAt: z.number(),
  /** The club's tug that towed (its registration), or null. */
  tug: z.string().nullable(),
  /** In the club's height unit; null when none was measured. */
  releaseHeight: z.number().nullable(),
  /** The waiting request a suggestion records on; null for an unmatched takeoff. */
  flightId: z.string().nullable(),
});

export const getOgnLine = defineCall({
  method: 'GET',
  path: '/api/get-ogn-line',
  summary: "The OGN feed's state for the line page, and the suggestions and unmatched takeoffs of the club's today",
  access: 'member',
  query: clubQuery,
  answer: z.object({
    mode: z.enum(OGN_MODES),
    state: z.enum(OGN_FEED_STATES),
    aircraftInRange: z.number(),
    lastBeaconMs: z.number().nullable(),
    detections: z.array(ognDetectionAnswer),
  }),
});

export const ognDecisionBody = z
  .object({
    club: clubParam,
    id: z.number().int().positive(),
    decision: z.enum(['accept', 'dismiss']),
    /** An unmatched takeoff: the waiting request it was. A suggestion records on its own. */
    flightId: z.string().trim().max(100).optional(),
  })
  .strict();

export const decideOgnDetection = defineCall({
  method: 'POST',
  path: '/api/decide-ogn-detection',
  summary:
    'Accept a suggestion (the same line action as a tap), assign an ' +
    'unmatched takeoff to a waiting request, or dismiss either',
  access: 'member',
  body: ognDecisionBody,
  answer: z.object({ ...doneFields, flight: flightRecordAnswer.nullable() }),
});

export const ognDeviceAnswer = z.object({
  deviceId: z.string(),
  deviceType: z.enum(['F', 'O', 'I']),
  aircraftModel: z.string(),
  /** '' when the owner asked not to be identified. */
  registration: z.string(),
  cn: z.string(),
  tracked: z.boolean(),
  identified: z.boolean(),
});

export const getOgnDevice = defineCall({
  method: 'GET',
  path: '/api/get-ogn-device',
  summary: "The OGN device database's entry for a FLARM ID (the glider and tug editors' suggestion)",
  access: 'member',
  query: z.object({
    club: clubParam,
    flarmId: z
      .string()
      .trim()
      .regex(/^[0-9A-Fa-f]{6}$/, 'A FLARM ID is 6 hex digits, like DDA5BA'),
  }),
  answer: z.object({ device: ognDeviceAnswer.nullable() }),
});
