import { z } from 'zod';
import {
  flyingDayQuery,
  flyingPlanSchema,
  generateRosterSchema,
  offerSwapSchema,
  publishRosterSchema,
  rosterRangeQuery,
  rosterSettingsSchema,
  saveDutyRoleSchema,
  setBlackoutsSchema,
  setDutyEligibilitySchema,
  setDutyLimitSchema,
  setDutySchema,
  swapActionSchema,
  volunteerSchema,
  withdrawPlanSchema,
} from '../schemas/roster.ts';
import { defineCall } from './define-call.ts';
import { clubQuery, memberQuery } from './params.ts';
import { doneFields } from './shapes.ts';

/** Who is on duty: roles, availability, the roster, swaps and planned flying (docs/duty-roster.md). */

const ROSTER_EDITORS = ['admin', 'canEditRoster'] as const;
const NOT_A_ROSTER_EDITOR = 'Only an admin or a member with Can Edit Roster can change the roster';

export const dutyPersonAnswer = z.object({ userID: z.string(), first: z.string(), last: z.string() });

export const dutyRoleAnswer = z.object({
  roleId: z.string(),
  name: z.string(),
  /** instructor, towPilot and dutyPilot every club has; custom: added by an admin. */
  kind: z.enum(['instructor', 'towPilot', 'dutyPilot', 'custom']),
  active: z.boolean(),
});

export const getDutyRoles = defineCall({
  method: 'GET',
  path: '/api/get-duty-roles',
  summary: "The club's duty roles and, for each active member, the roles they may take now",
  access: 'member',
  query: clubQuery,
  answer: z.object({
    /** Instructor, Tow pilot, Duty pilot, then added roles by name. */
    roles: z.array(dutyRoleAnswer),
    /** Active members by last then first name, with the ids of the active roles each may take. */
    people: z.array(dutyPersonAnswer.extend({ roleIds: z.array(z.string()) })),
  }),
});

export const saveDutyRole = defineCall({
  method: 'POST',
  path: '/api/save-duty-role',
  summary: 'Add a duty role (a new id), rename an added one, or make any role active or inactive (admin)',
  access: 'member',
  right: 'admin',
  refusal: 'Only an admin can change the duty roles',
  body: saveDutyRoleSchema,
  answer: z.object({ ...doneFields, role: dutyRoleAnswer }),
});

export const setDutyEligibility = defineCall({
  method: 'POST',
  path: '/api/set-duty-eligibility',
  summary:
    'Let a member take a duty role or not (admin): duty pilot and added roles by this choice; ' +
    "instructor and tow pilot follow the member's flag, and false leaves a flagged member out",
  access: 'member',
  right: 'admin',
  refusal: 'Only an admin can choose who may take a duty role',
  body: setDutyEligibilitySchema,
  answer: z.object({ ...doneFields, userID: z.string(), roleIds: z.array(z.string()) }),
});

export const availabilityAnswer = z.object({
  userID: z.string(),
  /** Duties a month they'd take; null: no limit. */
  maxPerMonth: z.number().nullable(),
  /** Days they can't do, from the club's today on, in order. */
  blackouts: z.array(z.string()),
});

export const getDutyAvailability = defineCall({
  method: 'GET',
  path: '/api/get-duty-availability',
  summary:
    "A member's blackout days (from today on) and duties a month: the " +
    "caller's own, anyone's for an admin or Can Edit Roster",
  access: 'member',
  query: memberQuery,
  answer: availabilityAnswer,
});

export const setDutyLimit = defineCall({
  method: 'POST',
  path: '/api/set-duty-limit',
  summary:
    "How many duties a month a member would take (0–31, or null for no limit): the caller's own, anyone's for an admin",
  access: 'member',
  body: setDutyLimitSchema,
  answer: z.object({ ...doneFields, availability: availabilityAnswer }),
});

