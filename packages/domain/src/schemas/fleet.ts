import { z } from 'zod';
import { flarmIdSchema, ognSettingsSchema } from '../ogn/settings.ts';
import { CLUB_LOGO_PATH, LOGO_ADDRESS_REFUSED } from '../club/club-logo.ts';
import { firstRangeError, type HeightUnit } from '../money/height-ranges.ts';
import { LATE_ENTRY_MESSAGE, MAX_LATE_ENTRY_MINUTES, MIN_LATE_ENTRY_MINUTES } from '../flights/late-entry.ts';
import { dayInRange } from './dates.ts';

/**
 * The items of the Administration page (docs/clubs-and-members.md, "Items"):
 * gliders, tugs, launch types, intro launch options, block rules, and the
 * fields an admin sets on a pilot. Each editor validates with these in the
 * browser and the server validates the same data with the same schemas.
 *
 * `*FieldsSchema` lists every editable field; a create takes the fields with
 * their defaults (`*CreateSchema`), an update only the changed ones
 * (`*UpdateSchema`, all optional, at least one). Money is integer cents.
 */

const cents = z.number().int('Enter a whole number of cents').min(0, 'Must not be negative').max(100_000_000);
const taxStatus = z.enum(['exempt', 'inclusive', 'exclusive']);
const taxNames = z.array(z.string().trim().min(1).max(20)).max(5);
const label = (what: string, max: number) =>
  z.string().trim().min(1, `${what} is required`).max(max, `${what} must be at most ${max} characters`);

/** A change must change something. */
function nonEmpty<T extends z.ZodObject>(schema: T) {
  return schema.partial().refine((value) => Object.keys(value).length > 0, { message: 'Nothing to change' });
}

// ── Glider ───────────────────────────────────────────────────────────────────

export const REGISTRATION_MAX = 20;
export const AIRCRAFT_TYPE_MAX = 60;
export const registrationSchema = label('Registration', REGISTRATION_MAX);

/** Flying is shown but set only by the system (a flight request or landing). */
export const gliderStatusSchema = z.enum(['Ready', 'Not ready']);
export const GLIDER_STATUSES = ['Ready', 'Flying', 'Not ready'] as const;

export const gliderFieldsSchema = z
  .object({
    places: z.number().int().min(1, 'Seats must be 1-4').max(4, 'Seats must be 1-4'),
    weight: z.number().int().min(0).max(2000),
    rateCentsPerMinute: cents,
    launchSpeed: z.number().int().min(0).max(200),
    status: gliderStatusSchema,
    /** Block rule ids whose blocks apply to this glider's rental. */
    blocks: z.array(z.string().min(1).max(60)).max(50),
    taxStatus,
    taxRates: taxNames,
    /** The make and model ("ASK 21"), written in the personal logbook CSV; '' when not known. */
    aircraftType: z
      .string()
      .trim()
      .max(AIRCRAFT_TYPE_MAX, `Aircraft type must be at most ${AIRCRAFT_TYPE_MAX} characters`),
    /**
     * The club day the glider's hours since maintenance count from (its last
     * annual inspection, say), or null for none. The server also refuses a
     * day after the club's today.
     */
    maintenanceDate: dayInRange('Use a real date like 2026-06-30').nullable(),
    /**
     * The FLARM/OGN device address (the beacon's id field), '' for none; unique among the club's gliders and tugs
     * (docs/ogn.md).
     */
    flarmId: flarmIdSchema,
  })
  .strict();

/** New gliders: weight 0, places 1, rate 0, launch speed 0, Not ready, no type or maintenance date. */
export const GLIDER_DEFAULTS = {
  places: 1,
  weight: 0,
  rateCentsPerMinute: 0,
  launchSpeed: 0,
  status: 'Not ready',
  blocks: [],
  taxStatus: 'exempt',
  taxRates: [],
  aircraftType: '',
  maintenanceDate: null,
  flarmId: '',
} as const satisfies z.infer<typeof gliderFieldsSchema>;

export const gliderUpdateSchema = nonEmpty(gliderFieldsSchema);

/**
 * What a holder of Can Update Gliders may change on an existing glider: the
 * operational fields. The other details are an admin's (docs/clubs-and-members.md).
 */
export const GLIDER_OPERATIONAL_FIELDS: readonly (keyof z.infer<typeof gliderFieldsSchema>)[] = [
  'status',
  'maintenanceDate',
];

/** Why a maintenance date can't be kept, given the club's today; null when it can. */
export function maintenanceDateProblem(day: string | null, clubToday: string): string | null {
  if (day !== null && day > clubToday)
    return `The maintenance date must not be in the future: the club's today is ${clubToday}`;
  return null;
}

// ── Tug ──────────────────────────────────────────────────────────────────────

export const tugFieldsSchema = z
  .object({
    aircraftType: z.string().trim().max(AIRCRAFT_TYPE_MAX),
    places: z.number().int().min(1, 'Seats must be 1-4').max(4, 'Seats must be 1-4'),
    status: z.enum(['Ready', 'Not ready']),
    /** The FLARM/OGN device address, '' for none (docs/ogn.md). */
    flarmId: flarmIdSchema,
  })
  .strict();

