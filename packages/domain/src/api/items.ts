import { z } from 'zod';
import { dayInRange } from '../schemas/dates.ts';
import { updateItemSchema } from '../schemas/items.ts';
import {
  adminPilotAnswer,
  blockRuleItemAnswer,
  gliderItemAnswer,
  introLaunchItemAnswer,
  launchItemAnswer,
  tugItemAnswer,
} from './admin.ts';
import { pilotClubAnswer } from './clubs.ts';
import { defineCall } from './define-call.ts';
import { flightRecordAnswer } from './flights.ts';
import { introItemAnswer } from './intros.ts';
import { pilotRecordAnswer } from './members.ts';
import { booleanParam, clubParam } from './params.ts';
import { doneFields } from './shapes.ts';

/**
 * The item calls: one list and one update for every kind of club item. Each
 * item type's service checks the rights its changes need, with its own
 * messages, so neither call declares a `right`. The answers are unions of
 * every type's item; each item is a strict object so that the union's
 * answer check (docs/decisions/0019-declared-calls.md) takes the item for
 * what it is, not for a type whose fields it happens to include.
 */

/** GET /api/list-items/?type=PILOT: an active member as the flight line needs them (no contact data). */
export const pilotListItemAnswer = z.object({
  userID: z.string(),
  first: z.string(),
  last: z.string(),
  isInstructor: z.boolean(),
  isTowPilot: z.boolean(),
  groundOnly: z.boolean(),
});

/** What list-items lists, by type. */
export const listedItemAnswers = {
  GLIDER: gliderItemAnswer,
  TUG: tugItemAnswer,
  LAUNCH: launchItemAnswer,
  INTRO_LAUNCH: introLaunchItemAnswer,
  BLOCK: blockRuleItemAnswer,
  PILOT: pilotListItemAnswer,
  FLIGHT: flightRecordAnswer,
};

export type ListedType = keyof typeof listedItemAnswers;

export const listItems = defineCall({
  method: 'GET',
  path: '/api/list-items/',
  summary:
    'The items of one type in the active club: GLIDER, TUG, LAUNCH, INTRO_LAUNCH, BLOCK, PILOT (active ' +
    'members; with includeInactive, admins only, every member), FLIGHT (the flights of day, default today)',
  access: 'member',
  query: z.object({
    club: clubParam,
    // Any text: an unknown type is refused by the service, naming the types it lists.
    type: z.string().trim().min(1, 'type is required').max(40),
    day: dayInRange('Use a date like 2025-07-10').optional(),
    includeInactive: booleanParam.optional(),
  }),
  // Each type named, in listedItemAnswers' order: built from Object.values, TypeScript's union of the schemas
  // drops a glider (its fields now include a tug's, so its schema reads as a kind of the tug's).
  answer: z.object({
    items: z.array(
      z.union([
        listedItemAnswers.GLIDER.strict(),
        listedItemAnswers.TUG.strict(),
        listedItemAnswers.LAUNCH.strict(),
        listedItemAnswers.INTRO_LAUNCH.strict(),
        listedItemAnswers.BLOCK.strict(),
        listedItemAnswers.PILOT.strict(),
        listedItemAnswers.FLIGHT.strict(),
      ]),
    ),
  }),
});

/** update-item PILOT weight: the stored weight. */
export const pilotWeightAnswer = z.object({ userID: z.string(), weight: z.number() });

/** The answer of an update: the item as stored. */
export const updatedItemAnswer = <I extends z.ZodType>(item: I) => z.strictObject({ ...doneFields, item });

/** update-item FLIGHT (Create): the flight on the line, and the intro sold with it. */
export const flightCreatedAnswer = z.strictObject({
  ...doneFields,
  item: flightRecordAnswer,
  /** When the request sold a new intro on the spot. */
  intro: introItemAnswer.optional(),
  /**
   * The pilot's balance after the checks, only when the caller may read it:
   * their own flight, or an admin or Can Add Funds holder; otherwise absent.
   */
  balanceCents: z.number().optional(),
});

/**
 * update-item FLIGHT sent again (same flight id, same member): the first
 * answer as it was stored, which a server before the current one wrote with
 * the flight record of its day.
 */
export const flightReplayedAnswer = flightCreatedAnswer.extend({ item: z.record(z.string(), z.unknown()) });

export const updateItem = defineCall({
  method: 'POST',
  path: '/api/update-item/',
  summary:
    'Create or update one item: GLIDER, TUG, LAUNCH, INTRO_LAUNCH, BLOCK; PILOT (own membership request, ' +
    'profile, weight; admin: qualifications, membership decision); FLIGHT (a flight request); INTRO ' +
    '(passenger rename, flight link)',
  // Each item type raises this to its own level (packages/server/src/modules/items/registry.ts).
  access: 'user',
  body: updateItemSchema,
  answer: z.union([
    flightCreatedAnswer,
    flightReplayedAnswer,
    updatedItemAnswer(
      z.union(
        [
          gliderItemAnswer,
          tugItemAnswer,
          launchItemAnswer,
          introLaunchItemAnswer,
          blockRuleItemAnswer,
          introItemAnswer,
          // PILOT: a membership request's club, a profile, a weight, an admin's change.
          pilotClubAnswer,
          pilotRecordAnswer,
          pilotWeightAnswer,
          adminPilotAnswer,
        ].map((item) => item.strict()),
      ),
    ),
  ]),
});

/** Disabled: nothing is deleted. It refuses every caller (403), after the club they name; it never answers 200. */
export const deleteItem = defineCall({
  method: 'DELETE',
  path: '/api/delete/',
  summary: 'Disabled: nothing is deleted; set the item Not ready or inactive instead',
  access: 'member',
  query: z.object({
    club: clubParam,
    object: z.string().max(40).optional(),
    item: z.string().max(100).optional(),
    date: z.string().max(10).optional(),
  }),
  answer: z.never(),
});
