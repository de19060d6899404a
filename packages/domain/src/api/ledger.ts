import { z } from 'zod';
import {
  addTransactionSchema,
  adminParameterSchema,
  BALANCE_VIEWS,
  dayRangeSchema,
  reverseTransactionSchema,
} from '../schemas/ledger.ts';
import { defineCall } from './define-call.ts';
import { booleanParam, clubParam, memberQuery, userIdParam } from './params.ts';
import { doneFields } from './shapes.ts';

/**
 * The ledger's calls. The admin-only ones declare their right with the
 * message each has always answered; the reads of one member's account (own,
 * or any for add-funds holders) and add-transaction (whose right depends on
 * the kind of entry) are checked by their services
 * (docs/decisions/0019-declared-calls.md).
 */

const nameParam = z.string().trim().max(60).optional();

export const getBalance = defineCall({
  method: 'GET',
  path: '/api/get-balance',
  summary: "A member's account balance in cents (own, or any member's for admins and add-funds holders)",
  access: 'member',
  query: memberQuery,
  answer: z.object({ userID: z.string(), balanceCents: z.number() }),
});

export const blockBalanceAnswer = z.object({
  blockId: z.string(),
  blockName: z.string(),
  blockUnits: z.enum(['$', 'minutes', 'unlimited']),
  blockStarts: z.string(),
  blockExpires: z.string(),
  /** Cents for $ blocks, minutes for minutes blocks, 0 for unlimited. */
  blockBalance: z.number(),
});

export const getBlockBalances = defineCall({
  method: 'GET',
  path: '/api/get-block-balances',
  summary: "A member's blocks with what is left on each, by expiry (voided blocks left out)",
  access: 'member',
  query: memberQuery.extend({ includeExpired: booleanParam.optional() }),
  answer: z.object({ blocks: z.array(blockBalanceAnswer) }),
});

const transactionPosted = z.object({
  ...doneFields,
  transactionId: z.number(),
  /** The member's balance after the entry, when it concerns a member. */
  balanceCents: z.number().optional(),
});

export const addTransaction = defineCall({
  method: 'POST',
  path: '/api/add-transaction/',
  summary: 'Post a deposit, expense or block for a member (admin or add-funds), or an adjustment (admin)',
  access: 'member',
  body: addTransactionSchema,
  answer: transactionPosted,
});

export const reverseTransaction = defineCall({
  method: 'POST',
  path: '/api/reverse-transaction/',
  summary: 'Correct an entry by posting its exact opposite, linked to it, once (admin)',
  access: 'member',
  right: 'admin',
  refusal: 'Only an admin can reverse a transaction',
  body: reverseTransactionSchema,
  answer: transactionPosted,
});

/** A row of a member's history: newest last, with the running balance. */
export const accountRowAnswer = z.object({
  id: z.number(),
  /** Effective time, epoch ms. */
  date: z.number(),
  description: z.string(),
  /** Change to the member's balance: + for deposits, − for charges. */
  amountCents: z.number(),
  balanceCents: z.number(),
});

const accountHistory = z.object({
  transactions: z.array(accountRowAnswer),
  /** The balance at the end of the range. */
  balanceCents: z.number(),
  /** The balance before the first row. */
  openingBalanceCents: z.number(),
});

export const getTransactions = defineCall({
  method: 'GET',
  path: '/api/get-transactions',
  summary: "A member's entries over whole club days, with the running balance",
  access: 'member',
  query: dayRangeSchema.safeExtend({ id: userIdParam }),
  answer: accountHistory,
});

export const getUserTransactions = defineCall({
  method: 'GET',
  path: '/api/get-user-transactions',
  summary: "A member's entries over whole club days, with the running balance (the member screens' call)",
  access: 'member',
  query: dayRangeSchema.safeExtend({ user: userIdParam }),
  answer: accountHistory,
});

export const getRecentTransactions = defineCall({
  method: 'GET',
  path: '/api/get-recent-transactions',
  summary: "A member's last 10 entries; nothing unless both club and id are given",
  access: 'member',
  query: z.object({ club: clubParam, id: userIdParam.optional() }),
  answer: z.object({ transactions: z.array(accountRowAnswer) }),
});

/** A posting as get-all-transactions lists it. */
export const ledgerPostingAnswer = z.object({
  transactionId: z.number(),
  timestamp: z.number(),
  account: z.number(),
  /** +1 debit, −1 credit. */
  direction: z.union([z.literal(1), z.literal(-1)]),
  /** Absolute amount. */
  amountCents: z.number(),
  /** A member's id, 'Intro', or ''. */
  userId: z.string(),
  user: z.string(),
  /** What the entry is ('Deposit (Cash) ref 12', 'Block: Season 600 min'): the export's Transaction Reason. */
  description: z.string(),
  note: z.string(),
  transactionRef: z.string(),
  transactionType: z.string(),
  transferType: z.string(),
  taxName: z.string(),
  feeClass: z.string(),
  reversesId: z.number().nullable(),
});

