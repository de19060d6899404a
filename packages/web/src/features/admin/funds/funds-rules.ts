import type { BlockBalance, BlockRuleItem } from '@flightline/domain/api/types';
import { CHART_OF_ACCOUNTS, EXPENSE_CODES } from '@flightline/domain/money/ledger';
import { formatMoney, parseCents } from '@flightline/domain/money/money';
import { splitTax, type TaxSplit, type TaxStatus } from '@flightline/domain/money/tax';
import { isDay } from '../../../lib/club-dates.ts';

/**
 * The pilot editor's funds forms (docs/accounting.md "The pilot editor's
 * funds") as pure rules: typed amounts go straight to cents (never through a
 * float), and each form says why it cannot be submitted yet, or null.
 */

/** The largest amount the server takes ($1,000,000.00). */
export const MAX_AMOUNT_CENTS = 100_000_000;

export const AMOUNT_PROBLEM = 'Enter an amount other than zero, in dollars and cents (at most two decimals)';

/** '100' → 10000, '-12.5' → -1250; null when empty, not a number, zero or over the limit. */
export function amountCents(text: string): number | null {
  const cents = parseCents(text);
  if (cents === null || cents === 0 || Math.abs(cents) > MAX_AMOUNT_CENTS) return null;
  return cents;
}

export interface DepositDraft {
  amount: string;
  /** Pay money back to the member: the amount is taken off their balance. */
  payOut: boolean;
  transferType: string;
}

/** What a deposit adds to the member's balance: negative for a pay-out (or a negative amount typed). */
export function depositCents(draft: Pick<DepositDraft, 'amount' | 'payOut'>): number | null {
  const cents = amountCents(draft.amount);
  if (cents === null) return null;
  return draft.payOut ? -Math.abs(cents) : cents;
}

export function depositProblem(draft: DepositDraft): string | null {
  if (depositCents(draft) === null) return AMOUNT_PROBLEM;
  if (!draft.transferType) return 'Choose how the money came in';
  return null;
}

export interface ExpenseDraft {
  amount: string;
  /** A club fee class, or an expense code ('60510'…). */
  feeType: string;
  taxStatus: TaxStatus;
  taxRates: string[];
}

export function expenseProblem(draft: ExpenseDraft): string | null {
  const cents = amountCents(draft.amount);
  if (cents === null) return AMOUNT_PROBLEM;
  if (cents < 0) return 'An expense is a positive amount; to undo one, an admin reverses its transaction';
  if (!draft.feeType) return 'Choose a fee class or expense code';
  if (draft.taxStatus !== 'exempt' && draft.taxRates.length === 0)
    return 'Choose the applicable taxes, or make it Exempt';
  return null;
}

/**
 * What the member is charged for an expense: net, each tax and the total, as
 * the server posts it. Taxes the club no longer has are left out; null while
 * the amount is not a positive number.
 */
export function expenseCharge(
  draft: Pick<ExpenseDraft, 'amount' | 'taxStatus' | 'taxRates'>,
  clubRates: Readonly<Record<string, number>>,
): TaxSplit | null {
  const cents = amountCents(draft.amount);
  if (cents === null || cents < 0) return null;
  const known = draft.taxRates.filter((name) => clubRates[name] !== undefined);
  return splitTax(cents, draft.taxStatus, known, clubRates);
}

/** '$20.00 + HST $2.60 = $22.60', '$113.00 (HST $13.00 included)', '$20.00'. */
export function chargeText(split: TaxSplit, taxStatus: TaxStatus): string {
  if (split.taxes.length === 0) return formatMoney(split.totalCents);
  const taxes = split.taxes.map((tax) => `${tax.name} ${formatMoney(tax.cents)}`).join(' + ');
  if (taxStatus === 'inclusive') return `${formatMoney(split.totalCents)} (${taxes} included)`;
  return `${formatMoney(split.netCents)} + ${taxes} = ${formatMoney(split.totalCents)}`;
}

