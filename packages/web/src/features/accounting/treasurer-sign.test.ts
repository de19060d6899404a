import { describe, expect, it } from 'vitest';
import { accountTotals } from './account-totals.fixtures.ts';
import { formatBalance, treasurerTotals } from './treasurer-sign.ts';

// Members A/P's totals: the sign rules here do not depend on the account.
const totals = (startCents: number, debitCents: number, creditCents: number) =>
  accountTotals(2100, startCents, debitCents, creditCents);

describe('the treasurer\u2019s sign: debit and credit columns positive, a balance names its side', () => {
  it(
    'a liability (Members A/P) holding $120.00, charged $30.00, paid in ' +
      '$50.00: Dr 30.00, Cr 50.00, $120.00 Cr → $140.00 Cr',
    () => {
      // get-balances answers a credit account negated: debits −3000, credits +5000.
      expect(treasurerTotals(totals(12_000, -3_000, 5_000), 'credit')).toEqual({
        start: { cents: 12_000, side: 'Cr' },
        debitCents: 3_000,
        creditCents: 5_000,
        end: { cents: 14_000, side: 'Cr' },
      });
    },
  );

  it('a liability overdrawn (members owe more than the club holds) is a debit balance', () => {
    const shown = treasurerTotals(totals(1_000, -2_500, 0), 'credit');
    expect(formatBalance(shown.start)).toBe('$10.00 Cr');
    expect(formatBalance(shown.end)).toBe('$15.00 Dr');
    expect([shown.debitCents, shown.creditCents]).toEqual([2_500, 0]);
  });

  it('Cash (a debit account): debits as posted, credits positive, a positive balance is Dr', () => {
    // Cash answered as posted: +8000 in, −1500 out.
    const shown = treasurerTotals(
      { account: 1000, startCents: 0, debitCents: 8_000, creditCents: -1_500, endCents: 6_500 },
      'debit',
    );
    expect(shown).toEqual({
      start: { cents: 0, side: '' },
      debitCents: 8_000,
      creditCents: 1_500,
      end: { cents: 6_500, side: 'Dr' },
    });
    expect(formatBalance(shown.start)).toBe('$0.00');
    expect(formatBalance(shown.end)).toBe('$65.00 Dr');
  });

  it('never shows −0', () => {
    const shown = treasurerTotals(totals(0, 0, 0), 'credit');
    expect(Object.is(shown.debitCents, -0)).toBe(false);
    expect(Object.is(shown.creditCents, -0)).toBe(false);
  });
});