export const getAllTransactions = defineCall({
  method: 'GET',
  path: '/api/get-all-transactions',
  summary: 'Every posting of the club over whole club days, with the chart of accounts (admin)',
  access: 'member',
  right: 'admin',
  refusal: 'Only an admin can list all transactions',
  query: dayRangeSchema,
  answer: z.object({
    transactions: z.array(ledgerPostingAnswer),
    /** Account number → name; JSON gives the numbers as keys. */
    chartOfAccounts: z.record(z.string(), z.string()),
  }),
});

export const accountTotalsAnswer = z.object({
  account: z.number(),
  startCents: z.number(),
  debitCents: z.number(),
  creditCents: z.number(),
  endCents: z.number(),
});

/** get-balances?balance=AccountingSummary */
export const accountingSummaryAnswer = z.object({
  clubName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  membersPayable: accountTotalsAnswer,
  introsPayable: accountTotalsAnswer,
  taxesPayable: accountTotalsAnswer,
  towRevenue: accountTotalsAnswer,
  rentalRevenue: accountTotalsAnswer,
  introRevenue: accountTotalsAnswer,
  otherRevenue: accountTotalsAnswer,
  cashIn: accountTotalsAnswer,
  /**
   * The expense accounts (60510, 60520, 60530, 60900), in chart order: an Expense may be booked to one instead of a
   * fee class.
   */
  expenses: z.array(accountTotalsAnswer),
  /** Sub-totals for drill-downs: per tax name, per transfer type, per fee class. */
  taxes: z.array(z.object({ taxName: z.string(), totals: accountTotalsAnswer })),
  transferTypes: z.array(z.object({ transferType: z.string(), totals: accountTotalsAnswer })),
  feeClasses: z.array(z.object({ feeClass: z.string(), totals: accountTotalsAnswer })),
  feeList: z.array(z.string()),
});

/** A drill-down row (get-balances with a transactions view). */
export const breakdownRowAnswer = z.object({
  transactionId: z.number(),
  timestamp: z.number(),
  account: z.number(),
  /**
   * Whose money it was: the member on this posting (Members A/P), else the
   * member of the entry's Members A/P posting (a deposit's cash, an expense's
   * tax and revenue); 'Intro' on an Intro A/P posting; '' when none, or when
   * the entry charges several members (then `member` lists them all).
   */
  userId: z.string(),
  /** That member's full name ('Mary Member'; 'Mary Member, Bea Flyer' for a shared cost); '' when none. */
  member: z.string(),
  description: z.string(),
  note: z.string(),
  ref: z.string(),
  method: z.string(),
  fee: z.string(),
  taxName: z.string(),
  SN: z.string(),
  soldTo: z.string(),
  /** Signed in the account's natural sign. */
  amountCents: z.number(),
});

export const breakdownAnswer = z.object({ rows: z.array(breakdownRowAnswer), feeList: z.array(z.string()) });

export const getBalances = defineCall({
  method: 'GET',
  path: '/api/get-balances',
  summary: 'The accounting summary per account (natural sign), or one drill-down, over whole club days (admin)',
  access: 'member',
  right: 'admin',
  refusal: 'Only an admin can see the accounting summary',
  query: dayRangeSchema.safeExtend({
    balance: z.enum(BALANCE_VIEWS, { message: `Use one of ${BALANCE_VIEWS.join(', ')}` }).default('AccountingSummary'),
    taxType: nameParam,
    transferType: nameParam,
    userID: userIdParam.optional(),
    feeClass: nameParam,
  }),
  // The summary for balance=AccountingSummary, a drill-down for every other view.
  answer: z.union([accountingSummaryAnswer, breakdownAnswer]),
});

export const updateAdminParameter = defineCall({
  method: 'POST',
  path: '/api/update-admin-parameter/',
  summary:
    'Accounting admin: move the lock date forward, add or remove a fee class, set the default intro expiry (admin)',
  access: 'member',
  right: 'admin',
  refusal: 'Only an admin can change accounting settings',
  body: adminParameterSchema,
  // Each parameter answers the value it set.
  answer: z.object({
    status: z.literal('ok'),
    lockDate: z.string().nullable().optional(),
    feeList: z.array(z.string()).optional(),
    period: z.number().optional(),
  }),
});
