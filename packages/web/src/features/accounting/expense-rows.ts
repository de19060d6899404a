import type { AccountTotals } from '@flightline/domain/api/types';
import { CHART_OF_ACCOUNTS, EXPENSE_CODES } from '@flightline/domain/money/ledger';

/**
 * The expense accounts (60510–60900) in the overview's Revenue table. An
 * Expense booked to an expense code instead of a fee class credits that
 * account: money the club charges a member back against a cost, beside Other
 * Revenue's fee classes. The summary answers them in their natural (debit)
 * sign, so a $20.00 charge reads −$20.00; the Revenue table shows them in
 * revenue's sign (credits positive), as every other row there, so Obligations
 * plus Revenue add up to Cash In again.
 */

export interface ExpenseRow {
  /** '60510 Field maintenance', as the Expense form offers it (and never just 'Other', Other Revenue's row). */
  label: string;
  totals: AccountTotals;
}

/** Debit-sign totals in credit sign: every figure negated (0 stays 0, never −0). */
function inRevenueSign(totals: AccountTotals): AccountTotals {
  return {
    account: totals.account,
    startCents: 0 - totals.startCents,
    debitCents: 0 - totals.debitCents,
    creditCents: 0 - totals.creditCents,
    endCents: 0 - totals.endCents,
  };
}

const NAMES = new Map<number, string>(EXPENSE_CODES.map((code) => [code, CHART_OF_ACCOUNTS[code]]));

const untouched = (t: AccountTotals) =>
  t.startCents === 0 && t.debitCents === 0 && t.creditCents === 0 && t.endCents === 0;

/**
 * One row per expense account, in chart order, left out when it holds
 * nothing before or in the range (most clubs never charge by expense code).
 */
export function expenseRows(expenses: readonly AccountTotals[]): ExpenseRow[] {
  return expenses
    .filter((totals) => !untouched(totals))
    .map((totals) => ({
      label: [totals.account, NAMES.get(totals.account)].filter(Boolean).join(' '),
      totals: inRevenueSign(totals),
    }));
}
