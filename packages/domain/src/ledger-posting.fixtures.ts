import type { LedgerPosting } from './api-types.ts';

/**
 * Test data: a posting of `cents` to `account` — a positive amount a debit, a
 * negative one a credit — in transaction 1 at epoch 0, every text blank
 * unless `values` says otherwise.
 */
export function ledgerPosting(account: number, cents: number, values: Partial<LedgerPosting> = {}): LedgerPosting {
  return {
    transactionId: 1,
    timestamp: 0,
    account,
    direction: cents > 0 ? 1 : -1,
    amountCents: Math.abs(cents),
    userId: '',
    user: '',
    description: '',
    note: '',
    transactionRef: '',
    transactionType: '',
    transferType: '',
    taxName: '',
    feeClass: '',
    reversesId: null,
    ...values,
  };
}