export interface ExpenseTypeOption {
  value: string;
  label: string;
}

/** The Expense form's choice: the club's fee classes, then the expense codes with their names. */
export function expenseTypeOptions(feeList: readonly string[]): {
  feeClasses: ExpenseTypeOption[];
  expenseCodes: ExpenseTypeOption[];
} {
  return {
    feeClasses: feeList.map((name) => ({ value: name, label: name })),
    expenseCodes: EXPENSE_CODES.map((code) => ({ value: String(code), label: `${code} ${CHART_OF_ACCOUNTS[code]}` })),
  };
}

export interface BlockDraft {
  ruleId: string;
  startDate: string;
  endDate: string;
  override: boolean;
  /** The price charged instead of the rule's, with override. */
  overrideAmount: string;
}

/** Block submit is disabled while a date is empty, and until the rule and, with override, the price are set. */
export function blockProblem(draft: BlockDraft): string | null {
  if (!draft.ruleId) return 'Choose a block';
  if (!draft.startDate || !draft.endDate) return 'Set the start and end dates';
  if (!isDay(draft.startDate) || !isDay(draft.endDate)) return 'Use dates like 2026-06-30';
  if (draft.startDate > draft.endDate) return 'The block must end on or after its start';
  if (draft.override) {
    const cents = amountCents(draft.overrideAmount);
    if (cents === null || cents < 0) return 'Enter the price to charge';
  }
  return null;
}

/** The block rules a block can be sold from: the active ones, by name. */
export function sellableRules(rules: readonly BlockRuleItem[]): BlockRuleItem[] {
  return rules.filter((rule) => rule.active).sort((a, b) => a.name.localeCompare(b.name));
}

/** '600 minutes for $300.00 + tax', 'Unlimited for $450.00 (tax included)'. */
export function ruleOffer(rule: BlockRuleItem): string {
  const what =
    rule.units === 'minutes'
      ? `${rule.amount} minutes`
      : rule.units === '$'
        ? `${formatMoney(rule.amount)} of flying`
        : 'Unlimited flying';
  const tax =
    rule.taxStatus === 'exclusive' && rule.taxRates.length > 0
      ? ` + ${rule.taxRates.join(' + ')}`
      : rule.taxStatus === 'inclusive'
        ? ' (tax included)'
        : '';
  return `${what} for ${formatMoney(rule.blockPriceCents)}${tax}`;
}

/** What is left on a block: '$120.00', '540 min', 'Unlimited'. */
export function blockLeft(block: Pick<BlockBalance, 'blockUnits' | 'blockBalance'>): string {
  if (block.blockUnits === '$') return formatMoney(block.blockBalance);
  if (block.blockUnits === 'minutes') return `${block.blockBalance} min`;
  return 'Unlimited';
}

const utcDay = (year: number, monthIndex: number, day: number) =>
  new Date(Date.UTC(year, monthIndex, day)).toISOString().slice(0, 10);

/**
 * The pilot editor's history opens on the membership year so far: from the
 * day after the last membership year end ('MM-DD') before today, to today —
 * the period a treasurer reconciles, with the balance carried in as the
 * opening balance. A bad year end falls back to 1 January.
 */
export function membershipYearToDate(today: string, membershipYearEnd: string): { startDate: string; endDate: string } {
  const year = Number(today.slice(0, 4));
  const match = /^(\d{2})-(\d{2})$/.exec(membershipYearEnd);
  if (!match) return { startDate: `${today.slice(0, 4)}-01-01`, endDate: today };
  const month = Number(match[1]) - 1;
  const day = Number(match[2]);
  // The day after this year's end (29 Feb in a common year ends on 1 March, so the year starts 2 March).
  const thisYear = utcDay(year, month, day + 1);
  return { startDate: thisYear <= today ? thisYear : utcDay(year - 1, month, day + 1), endDate: today };
}
