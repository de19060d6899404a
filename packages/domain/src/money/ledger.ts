import { splitTax, type TaxStatus } from './tax.ts';

/**
 * The chart of accounts and the postings of each ledger event (domain rules
 * "The ledger"). Amounts are cents; a debit is > 0 and a credit < 0; the
 * postings of one event always sum to 0 and none is 0.
 */

export const ACCOUNT = {
  cash: 1000,
  membersPayable: 2100,
  introsPayable: 2120,
  salesTaxPayable: 2510,
  towRevenue: 4100,
  rentalRevenue: 4200,
  introRevenue: 4300,
  otherRevenue: 4900,
  fieldMaintenance: 60510,
  clubhouseSupplies: 60520,
  gliderMaintenance: 60530,
  otherExpense: 60900,
} as const;

export type AccountNumber = (typeof ACCOUNT)[keyof typeof ACCOUNT];

export const CHART_OF_ACCOUNTS: Record<AccountNumber, string> = {
  1000: 'Cash',
  2100: 'Members A/P',
  2120: 'Intro A/P',
  2510: 'Sales Tax A/P',
  4100: 'Tow Revenue',
  4200: 'Rental Revenue',
  4300: 'Intro Revenue',
  4900: 'Other Revenue',
  60510: 'Field maintenance',
  60520: 'Clubhouse supplies',
  60530: 'Glider Maintenance',
  60900: 'Other',
};

/** The expense codes an Expense may be booked to instead of a fee class. */
export const EXPENSE_CODES = [
  ACCOUNT.fieldMaintenance,
  ACCOUNT.clubhouseSupplies,
  ACCOUNT.gliderMaintenance,
  ACCOUNT.otherExpense,
] as const;
export type ExpenseCode = (typeof EXPENSE_CODES)[number];

export interface PostingLine {
  account: AccountNumber;
  amountCents: number;
  memberId?: string | undefined;
  introId?: string | undefined;
  taxName?: string | undefined;
  transferType?: string | undefined;
  feeClass?: string | undefined;
  flightId?: string | undefined;
}

export interface TaxedItem {
  taxStatus: TaxStatus;
  taxNames: readonly string[];
  rates: Readonly<Record<string, number>>;
}

function assertCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents === 0) {
    throw new RangeError(`An amount must be a whole, non-zero number of cents, not ${amountCents}`);
  }
}

/** Drop zero lines (a tax that rounds to 0) and check the entry balances. */
function entry(lines: PostingLine[]): PostingLine[] {
  const kept = lines.filter((line) => line.amountCents !== 0);
  const sum = kept.reduce((total, line) => total + line.amountCents, 0);
  if (sum !== 0) throw new Error(`Internal error: postings sum to ${sum}`);
  if (kept.length < 2) throw new RangeError('An entry needs two or more non-zero postings');
  return kept;
}

/** A charge to `memberId` (Dr 2100 total) against `credit` (net) and sales tax. */
function taxedCharge(
  memberId: string,
  amountCents: number,
  item: TaxedItem,
  credit: Omit<PostingLine, 'amountCents'>,
  extra: Partial<PostingLine> = {},
): PostingLine[] {
  assertCents(amountCents);
  const split = splitTax(amountCents, item.taxStatus, item.taxNames, item.rates);
  return entry([
    { account: ACCOUNT.membersPayable, amountCents: split.totalCents, memberId, ...extra },
    { ...credit, amountCents: -split.netCents, ...extra },
    ...split.taxes.map((tax) => ({
      account: ACCOUNT.salesTaxPayable,
      amountCents: -tax.cents,
      taxName: tax.name,
      ...extra,
    })),
  ]);
}

/** Deposit: Dr 1000 [transfer type] / Cr 2100 [member]. A negative deposit pays money back. */
export function depositPostings(input: { memberId: string; amountCents: number; transferType: string }): PostingLine[] {
  assertCents(input.amountCents);
  return entry([
    { account: ACCOUNT.cash, amountCents: input.amountCents, transferType: input.transferType },
    { account: ACCOUNT.membersPayable, amountCents: -input.amountCents, memberId: input.memberId },
  ]);
}

/** Expense: Dr 2100 [member] total / Cr 4900 [fee class] or the expense account, net / Cr 2510 [tax]. */
export function expensePostings(
  input: {
    memberId: string;
    amountCents: number;
    category: { feeClass: string } | { expenseCode: ExpenseCode };
  } & TaxedItem,
): PostingLine[] {
  const credit: Omit<PostingLine, 'amountCents'> =
    'feeClass' in input.category
      ? { account: ACCOUNT.otherRevenue, feeClass: input.category.feeClass }
      : { account: input.category.expenseCode };
  return taxedCharge(input.memberId, input.amountCents, input, credit);
}

/** Block purchase: Dr 2100 [member] price / Cr 4200 net / Cr 2510 tax. */
export function blockPurchasePostings(input: { memberId: string; priceCents: number } & TaxedItem): PostingLine[] {
  return taxedCharge(input.memberId, input.priceCents, input, { account: ACCOUNT.rentalRevenue });
}

export type AdjustmentName = 'Bank Payment' | 'Write Down';

/** The adjustments of Accounting Admin: the account they apply to, and their postings. */
export const ADJUSTMENTS: Record<AdjustmentName, { account: AccountNumber }> = {
  'Bank Payment': { account: ACCOUNT.salesTaxPayable },
  'Write Down': { account: ACCOUNT.introsPayable },
};

/**
 * Bank Payment (tax remitted): Dr 2510 [tax] / Cr 1000.
 * Write Down (intro liability recognised): Dr 2120 / Cr 4300.
 */
export function adjustmentPostings(input: {
  adjustment: AdjustmentName;
  amountCents: number;
  taxName?: string | undefined;
  introId?: string | undefined;
}): PostingLine[] {
  assertCents(input.amountCents);
  if (input.adjustment === 'Bank Payment') {
    if (!input.taxName) throw new RangeError('Choose the tax type of a Sales Tax A/P adjustment');
    return entry([
      { account: ACCOUNT.salesTaxPayable, amountCents: input.amountCents, taxName: input.taxName },
      { account: ACCOUNT.cash, amountCents: -input.amountCents, transferType: 'Bank Payment' },
    ]);
  }
  return entry([
    { account: ACCOUNT.introsPayable, amountCents: input.amountCents, introId: input.introId },
    { account: ACCOUNT.introRevenue, amountCents: -input.amountCents },
  ]);
}

/** The same postings negated: the correction of an entry is an entry, never an edit. */
export function reversalPostings(original: readonly PostingLine[]): PostingLine[] {
  return entry(original.map((line) => ({ ...line, amountCents: -line.amountCents })));
}

/** A member's balance from their 2100 postings: deposits raise it, charges lower it. */
export function memberBalanceCents(memberPostings: readonly { amountCents: number }[]): number {
  return -memberPostings.reduce((sum, p) => sum + p.amountCents, 0);
}

/** Accounts whose natural balance is a credit: shown with the sign flipped in summaries. */
export function isCreditAccount(account: AccountNumber): boolean {
  return account >= 2000 && account < 5000;
}
