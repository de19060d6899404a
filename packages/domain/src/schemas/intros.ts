import { z } from 'zod';
import { dayInRange } from './dates.ts';

/**
 * Inputs of intro (trial flight) certificates (docs/accounting.md, "Intro
 * certificates"): the sale (`POST /api/create-intro`), the refund and the
 * cancellation (`POST /api/update-item/` type INTRO, data.action Refund or
 * Cancel). Amounts are whole cents; the browser parses typed text with
 * parseCents before sending.
 */

const text = (max: number) => z.string().trim().max(max);
const name = (what: string) => text(60).min(1, `Enter the ${what}`);
const email = z.union([z.literal(''), z.email('Enter a valid email address').max(254)]);
const day = dayInRange('Use a date like 2026-06-30');
const idempotencyKey = z.string().trim().min(8).max(100);

export const introSaleSchema = z
  .object({
    club: z.string().max(100).optional(),
    idempotencyKey: idempotencyKey.optional(),
    /** The intro launch option (its label). */
    launchType: z.string().trim().min(1, 'Choose a launch type').max(40),
    /** What the buyer was shown; refused when the option's price changed meanwhile. */
    priceCents: z.number().int().min(0).max(100_000_000).optional(),
    payment: z.string().trim().min(1, 'Choose a payment method').max(40),
    paymentRef: text(200).default(''),
    /** Optional: the server generates a 6-character serial when empty. */
    SN: text(20).toUpperCase().default(''),
    buyerFirst: text(60).default(''),
    buyerLast: text(60).default(''),
    buyerEmail: email.default(''),
    recipientFirst: name('passenger first name'),
    recipientLast: name('passenger last name'),
    recipientEmail: email.default(''),
    note: text(1000).default(''),
    /** Purchase date; defaults to today in the club's zone. */
    date: day.optional(),
    /** Expiration date: purchase date + stale days. */
    staleDate: day,
    taxStatus: z.enum(['exempt', 'inclusive']).default('exempt'),
    taxRates: z.array(z.string().trim().min(1).max(20)).max(5).default([]),
  })
  .strict()
  .refine((sale) => sale.date === undefined || sale.staleDate >= sale.date, {
    message: 'The expiration date must be on or after the purchase date',
    path: ['staleDate'],
  });

export type IntroSale = z.infer<typeof introSaleSchema>;

/** update-item INTRO data, action Refund: Dr Intro A/P / Cr Cash [refund method]. */
export const introRefundSchema = z
  .object({
    action: z.literal('Refund'),
    id: z.string().uuid(),
    /** The refund method (a club payment method). */
    payment: z.string().trim().min(1, 'Choose a refund method').max(40),
    refundFirst: text(60).default(''),
    refundLast: text(60).default(''),
    refundRef: text(200).default(''),
    /** The refund amount; at most what the intro still owes. */
    priceCents: z.number().int('Invalid refund amount').positive('Invalid refund amount').max(100_000_000),
    idempotencyKey: idempotencyKey.optional(),
  })
  .strict();

/** update-item INTRO data, action Cancel: what is still owed becomes Intro Revenue, unless written down before. */
export const introCancelSchema = z
  .object({
    action: z.literal('Cancel'),
    id: z.string().uuid(),
    payment: text(40).default(''),
    /** The amount paid, as shown (read-only in the form). */
    priceCents: z.number().int().min(0).max(100_000_000),
    writtenDown: z.boolean().default(false),
    idempotencyKey: idempotencyKey.optional(),
  })
  .strict();

/**
 * update-item INTRO data, action WriteDown (admin): what a refunded intro
 * still holds on Intro A/P becomes Intro Revenue — Dr 2120 [intro] / Cr 4300.
 * `priceCents` is the amount shown: it must be all the intro still holds.
 */
export const introWriteDownSchema = z
  .object({
    action: z.literal('WriteDown'),
    id: z.string().uuid(),
    priceCents: z.number().int('Invalid write-down amount').positive('Invalid write-down amount').max(100_000_000),
    note: text(1000).default(''),
    idempotencyKey: idempotencyKey.optional(),
  })
  .strict();

export type IntroRefund = z.infer<typeof introRefundSchema>;
export type IntroWriteDown = z.infer<typeof introWriteDownSchema>;
export type IntroCancel = z.infer<typeof introCancelSchema>;
