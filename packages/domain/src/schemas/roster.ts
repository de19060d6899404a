import { z } from 'zod';
import { MAX_ROSTER_DAYS, daysInRange } from '../roster/roster-days.ts';
import { dayInRange } from './dates.ts';

/**
 * The duty roster's inputs (docs/duty-roster.md): the forms' and the API's
 * one schema each. What needs the database (a role of the club, a member
 * who may take it, a day not before the club's today) the server checks.
 */

const day = dayInRange();
const id = z.string().trim().min(1, 'Required').max(100);
const uuid = z.uuid('Use an id made by the app (a UUID)');

/** The most blackouts one call may add or remove, and the most future ones a member may keep. */
export const MAX_BLACKOUTS_PER_CALL = 92;
export const MAX_FUTURE_BLACKOUTS = 200;

/** A role's name as an admin writes it. */
export const dutyRoleName = z
  .string()
  .trim()
  .min(1, 'Enter a name for the role')
  .max(40, 'A role name is at most 40 characters');

type Range = { start: string; end: string };
const endsAfterStart = (r: Range) => r.end >= r.start;

/** A roster range: start to end, both included, at most 92 days. */
const range = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ club: z.string().max(100).optional(), start: day, end: day, ...shape })
    .refine((r) => endsAfterStart(r as Range), { message: 'The end must be on or after the start', path: ['end'] })
    .refine(
      (r) => !endsAfterStart(r as Range) || daysInRange((r as Range).start, (r as Range).end) <= MAX_ROSTER_DAYS,
      {
        message: `A roster range is at most ${MAX_ROSTER_DAYS} days`,
        path: ['end'],
      },
    );

export const rosterRangeQuery = range({});

export const saveDutyRoleSchema = z
  .object({
    /** The role to change; a new id (made by the app) creates the role, so a retry finds it made. */
    roleId: uuid,
    name: dutyRoleName,
    active: z.boolean().default(true),
  })
  .strict();

export const setDutyEligibilitySchema = z.object({ userID: id, roleId: uuid, eligible: z.boolean() }).strict();

export const setDutyLimitSchema = z
  .object({
    /** Another member's (admins only); the caller's own without it. */
    userID: id.optional(),
    /** Duties a month the member would take, 0–31; null: no limit. */
    maxPerMonth: z
      .number()
      .int('Enter a whole number of duties')
      .min(0, 'Enter 0 to 31 duties a month')
      .max(31, 'Enter 0 to 31 duties a month')
      .nullable(),
  })
  .strict();

export const setBlackoutsSchema = z
  .object({
    userID: id.optional(),
    /** Days to mark as can't do (from the club's today on). */
    add: z.array(day).max(MAX_BLACKOUTS_PER_CALL, `At most ${MAX_BLACKOUTS_PER_CALL} days at a time`).default([]),
    /** Days to take off the list. */
    remove: z.array(day).max(MAX_BLACKOUTS_PER_CALL, `At most ${MAX_BLACKOUTS_PER_CALL} days at a time`).default([]),
  })
  .strict()
  .refine((b) => !b.add.some((d) => b.remove.includes(d)), {
    message: 'A day cannot be both added and removed',
    path: ['remove'],
  });

export const rosterSettingsSchema = z
  .object({
    /** Weekdays that are flying days: 0 = Sunday … 6 = Saturday. */
    flyingWeekdays: z
      .array(
        z
          .number()
          .int()
          .min(0, 'Weekdays are 0 (Sunday) to 6 (Saturday)')
          .max(6, 'Weekdays are 0 (Sunday) to 6 (Saturday)'),
      )
      .max(7),
    /** An offered duty nobody has taken is flagged to the admins this many days before it, 0–60. */
    swapWarningDays: z.number().int().min(0, 'Enter 0 to 60 days').max(60, 'Enter 0 to 60 days'),
    /** Plans for a day that ask for help when only one tow pilot or instructor is on duty, 1–500. */
    surgeThreshold: z.number().int().min(1, 'Enter 1 to 500 plans').max(500, 'Enter 1 to 500 plans'),
  })
  .strict();

export const generateRosterSchema = range({
  /** The days to roster; without it, the range's flying days (the club's weekdays). Each must be in the range. */
  days: z.array(day).max(MAX_ROSTER_DAYS).optional(),
  /** Also redraft the published duties of the range (they change for members when published again). */
  replacePublished: z.boolean().default(false),
  /** Breaks ties between equals; the same seed and input give the same roster. */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(1),
}).refine((g) => !g.days || g.days.every((d) => d >= g.start && d <= g.end), {
  message: 'Every day must be within the range',
  path: ['days'],
});

export const publishRosterSchema = range({});

export const setDutySchema = z
  .object({
    day,
    roleId: uuid,
    /** Who takes it; null clears it. */
    userID: id.nullable(),
    /** An extra duty of that role and day to change instead of the day's one (clearing an extra duty removes it). */
    dutyId: uuid.optional(),
  })
  .strict();

export const offerSwapSchema = z
  .object({
    /** Made by the phone: the offer's id and idempotency key. */
    swapId: uuid,
    dutyId: uuid,
    note: z.string().trim().max(200, 'A note is at most 200 characters').default(''),
  })
  .strict();

export const swapActionSchema = z.object({ swapId: uuid }).strict();

export const flyingPlanSchema = z
  .object({
    day,
    /** Wants instruction. */
    instruction: z.boolean().default(false),
    /** The glider they'd like, a registration of the club; null: any. */
    gliderId: z.string().trim().min(1).max(20).nullable().default(null),
    /** Needs a tow (not a winch or self-launch). */
    tow: z.boolean().default(true),
  })
  .strict();

export const withdrawPlanSchema = z.object({ day }).strict();

export const flyingDayQuery = z.object({ club: z.string().max(100).optional(), day });

export const volunteerSchema = z.object({ day, roleId: uuid }).strict();

export type RosterSettingsInput = z.infer<typeof rosterSettingsSchema>;
export type FlyingPlanInput = z.infer<typeof flyingPlanSchema>;
