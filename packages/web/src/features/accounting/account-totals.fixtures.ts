import type { AccountTotals } from '@flightline/domain/api/types';

/** Test data: an account's totals over a range as get-balances answers them, its end the start plus what moved. */
export const accountTotals = (
  account: number,
  startCents: number,
  debitCents: number,
  creditCents: number,
): AccountTotals => ({
  account,
  startCents,
  debitCents,
  creditCents,
  endCents: startCents + debitCents + creditCents,
});
