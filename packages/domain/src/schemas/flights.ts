import { z } from 'zod';
import { FLY_WITH } from '../flights/crew-rules.ts';
import { dayInRange, instant } from './dates.ts';

/**
 * Inputs of the flight line: update-item FLIGHT, create-tow and update-flight
 * (docs/flight-line.md, docs/tugs.md).
 * Every write a phone may retry carries a client-generated idempotency key.
 */

const idempotencyKey = z.string().trim().min(8).max(100);
const personName = z.string().trim().max(60);
const weight = z.number().int().min(0).max(1000);

/** A sale on the spot (crew page "New Intro"). */
export const newIntroSchema = z
  .object({
    /** The intro launch option (its label). */
    introType: z.string().trim().min(1, 'Choose a launch method').max(40),
    recipientFirst: personName.min(1, 'Enter the passenger first name'),
    recipientLast: personName.min(1, 'Enter the passenger last name'),
    payment: z.string().trim().min(1, 'Choose a payment method').max(40),
    paymentRef: z.string().trim().max(200).default(''),
    /** Optional: the server generates one when empty. */
    SN: z.string().trim().toUpperCase().max(20).default(''),
  })
  .strict();

/** The passenger of a pre-purchased intro, renamed in the Edit Passenger dialog. */
export const updateIntroSchema = z
  .object({
    id: z.string().uuid(),
    recipientFirst: personName.min(1).optional(),
    recipientLast: personName.min(1).optional(),
  })
  .strict();

/** update-item FLIGHT data: a flight request from the crew page (action Create). */
export const flightRequestSchema = z
  .object({
    action: z.literal('Create').default('Create'),
    /** The pilot (pilot id); the payer for Alone, Instructor and Friend flights. */
    user: z.string().min(1).max(100),
    flyWith: z.enum(FLY_WITH as [string, ...string[]]),
    glider: z.string().trim().min(1, 'No glider selected').max(20),
    /** Not used for an intro flight (the intro's launch applies). */
    launchType: z.string().trim().max(40).default(''),
    /** true: the pilot is in command; false: the second person is. */
    pilotInCharge: z.boolean().default(true),
    shareCost: z.boolean().default(false),
    passengerID: z.string().max(100).default(''),
    passengerFirst: personName.default(''),
    passengerLast: personName.default(''),
    weight: weight.default(0),
    passengerWeight: weight.default(0),
    gliderWeight: weight.default(0),
    waterWeight: weight.default(0),
    towSpeed: z.number().int().min(0).max(200).default(0),
    introRef: z.string().max(100).default(''),
    newIntro: newIntroSchema.optional(),
    updateIntro: updateIntroSchema.optional(),
    /** When the person tapped Place on flight line (epoch ms); the outbox may send it later. Defaults to now. */
    submittedAt: instant().optional(),
  })
  .strict();

/** The line actions and the log edit (docs/flight-line.md, "States and line actions", "Log edits"). */
export const FLIGHT_ACTIONS = [
  'Launch',
  'Landing',
  'UndoLaunch',
  'UndoLanding',
  'CancelRequest',
  'ReleaseHeight',
  'ChangeFlight',
] as const;
export type FlightAction = (typeof FLIGHT_ACTIONS)[number];

const actionBase = {
  club: z.string().max(100).optional(),
  id: z.string().min(1).max(100),
  date: dayInRange('Use a date like 2025-07-10').optional(),
  /**
   * When it happened (epoch ms): the tap, or the line page's "Happened N
   * Minutes ago"; the outbox may send it later. Defaults to now.
   */
  time: instant().optional(),
  by: z.string().max(100).optional(),
  /**
   * When the person tapped (epoch ms); accepted for the spec's clients, the server keeps `time` and its own arrival
   * time.
   */
  enteredTime: z.number().int().nonnegative().optional(),
  idempotencyKey: idempotencyKey.optional(),
};

/**
 * update-flight ChangeFlight (a log correction by admin or canEditLogs): the
 * flight's fields as edited; one of `updateFlightSchema`'s actions.
 */
export const changeFlightSchema = z
  .object({
    ...actionBase,
    action: z.literal('ChangeFlight'),
    glider: z.string().trim().min(1, 'No glider selected').max(20),
    user: z.string().min(1).max(100),
    first: personName.optional(),
    last: personName.optional(),
    flyWith: z.enum(FLY_WITH as [string, ...string[]]),
    passengerID: z.string().max(100).default(''),
    passengerFirst: personName.default(''),
    passengerLast: personName.default(''),
    pilotInCharge: z.boolean(),
    shareCost: z.boolean(),
    launchType: z.string().trim().max(40),
    towPilot: z.string().max(100).default(''),
    tug: z.string().max(20).default(''),
    launchedAt: z.number().int().nonnegative().nullable(),
    landedAt: z.number().int().nonnegative().nullable(),
    releaseHeight: z
      .number()
      .int('Release height must be a whole number')
      .min(0, 'Release height must be positive')
      .max(100_000),
    introRef: z.string().max(100).optional(),
    launchTransaction: z.number().int().nullable().optional(),
    landingTransaction: z.number().int().nullable().optional(),
  })
  .strict()
  .refine((f) => f.landedAt === null || (f.launchedAt !== null && f.landedAt >= f.launchedAt), {
    message: 'The landing time must be after the takeoff time',
    path: ['landedAt'],
  });

export type ChangeFlight = z.infer<typeof changeFlightSchema>;

export const updateFlightSchema = z.discriminatedUnion('action', [
  z
    .object({
      ...actionBase,
      action: z.literal('Launch'),
      towPilot: z.string().max(100).default(''),
      tug: z.string().max(20).default(''),
    })
    .strict(),
  z.object({ ...actionBase, action: z.literal('Landing') }).strict(),
  z.object({ ...actionBase, action: z.literal('UndoLaunch') }).strict(),
  z.object({ ...actionBase, action: z.literal('UndoLanding') }).strict(),
  z.object({ ...actionBase, action: z.literal('CancelRequest') }).strict(),
  z
    .object({
      ...actionBase,
      action: z.literal('ReleaseHeight'),
      releaseHeight: z
        .number()
        .int('Must set a release height before submitting')
        .positive('Must set a release height before submitting')
        .max(100_000),
      overwrite: z.boolean().default(false),
    })
    .strict(),
  changeFlightSchema,
]);

export type UpdateFlight = z.infer<typeof updateFlightSchema>;

/** POST /api/create-tow/ data: a tug event; Hobbs hours and fuel litres to 2 decimals. */
const twoDecimals = (what: string) =>
  z
    .number()
    .min(0, `${what} must not be negative`)
    .max(100_000)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${what} has at most 2 decimals`);

export const towEventSchema = z
  .object({
    club: z.string().max(100).optional(),
    idempotencyKey: idempotencyKey.optional(),
    data: z
      .object({
        /** When the person tapped (epoch ms); the outbox may send it later. Defaults to now. */
        time: instant().optional(),
        by: z.string().max(100).optional(),
        tug: z.string().trim().min(1, 'Choose a tug').max(20),
        hobbs: twoDecimals('Hobbs'),
        oil: z.boolean().default(false),
        fuel: twoDecimals('Fuel').default(0),
        /** Check in: the tow pilot. */
        pilot: z.string().max(100).default(''),
        /** Check out the current pilot. */
        pilotLogOut: z.boolean().default(false),
      })
      .strict(),
  })
  .strict();

export type FlightRequest = z.infer<typeof flightRequestSchema>;
export type TowEvent = z.infer<typeof towEventSchema>;
