import type { AccountRow } from '@flightline/domain/api/types';
import { formatMoney } from '@flightline/domain/money/money';
import { formatClubDateTime } from '../../../lib/club-dates.ts';

/**
 * Which history rows offer Reverse (POST /api/reverse-transaction/, docs/accounting.md
 * "Corrections: reversals"). The server is the judge; the editor only hides
 * what a row lets it know the server refuses. A history row carries no
 * entry type, so a flight charge or a used block still offers Reverse and the
 * server's 409 says why not. No lock-date rule: a reversal is posted now,
 * whatever the original's date.
 */

/**
 * The server's description of a reversal: 'Reversal of #12', a flight's 'Reversal of #41 (Tow: …)', then any ':
 * note'.
 */
const REVERSAL = /^Reversal of #(\d+)(?!\d)/;

/** The entry a row reverses, or null when it is not a reversal. */
export function reversesId(row: Pick<AccountRow, 'description'>): number | null {
  const match = REVERSAL.exec(row.description);
  return match ? Number(match[1]) : null;
}

/**
 * The ids of `rows` that offer Reverse: none unless the caller may reverse
 * (admins only; Can Add User Funds is not enough); never a reversal (409) nor
 * an entry already reversed by a reversal among `seen` (every row loaded, the
 * recent list and the history) — 409 too.
 */
export function reversibleIds(
  rows: readonly Pick<AccountRow, 'id' | 'description'>[],
  options: { canReverse: boolean; seen?: readonly Pick<AccountRow, 'description'>[] },
): Set<number> {
  if (!options.canReverse) return new Set();
  const reversed = new Set<number>();
  for (const row of [...rows, ...(options.seen ?? [])]) {
    const id = reversesId(row);
    if (id !== null) reversed.add(id);
  }
  return new Set(rows.filter((row) => reversesId(row) === null && !reversed.has(row.id)).map((row) => row.id));
}

/** The confirm dialog's question: the entry's id, date (club zone), description and amount. */
export function reverseQuestion(
  row: Pick<AccountRow, 'id' | 'date' | 'description' | 'amountCents'>,
  timeZone: string,
): string {
  return (
    `Reverse transaction #${row.id} of ${formatClubDateTime(row.date, timeZone)} (${row.description}, ` +
    `${formatMoney(row.amountCents)})? A new transaction undoes it; the original stays.`
  );
}

/** The success toast: the server's message ('Transaction #12 reversed'), or the same words without one. */
export function reversedMessage(id: number, answer: { message?: string | undefined } | undefined): string {
  return answer?.message || `Transaction #${id} reversed`;
}
