import { z } from 'zod';
import { EXPENSE_CODES } from '../money/ledger.ts';
import { dayInRange, instant } from './dates.ts';

/**
 * Inputs of the money calls (docs/accounting.md): add-transaction,
 * get-balances, update-admin-parameter. Amounts are whole cents; the browser
 * parses typed text with parseCents before sending.
 */

const cents = z
  .number()
  .int('Amounts are whole cents')
  .refine((n) => n !== 0, 'The amount must not be zero')
  .refine((n) => Math.abs(n) <= 100_000_000, 'The amount is too large');
const text = (max: number) => z.string().trim().max(max);
const day = dayInRange('Use a date like 2026-06-30');
/** A client-generated key: the same key twice posts once and answers the same. */
const idempotencyKey = z.string().trim().min(8).max(100);

const base = {
  club: z.string().max(100).optional(),
  /** Effective time (epoch ms); defaults to now. Must be after the lock date. */
  time: instant().optional(),
  by: z.string().max(100).optional(),
  note: text(1000).default(''),
  idempotencyKey: idempotencyKey.optional(),
};

/** Pilot editor "Deposit": Dr Cash [transfer type] / Cr Members A/P. */
export const depositSchema = z
  .object({
    ...base,
    transactionType: z.literal('Deposit'),
    pilot: z.string().min(1).max(100),
    amountCents: cents,
    transferType: z.string().trim().min(1, 'Choose how the money came in').max(40),
    transactionRef: text(200).default(''),
  })
  .strict();

/** Pilot editor "Expense": a charge to the member by club fee class or expense code, taxed. */
export const expenseSchema = z
  .object({
    ...base,
    transactionType: z.literal('Expense'),
    pilot: z.string().min(1).max(100),
    amountCents: cents.refine((n) => n > 0, 'An expense is a positive amount; reverse a transaction to undo one'),
    /** A club fee class name, or an expense code ('60510', '60520', '60530', '60900'). */
    feeType: z.string().trim().min(1, 'Choose a fee class or expense code').max(60),
    taxStatus: z.enum(['exempt', 'inclusive', 'exclusive']),
    taxRates: z.array(z.string().trim().min(1).max(20)).max(5).default([]),
  })
  .strict();

/** Pilot editor "Block": sells a block (prepaid package) of a rule, for a season. */
export const blockPurchaseSchema = z
  .object({
    ...base,
    transactionType: z.literal('Block'),
    pilot: z.string().min(1).max(100),
    block: z
      .object({
        id: z.string().min(1, 'Choose a block').max(60),
        startDate: day,
        endDate: day,
        /** Charge `amountCents` instead of the rule's price. */
        override: z.boolean().default(false),
      })
      .strict()
      .refine((b) => b.startDate <= b.endDate, {
        message: 'The block must end on or after its start',
        path: ['endDate'],
      }),
    /** Required with override; otherwise the rule's price is charged. */
    amountCents: z.number().int().min(0).max(100_000_000).optional(),
  })
  .strict();

/** Accounting admin: an adjustment of Sales Tax A/P (Bank Payment) or Intro A/P (Write Down). */
export const adjustmentSchema = z
  .object({
    ...base,
    /** The adjustment's name without spaces. */
    transactionType: z.enum(['BankPayment', 'WriteDown']),
    account: z.union([z.literal(2510), z.literal(2120)]),
    amountCents: cents.refine((n) => n > 0, 'The amount must be more than zero'),
    /** Required for the sales tax account. */
    taxType: z.string().trim().min(1).max(20).optional(),
  })
  .strict()
  .refine((a) => (a.transactionType === 'BankPayment') === (a.account === 2510), {
    message: 'Bank Payment applies to Sales Tax A/P (2510) and Write Down to Intro A/P (2120)',
    path: ['account'],
  })
  .refine((a) => a.account !== 2510 || Boolean(a.taxType), { message: 'Choose the tax type', path: ['taxType'] });

/**
 * Discriminated by transactionType, so a refusal names the field of the kind sent ("amountCents: Amounts are whole
 * cents").
 */
export const addTransactionSchema = z.discriminatedUnion('transactionType', [
  depositSchema,
  expenseSchema,
  blockPurchaseSchema,
  adjustmentSchema,
]);

/** Correct an entry by posting its exact opposite, linked to it. */
export const reverseTransactionSchema = z
  .object({
    club: z.string().max(100).optional(),
    id: z.number().int().positive(),
    note: text(1000).default(''),
    idempotencyKey: idempotencyKey.optional(),
  })
  .strict();

/** The longest range a dated read covers: bounded, so no call reads a club's whole history at once. */
export const MAX_RANGE_YEARS = 2;

/** The day `years` after a 'YYYY-MM-DD' day, as text ('2024-02-29' + 2 → '2026-02-29', which sorts like 1 March). */
const yearsAfter = (date: string, years: number) =>
  `${Number(date.slice(0, 4)) + years}`.padStart(4, '0') + date.slice(4);

/** Query of the dated reads: whole club days, start ≤ end, at most 2 years (end before the same day 2 years on). */
export const dayRangeSchema = z
  .object({ club: z.string().max(100).optional(), startDate: day, endDate: day })
  .refine((r) => r.startDate <= r.endDate, {
    message: 'The start date must not be after the end date',
    path: ['startDate'],
  })
  .refine((r) => r.endDate < yearsAfter(r.startDate, MAX_RANGE_YEARS), {
    message: `The date range must be ${MAX_RANGE_YEARS} years or less`,
    path: ['endDate'],
  });

export const BALANCE_VIEWS = [
  'AccountingSummary',
  'TaxTransactions',
  'DepositTransactions',
  'MemberTransactions',
  'IntroTransactions',
  'TowRevenue',
  'RentalRevenue',
  'IntroRevenue',
  'OtherRevenue',
] as const;
export type BalanceView = (typeof BALANCE_VIEWS)[number];

/** update-admin-parameter: the lock date, fee classes, the default intro expiration period. */
export const adminParameterSchema = z.discriminatedUnion('parameter', [
  z.object({ club: z.string().max(100).optional(), parameter: z.literal('lockDate'), lockDate: day }).strict(),
  z
    .object({
      club: z.string().max(100).optional(),
      parameter: z.literal('clubFees'),
      feeName: z.string().trim().min(1, 'Enter a fee class').max(60),
      action: z.enum(['add', 'remove']),
    })
    .strict(),
  z
    .object({
      club: z.string().max(100).optional(),
      parameter: z.literal('introStalePeriod'),
      period: z.number().int().min(0).max(3650),
    })
    .strict(),
]);

export const EXPENSE_CODE_TEXT = EXPENSE_CODES.map(String);

export type AddTransaction = z.infer<typeof addTransactionSchema>;
export type AdminParameter = z.infer<typeof adminParameterSchema>;
