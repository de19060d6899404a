import { ADJUSTMENTS, CHART_OF_ACCOUNTS, type AdjustmentName } from '@flightline/domain/money/ledger';

/**
 * What a member's history and the drill-downs show for an entry. Stored with
 * the entry (ledger_transaction.description), so renaming a block or a fee
 * class later does not rewrite history; the entry's note is kept apart.
 */

const MAX = 300;
const clip = (text: string) => (text.length <= MAX ? text : `${text.slice(0, MAX - 1)}…`);

/** 'Deposit (E-Transfer) ref 4411'; money paid back to the member reads 'Paid out (Cash)'. */
export function depositDescription(amountCents: number, transferType: string, reference: string): string {
  const what = amountCents < 0 ? 'Paid out' : 'Deposit';
  return clip(`${what} (${transferType})${reference ? ` ref ${reference}` : ''}`);
}

/** The fee class ('Hangar fee') or the expense account's name ('Field maintenance'). */
export function expenseDescription(category: string): string {
  return clip(category);
}

/** 'Block: Season rental 600 min'. */
export function blockDescription(blockName: string): string {
  return clip(`Block: ${blockName}`);
}

/** 'Bank Payment (HST)', 'Write Down'. */
export function adjustmentDescription(adjustment: AdjustmentName, taxName: string | undefined): string {
  return clip(taxName ? `${adjustment} (${taxName})` : adjustment);
}

/** 'Reversal of #12'. */
export function reversalDescription(originalId: number): string {
  return `Reversal of #${originalId}`;
}

/** A history row's text: the stored description (or the entry's type) and its note. */
export function historyText(entry: { description: string; transaction_type: string; note: string }): string {
  const what = entry.description || entry.transaction_type;
  return entry.note ? `${what}: ${entry.note}` : what;
}

/** The answer's message for an entry of a stored type, as add-transaction and Accounting admin give it. */
export function postedMessage(transactionType: string, reversesId: number | null): string {
  switch (transactionType) {
    case 'Deposit':
      return 'Funds added';
    case 'Expense':
      return 'Expense recorded';
    case 'Block':
      return 'Block added';
    case 'Bank Payment':
    case 'Write Down':
      return `${CHART_OF_ACCOUNTS[ADJUSTMENTS[transactionType].account]} adjusted successfully`;
    case 'Reversal':
      return `Transaction #${reversesId} reversed`;
    default:
      return 'Transaction posted';
  }
}