export const TUG_DEFAULTS = {
  aircraftType: '',
  places: 1,
  status: 'Not ready',
  flarmId: '',
} as const satisfies z.infer<typeof tugFieldsSchema>;

export const tugUpdateSchema = nonEmpty(tugFieldsSchema);

// ── Launch type ──────────────────────────────────────────────────────────────

export const LAUNCH_LABEL_MAX = 40;
export const launchLabelSchema = label('Launch label', LAUNCH_LABEL_MAX);

export const heightRangeSchema = z
  .object({
    start: z.number().int().min(0).max(100_000),
    end: z.number().int().min(0).max(100_000),
    per: z.number().int().min(0).max(100_000),
    costCents: cents,
  })
  .strict();

export const launchFieldsSchema = z
  .object({
    /** Fixed (Known Height) or Variable (Variable Height). */
    kind: z.enum(['fixed', 'variable']),
    /** Fixed: the price. Variable: the base price added to the ranges' costs (may be 0). */
    priceCents: cents,
    /** Fixed: the known release height. */
    height: z.number().int().min(0).max(100_000).nullable(),
    /** Variable: the priced height ranges. */
    heightRanges: z.array(heightRangeSchema).max(20),
    taxStatus,
    taxRates: taxNames,
    isActive: z.boolean(),
  })
  .strict();

export const LAUNCH_DEFAULTS = {
  kind: 'fixed',
  priceCents: 0,
  height: null,
  heightRanges: [],
  taxStatus: 'exempt',
  taxRates: [],
  isActive: true,
} as const satisfies z.infer<typeof launchFieldsSchema>;

export const launchUpdateSchema = nonEmpty(launchFieldsSchema);

/**
 * A launch type as it will be stored must make sense as a whole: a variable
 * launch needs at least one valid range (the spec's four messages), in the
 * club's height unit. Checked on the merged result of a create or update.
 */
export function launchProblem(launch: z.infer<typeof launchFieldsSchema>, unit: HeightUnit): string | null {
  if (launch.kind === 'variable') {
    if (launch.heightRanges.length === 0) return 'A variable launch needs at least one height range';
    return firstRangeError(launch.heightRanges, unit);
  }
  return null;
}

// ── Intro launch option ──────────────────────────────────────────────────────

export const introLaunchFieldsSchema = z
  .object({
    /** The launch type flown on this intro. */
    launch: launchLabelSchema,
    priceCents: cents,
    /** Intro launches are exempt or tax-inclusive only. */
    taxStatus: z.enum(['exempt', 'inclusive']),
    taxRates: taxNames,
    isActive: z.boolean(),
  })
  .strict();

/** What a new intro launch option takes when the create leaves it out (launch and price are required). */
export const INTRO_LAUNCH_DEFAULTS = { taxStatus: 'exempt', taxRates: [], isActive: true } as const satisfies Omit<
  z.infer<typeof introLaunchFieldsSchema>,
  'launch' | 'priceCents'
>;

export const introLaunchCreateSchema = introLaunchFieldsSchema.partial({
  taxStatus: true,
  taxRates: true,
  isActive: true,
});
export const introLaunchUpdateSchema = nonEmpty(introLaunchFieldsSchema);

// ── Block rule ───────────────────────────────────────────────────────────────

export const blockUnitsSchema = z.enum(['unlimited', '$', 'minutes']);

export const blockFieldsSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(60),
    units: blockUnitsSchema,
    /** Cents for $ blocks, minutes for minutes blocks, 0 for unlimited. */
    amount: z.number().int().min(0).max(100_000_000),
    blockPriceCents: cents,
    endsWithMembership: z.boolean(),
    endsAfterDays: z.boolean(),
    daysCount: z.number().int().min(0).max(3650),
    endsAfterFlyingDays: z.boolean(),
    flyingDaysCount: z.number().int().min(0).max(3650),
    minFlightChargeCents: cents,
    minFlightUnits: z.number().int().min(0).max(100_000),
    /** null: no maximum. */
    maxFlightChargeCents: cents.nullable(),
    /** null: no maximum (then the excess multiplier is hidden). */
    maxFlightUnits: z.number().int().min(0).max(100_000).nullable(),
    excessMultiplier: z.number().min(0).max(100).multipleOf(0.001),
    taxStatus,
    taxRates: taxNames,
    active: z.boolean(),
  })
  .strict();

/** Default block: ends with the membership year, no day limits, multiplier 1. */
export const BLOCK_DEFAULTS = {
  units: 'minutes',
  amount: 0,
  blockPriceCents: 0,
  endsWithMembership: true,
  endsAfterDays: false,
  daysCount: 0,
  endsAfterFlyingDays: false,
  flyingDaysCount: 0,
  minFlightChargeCents: 0,
  minFlightUnits: 0,
  maxFlightChargeCents: null,
  maxFlightUnits: null,
  excessMultiplier: 1,
  taxStatus: 'exempt',
  taxRates: [],
  active: true,
} as const satisfies Omit<z.infer<typeof blockFieldsSchema>, 'name'>;

