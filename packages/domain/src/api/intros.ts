import { z } from 'zod';
import { introSaleSchema } from '../schemas/intros.ts';
import { defineCall } from './define-call.ts';
import { clubQuery } from './params.ts';
import { doneFields } from './shapes.ts';

/** The intro desk's calls: the sale and the list refund and cancel choose from. */

/** An intro (trial flight) voucher, as listed for administration. */
export const introItemAnswer = z.object({
  id: z.string(),
  SN: z.string(),
  recipientFirst: z.string(),
  recipientLast: z.string(),
  recipientEmail: z.string(),
  buyerFirst: z.string(),
  buyerLast: z.string(),
  buyerEmail: z.string(),
  launchType: z.string(),
  priceCents: z.number(),
  payment: z.string(),
  paymentRef: z.string(),
  date: z.string(),
  note: z.string(),
  staleDate: z.string(),
  flightRef: z.string(),
  taxStatus: z.enum(['exempt', 'inclusive']),
  taxRates: z.array(z.string()),
  refunded: z.boolean(),
  cancelled: z.boolean(),
});

export const createIntro = defineCall({
  method: 'POST',
  path: '/api/create-intro',
  summary: 'Sell an intro certificate: Dr Cash [payment method] / Cr Intro A/P [intro] (admin or Can Add Intros)',
  access: 'member',
  right: 'canAddIntros',
  body: introSaleSchema,
  answer: z.object({
    ...doneFields,
    intro: introItemAnswer,
    /** The sale's ledger entry; null for an intro sold at no charge (nothing is posted). */
    transactionId: z.number().nullable(),
  }),
});

/** An intro with what it still owes (Intro A/P) and whether it has expired. */
export const introListItemAnswer = introItemAnswer.extend({
  /** Intro A/P still held for this intro: the refund cap. */
  owedCents: z.number(),
  /** staleDate on or before today in the club's zone. */
  expired: z.boolean(),
});

export const getIntros = defineCall({
  method: 'GET',
  path: '/api/get-intros',
  summary:
    "The club's intros with what each still holds on Intro A/P and whether it expired; open " +
    'ones of any age, closed ones of the last 3 years (admin or Can Add Intros)',
  access: 'member',
  right: 'canAddIntros',
  query: clubQuery,
  answer: z.object({
    intros: z.array(introListItemAnswer),
    paymentMethods: z.array(z.string()),
    /** The club's default intro expiration period, in days. */
    introStalePeriod: z.number(),
  }),
});
