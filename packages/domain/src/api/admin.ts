import { z } from 'zod';
import { qualificationFlags } from '../schemas/fleet.ts';
import { defineCall } from './define-call.ts';
import { introItemAnswer } from './intros.ts';
import { clubQuery } from './params.ts';

/**
 * The Administration page's call, and the items it lists (docs/clubs-and-members.md).
 * The call needs one of the rights its sections need (an admin holds them
 * all); the service empties the lists the caller may not see
 * (docs/decisions/0019-declared-calls.md).
 */

const taxStatus = z.enum(['exempt', 'inclusive', 'exclusive']);

export const gliderItemAnswer = z.object({
  id: z.string(),
  places: z.number(),
  weight: z.number(),
  rateCentsPerMinute: z.number(),
  launchSpeed: z.number(),
  status: z.enum(['Ready', 'Flying', 'Not ready']),
  blocks: z.array(z.string()),
  taxStatus,
  taxRates: z.array(z.string()),
  /** "ASK 21"; '' when not known. */
  aircraftType: z.string(),
  /** The club day hours since maintenance count from ('YYYY-MM-DD'), or null. */
  maintenanceDate: z.string().nullable(),
  /** The FLARM/OGN device address; '' for none (docs/ogn.md). The server always sends it. */
  flarmId: z.string().optional(),
});

export const tugItemAnswer = z.object({
  id: z.string(),
  aircraftType: z.string(),
  places: z.number(),
  status: z.enum(['Ready', 'Not ready']),
  /** The FLARM/OGN device address; '' for none (docs/ogn.md). The server always sends it. */
  flarmId: z.string().optional(),
});

export const launchItemAnswer = z.object({
  id: z.string(),
  kind: z.enum(['fixed', 'variable']),
  priceCents: z.number(),
  height: z.number().nullable(),
  heightRanges: z.array(z.object({ start: z.number(), end: z.number(), per: z.number(), costCents: z.number() })),
  taxStatus,
  taxRates: z.array(z.string()),
  isActive: z.boolean(),
});

export const introLaunchItemAnswer = z.object({
  id: z.string(),
  launch: z.string(),
  priceCents: z.number(),
  taxStatus: z.enum(['exempt', 'inclusive']),
  taxRates: z.array(z.string()),
  isActive: z.boolean(),
});

export const blockRuleItemAnswer = z.object({
  id: z.string(),
  name: z.string(),
  units: z.enum(['unlimited', '$', 'minutes']),
  amount: z.number(),
  blockPriceCents: z.number(),
  endsWithMembership: z.boolean(),
  endsAfterDays: z.boolean(),
  daysCount: z.number(),
  endsAfterFlyingDays: z.boolean(),
  flyingDaysCount: z.number(),
  minFlightChargeCents: z.number(),
  minFlightUnits: z.number(),
  maxFlightChargeCents: z.number().nullable(),
  maxFlightUnits: z.number().nullable(),
  excessMultiplier: z.number(),
  taxStatus,
  taxRates: z.array(z.string()),
  active: z.boolean(),
});

/** A pilot as the Administration page sees them: qualifications and membership state. */
export const adminPilotAnswer = z.object({
  userID: z.string(),
  first: z.string(),
  last: z.string(),
  /**
   * The login email; '' for a reader who is not an admin unless it is their own or an active member shares it (as
   * the directory).
   */
  email: z.string(),
  ...qualificationFlags,
  activeExpiration: z.string().nullable(),
  /** active: can use the club; inactive: deactivated or expired; pending: a membership request to answer. */
  status: z.enum(['active', 'inactive', 'pending']),
  requestedAt: z.number(),
});

export const serveAdmin = defineCall({
  method: 'GET',
  path: '/api/serve-admin',
  summary:
    'The Administration page: gliders, tugs, launch types, intro launches, block ' +
    'rules, pilots and intros, each for the rights its section needs',
  access: 'member',
  right: ['canAddFunds', 'canAddIntros', 'canUpdateGliders'],
  query: clubQuery,
  /** A list the caller has no right to see comes back empty. */
  answer: z.object({
    gliders: z.array(gliderItemAnswer),
    tugs: z.array(tugItemAnswer),
    launches: z.array(launchItemAnswer),
    introLaunches: z.array(introLaunchItemAnswer),
    blocks: z.array(blockRuleItemAnswer),
    pilots: z.array(adminPilotAnswer),
    intros: z.array(introItemAnswer),
    paymentMethods: z.array(z.string()),
    heightUnit: z.enum(['ft', 'm']),
    taxRates: z.record(z.string(), z.number()),
    membershipYearEnd: z.string(),
  }),
});