// The name as in the fields schema (`.required()` would answer "expected nonoptional" for a missing one).
export const blockCreateSchema = blockFieldsSchema.partial().extend({ name: blockFieldsSchema.shape.name });
export const blockUpdateSchema = nonEmpty(blockFieldsSchema);

export const BLOCK_NAME_WARNING = 'Changing the name after it has been in use is likely to cause confusion';

// ── Pilot qualifications (admin) ─────────────────────────────────────────────

/** A pilot's qualifications and rights as an admin sets them, and as the Administration page reads them back. */
export const qualificationFlags = {
  isInstructor: z.boolean(),
  isTowPilot: z.boolean(),
  isAdmin: z.boolean(),
  canAddFunds: z.boolean(),
  canAddIntros: z.boolean(),
  canUpdateGliders: z.boolean(),
  canEditLogs: z.boolean(),
  /** Generates, edits and publishes the duty roster (docs/duty-roster.md). */
  canEditRoster: z.boolean(),
  groundOnly: z.boolean(),
  isActive: z.boolean(),
};

export const qualificationsSchema = z
  .object({
    ...qualificationFlags,
    /** The last day of membership ('YYYY-MM-DD'), or null for Never. */
    activeExpiration: dayInRange('Enter a date').nullable(),
  })
  .strict();

export const qualificationsUpdateSchema = nonEmpty(qualificationsSchema);

/** An admin's answer to a membership request. */
export const membershipDecisionSchema = z.object({ membership: z.enum(['accept', 'decline']) }).strict();

// ── Club settings (admin) ────────────────────────────────────────────────────

const taxRateMap = z
  .record(
    z.string().trim().min(1).max(20),
    z.number().min(0, 'A tax rate is a fraction from 0 to 1').max(1, 'A tax rate is a fraction from 0 to 1'),
  )
  .refine((rates) => Object.keys(rates).length <= 5, { message: 'At most 5 tax rates' });

export const clubSettingsSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100),
    shortName: z.string().trim().max(30),
    clubLink: z.union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(500)
        .regex(/^https?:\/\/\S+$/i, 'Enter a full link, starting with https://'),
    ]),
    /** '' or the address of an image uploaded for this club (upload-club-logo); the server checks it is this club's. */
    clubLogo: z
      .string()
      .trim()
      .max(500)
      .refine((logo) => logo === '' || CLUB_LOGO_PATH.test(logo), LOGO_ADDRESS_REFUSED),
    /** Rich text; the server sanitises it whenever it is shown. */
    message: z.string().max(20_000),
    timeZone: z.string().min(1).max(64),
    currency: z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code, like CAD'),
    heightUnit: z.enum(['ft', 'm']),
    /** Name → fraction (0.13 for 13 %). */
    taxRates: taxRateMap,
    membershipYearEnd: z.string().regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'Use MM-DD, like 12-31'),
    warningLevelCents: z.number().int().min(-100_000_000).max(100_000_000),
    minimumLevelCents: z.number().int().min(-100_000_000).max(100_000_000),
    paymentMethods: z.array(z.string().trim().min(1).max(40)).min(1, 'Keep at least one payment method').max(20),
    /**
     * A tap time older than its arrival by more than this is recorded as entered
     * late (domain late-entry.ts). Optional: an app that does not send it keeps the club's.
     */
    lateEntryMinutes: z
      .number()
      .int(LATE_ENTRY_MESSAGE)
      .min(MIN_LATE_ENTRY_MINUTES, LATE_ENTRY_MESSAGE)
      .max(MAX_LATE_ENTRY_MINUTES, LATE_ENTRY_MESSAGE)
      .optional(),
    /** The OGN feed (docs/ogn.md "Settings"). Optional: an app that does not send it keeps the club's. */
    ogn: ognSettingsSchema.optional(),
  })
  .strict()
  .refine((s) => s.minimumLevelCents <= s.warningLevelCents, {
    message: 'The minimum balance must not be above the warning level',
    path: ['minimumLevelCents'],
  })
  .refine((s) => new Set(s.paymentMethods.map((m) => m.toLowerCase())).size === s.paymentMethods.length, {
    message: 'Payment methods must differ',
    path: ['paymentMethods'],
  });

export type GliderFields = z.infer<typeof gliderFieldsSchema>;
export type TugFields = z.infer<typeof tugFieldsSchema>;
export type LaunchFields = z.infer<typeof launchFieldsSchema>;
export type IntroLaunchFields = z.infer<typeof introLaunchFieldsSchema>;
export type BlockFields = z.infer<typeof blockFieldsSchema>;
export type Qualifications = z.infer<typeof qualificationsSchema>;
export type ClubSettings = z.infer<typeof clubSettingsSchema>;