export const setBlackouts = defineCall({
  method: 'POST',
  path: '/api/set-blackouts',
  summary:
    "Add or remove days a member can't do (from today on; at most 200 ahead): the caller's own, anyone's for an admin",
  access: 'member',
  body: setBlackoutsSchema,
  answer: z.object({ ...doneFields, availability: availabilityAnswer }),
});

export const rosterSettingsAnswer = rosterSettingsSchema;

export const getRosterSettings = defineCall({
  method: 'GET',
  path: '/api/get-roster-settings',
  summary: "The club's flying weekdays, when an untaken swap is flagged and the busy-day threshold",
  access: 'member',
  query: clubQuery,
  answer: rosterSettingsAnswer,
});

export const updateRosterSettings = defineCall({
  method: 'POST',
  path: '/api/update-roster-settings',
  summary: "Set the club's flying weekdays, swap warning days and busy-day threshold (admin)",
  access: 'member',
  right: 'admin',
  refusal: 'Only an admin can change the roster settings',
  body: rosterSettingsSchema,
  answer: z.object({ ...doneFields, settings: rosterSettingsAnswer }),
});

export const dutyAnswer = z.object({
  dutyId: z.string(),
  day: z.string(),
  roleId: z.string(),
  role: z.string(),
  /** A duty beyond the day's one of its role (a volunteer on a busy day). */
  extra: z.boolean(),
  /** Who members see on it: the published person; null when nobody or not published. */
  person: dutyPersonAnswer.nullable(),
  /** Published at least once. */
  published: z.boolean(),
  /** The working copy (roster editors only; for others the same as person). */
  draft: dutyPersonAnswer.nullable(),
  /** The working copy differs from what members see: publishing changes it. */
  changed: z.boolean(),
  /** An open offer to swap it. */
  swap: z.object({ swapId: z.string(), offeredBy: dutyPersonAnswer, note: z.string() }).nullable(),
});

export const getRoster = defineCall({
  method: 'GET',
  path: '/api/get-roster',
  summary:
    'The roster of a range (at most 92 days): published duties for ' +
    'members; with the drafts for an admin or Can Edit Roster',
  access: 'member',
  query: rosterRangeQuery,
  answer: z.object({
    start: z.string(),
    end: z.string(),
    /** The caller may generate, edit and publish. */
    canEdit: z.boolean(),
    /** By day, then role (Instructor, Tow pilot, Duty pilot, added roles by name), the day's duty before extra ones. */
    duties: z.array(dutyAnswer),
  }),
});

export const generateRoster = defineCall({
  method: 'POST',
  path: '/api/generate-roster',
  summary:
    "Draft the roster of a range (at most 92 days, from today on) for the club's flying days or the " +
    'days given: replaces draft duties, keeps published days unless replacePublished',
  access: 'member',
  right: ROSTER_EDITORS,
  refusal: NOT_A_ROSTER_EDITOR,
  body: generateRosterSchema,
  answer: z.object({
    ...doneFields,
    /** Days drafted. */
    days: z.array(z.string()),
    /** Days left as they were: published (without replacePublished). */
    keptDays: z.array(z.string()),
    /** Duties drafted, and how many of them nobody could take. */
    drafted: z.number(),
    uncovered: z.number(),
  }),
});

export const setDuty = defineCall({
  method: 'POST',
  path: '/api/set-duty',
  summary:
    'Put a member on one duty of the working copy, or clear it (refused for someone ' +
    'who may not take the role, is blacked out or is on duty that day)',
  access: 'member',
  right: ROSTER_EDITORS,
  refusal: NOT_A_ROSTER_EDITOR,
  body: setDutySchema,
  answer: z.object({ ...doneFields, duty: dutyAnswer.nullable() }),
});

export const publishRoster = defineCall({
  method: 'POST',
  path: '/api/publish-roster',
  summary:
    'Publish the working copy of a range: members see it, and everyone ' +
    'whose duties changed is emailed once with their duties',
  access: 'member',
  right: ROSTER_EDITORS,
  refusal: NOT_A_ROSTER_EDITOR,
  body: publishRosterSchema,
  answer: z.object({
    ...doneFields,
    /** Duties whose published person changed (or that were published for the first time). */
    published: z.number(),
    /** People emailed. */
    told: z.number(),
  }),
});

