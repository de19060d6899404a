import { z } from 'zod';
import { defineCall, type AnswerOf } from './define-call.ts';
import { clubParam, userIdParam } from './params.ts';

/**
 * What a charge on a member's account was made of (docs/accounting.md,
 * "Charge breakdowns"). A flight's tow and rental entries keep the figures
 * their price rules gave, frozen with the entry when it was posted: a later
 * change of prices, rates or taxes never rewrites an old explanation.
 */

const taxLine = z.object({ name: z.string(), cents: z.number() });

/** A height range the release height crossed: started segments of `per` at `costCents` each. */
const crossedRange = z.object({
  start: z.number(),
  end: z.number(),
  per: z.number(),
  costCents: z.number(),
  segments: z.number(),
  cents: z.number(),
});

/** One payer's part of a flight charge: the pilot first, then the member sharing the cost. */
export const payerPartAnswer = z.object({
  memberId: z.string(),
  name: z.string(),
  /** Their part at the normal price, before blocks and tax. */
  listCents: z.number(),
  /** The block the part drew on: minutes or cents drawn, what it held after, the excess multiplier. */
  block: z
    .object({
      name: z.string(),
      units: z.enum(['$', 'minutes', 'unlimited']),
      drawn: z.number(),
      leftAfter: z.number().nullable(),
      excessMultiplier: z.number(),
    })
    .nullable(),
  /** Charged before tax (what the block did not cover). */
  cashCents: z.number(),
  netCents: z.number(),
  taxes: z.array(taxLine),
  totalCents: z.number(),
});

export const flightChargeDetail = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('launch'),
    flightId: z.string(),
    day: z.string(),
    glider: z.string(),
    launchType: z.string(),
    pricing: z.enum(['fixed', 'variable']),
    basePriceCents: z.number(),
    releaseHeight: z.number(),
    heightUnit: z.string(),
    ranges: z.array(crossedRange),
    costCents: z.number(),
    taxStatus: z.enum(['exempt', 'inclusive', 'exclusive']),
    /** The rates applied, as fractions (0.13). */
    taxRates: z.array(z.object({ name: z.string(), rate: z.number() })),
    payers: z.array(payerPartAnswer),
  }),
  z.object({
    kind: z.literal('rental'),
    flightId: z.string(),
    day: z.string(),
    glider: z.string(),
    launchedAt: z.number(),
    landedAt: z.number(),
    minutesBilled: z.number(),
    rateCentsPerMinute: z.number(),
    listCents: z.number(),
    taxStatus: z.enum(['exempt', 'inclusive', 'exclusive']),
    taxRates: z.array(z.object({ name: z.string(), rate: z.number() })),
    payers: z.array(payerPartAnswer),
  }),
]);

/**
 * Who recorded a time the charge used: the line action that set the launch,
 * the landing or the release height (its tap time, when it arrived, whether it
 * was entered late), or a log edit that corrected it.
 */
export const recordedTimeAnswer = z.object({
  event: z.enum(['launch', 'landing', 'releaseHeight']),
  /** The tap time (a correction: the time it set, or for a release height when it was made), epoch ms. */
  at: z.number(),
  byName: z.string(),
  /** When the server received it, epoch ms. */
  receivedAt: z.number(),
  /** Its tap time was more than the club's allowance before it arrived. */
  enteredLate: z.boolean(),
  /** Set by a log edit (ChangeFlight), not on the line. */
  corrected: z.boolean(),
});

export type RecordedTime = z.output<typeof recordedTimeAnswer>;

export const getChargeBreakdown = defineCall({
  method: 'GET',
  path: '/api/get-charge-breakdown',
  summary: "What one charge on a member's account was made of (own, or any member's for admins and add-funds holders)",
  access: 'member',
  query: z.object({
    club: clubParam,
    transactionId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    /** Whose part: the caller's by default. */
    user: userIdParam.optional(),
  }),
  answer: z.object({
    transactionId: z.number(),
    /** Effective time, epoch ms. */
    date: z.number(),
    description: z.string(),
    transactionType: z.string(),
    /** The entry this one reverses (its figures are the original's, taken back), or null. */
    reverses: z.number().nullable(),
    memberId: z.string(),
    /** The member's part: before tax, each tax, and what their account was charged (negative for a reversal). */
    netCents: z.number(),
    taxes: z.array(taxLine),
    totalCents: z.number(),
    /**
     * A flight's tow or rental: the price rule's figures as posted, with the
     * member's own part only in `payers` (a co-payer's share and block are
     * theirs); null for other charges and older entries.
     */
    flight: flightChargeDetail.nullable(),
    /** The other members who share this charge, by name; empty when the member pays it alone. */
    sharedWith: z.array(z.string()),
    /** Who recorded the times (and release height) the flight charge used; empty for other charges. */
    times: z.array(recordedTimeAnswer),
  }),
});

/** GET /api/get-charge-breakdown. */
export type ChargeBreakdown = AnswerOf<typeof getChargeBreakdown>;
