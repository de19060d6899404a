import type { AccountTotals } from '@flightline/domain/api/types';
import { formatMoney } from '@flightline/domain/money/money';

/**
 * The treasurer's usual sign (issue 15 item 14). The server answers every
 * account in its natural sign: a liability or revenue account's debits come
 * negative. On the page the Debit and Credit columns are both positive, and a
 * balance (Start, End) names its side: `$120.00 Cr` is a credit balance —
 * money a liability account owes, or a revenue account earned — and
 * `$5.00 Dr` a debit balance: cash held, an expense, or a liability overdrawn
 * (members owing the club more than it holds for them).
 */

export type NaturalSide = 'debit' | 'credit';

export interface Balance {
  cents: number;
  /** Which side the balance is on; none when it is zero. */
  side: 'Dr' | 'Cr' | '';
}

export interface TreasurerTotals {
  start: Balance;
  debitCents: number;
  creditCents: number;
  end: Balance;
}

function balance(naturalCents: number, natural: NaturalSide): Balance {
  if (naturalCents === 0) return { cents: 0, side: '' };
  const onNaturalSide = naturalCents > 0;
  const side = natural === 'credit' ? (onNaturalSide ? 'Cr' : 'Dr') : onNaturalSide ? 'Dr' : 'Cr';
  return { cents: Math.abs(naturalCents), side };
}

/**
 * Natural-sign totals (as get-balances answers) in the treasurer's sign, for an account whose natural side is
 * `natural`.
 */
export function treasurerTotals(totals: AccountTotals, natural: NaturalSide): TreasurerTotals {
  // Natural sign: a credit account's debits are negative and its credits positive; a debit account's the other way.
  const flip = natural === 'credit' ? -1 : 1;
  return {
    start: balance(totals.startCents, natural),
    debitCents: 0 + flip * totals.debitCents,
    creditCents: 0 - flip * totals.creditCents,
    end: balance(totals.endCents, natural),
  };
}

/** '$120.00 Cr', '$5.00 Dr', '$0.00'. */
export function formatBalance(value: Balance): string {
  return value.side ? `${formatMoney(value.cents)} ${value.side}` : formatMoney(0);
}