export const swapAnswer = z.object({
  swapId: z.string(),
  dutyId: z.string(),
  day: z.string(),
  roleId: z.string(),
  role: z.string(),
  offeredBy: dutyPersonAnswer,
  note: z.string(),
  state: z.enum(['open', 'accepted', 'withdrawn']),
  acceptedBy: dutyPersonAnswer.nullable(),
  /** The caller may accept it: may take the role, is not blacked out, is not on duty that day. */
  canAccept: z.boolean(),
});

export const getSwaps = defineCall({
  method: 'GET',
  path: '/api/get-swaps',
  summary: 'Open swap offers of duties from today on, by day',
  access: 'member',
  query: clubQuery,
  answer: z.object({ swaps: z.array(swapAnswer) }),
});

export const offerSwap = defineCall({
  method: 'POST',
  path: '/api/offer-swap',
  summary:
    "Offer one of the caller's published duties (today or later) to anyone " +
    "who may take it; swapId is the phone's idempotency key",
  access: 'member',
  body: offerSwapSchema,
  answer: z.object({ ...doneFields, swap: swapAnswer }),
});

export const acceptSwap = defineCall({
  method: 'POST',
  path: '/api/accept-swap',
  summary: 'Take an offered duty: the roster changes at once and both are emailed',
  access: 'member',
  body: swapActionSchema,
  answer: z.object({ ...doneFields, swap: swapAnswer }),
});

export const withdrawSwap = defineCall({
  method: 'POST',
  path: '/api/withdraw-swap',
  summary: 'Take back an offer nobody has accepted (the member who made it, or an admin)',
  access: 'member',
  body: swapActionSchema,
  answer: z.object({ ...doneFields, swap: swapAnswer }),
});

export const flyingPlanAnswer = dutyPersonAnswer.extend({
  instruction: z.boolean(),
  gliderId: z.string().nullable(),
  tow: z.boolean(),
});

export const flyingDayAnswer = z.object({
  day: z.string(),
  /** Members who plan to fly, how many want instruction, how many want a tow. */
  planners: z.number(),
  wantInstruction: z.number(),
  wantTow: z.number(),
  /** Who plans to fly, by last then first name. */
  plans: z.array(flyingPlanAnswer),
  /** The caller's own plan. */
  myPlan: flyingPlanAnswer.nullable(),
  /** The published duties of the day (roster order). */
  duties: z.array(dutyAnswer),
});

export const getFlyingDay = defineCall({
  method: 'GET',
  path: '/api/get-flying-day',
  summary: 'A day: who plans to fly and what they want (counts and names), and who is on duty',
  access: 'member',
  query: flyingDayQuery,
  answer: flyingDayAnswer,
});

export const setFlyingPlan = defineCall({
  method: 'POST',
  path: '/api/set-flying-plan',
  summary:
    'Say you plan to fly a day (today or later), with what you want: ' +
    'instruction, a glider, a tow; sent again it changes the plan',
  access: 'member',
  body: flyingPlanSchema,
  answer: z.object({ ...doneFields, flyingDay: flyingDayAnswer }),
});

export const withdrawFlyingPlan = defineCall({
  method: 'POST',
  path: '/api/withdraw-flying-plan',
  summary: "Take back the caller's plan to fly a day",
  access: 'member',
  body: withdrawPlanSchema,
  answer: z.object({ ...doneFields, flyingDay: flyingDayAnswer }),
});

export const volunteerDuty = defineCall({
  method: 'POST',
  path: '/api/volunteer-duty',
  summary:
    'Join a day (today or later) as an extra duty of a role you may ' +
    'take: published at once (the busy-day email links here)',
  access: 'member',
  body: volunteerSchema,
  answer: z.object({ ...doneFields, duty: dutyAnswer }),
});
