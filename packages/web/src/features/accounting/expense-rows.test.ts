import { describe, expect, it } from 'vitest';
import { accountTotals as totals } from './account-totals.fixtures.ts';
import { expenseRows } from './expense-rows.ts';

describe('expenseRows: charges by expense code in the Revenue table of the accounting summary', () => {
  it(
    "a $20.00 charge to 60510 (credited, so −$20.00 in the account's " +
      'debit sign) reads as $20.00 of credit, like a fee class',
    () => {
      const rows = expenseRows([
        totals(60510, 0, 0, -2000),
        totals(60520, 0, 0, 0),
        totals(60530, 0, 0, 0),
        totals(60900, 0, 0, 0),
      ]);
      expect(rows).toEqual([
        {
          label: '60510 Field maintenance',
          totals: { account: 60510, startCents: 0, debitCents: 0, creditCents: 2000, endCents: 2000 },
        },
      ]);
    },
  );

  it('every figure changes sign: a reversal (a debit) is a negative debit, a balance carried in is the start', () => {
    const [row] = expenseRows([totals(60900, -1500, 2000, -2500)]);
    expect(row).toEqual({
      label: '60900 Other',
      totals: { account: 60900, startCents: 1500, debitCents: -2000, creditCents: 2500, endCents: 2000 },
    });
  });

  it('reconciles: with the books balanced, Obligations plus Revenue (expense rows included) equal Cash In', () => {
    // Deposit $100.00 cash; a $20.00 Field maintenance charge + 13 % HST ($2.60): Members A/P 77.40, Sales Tax 2.60.
    const cashInEnd = 10000;
    const obligationsEnd = 7740 + 260;
    const revenueEnd = expenseRows([totals(60510, 0, 0, -2000)]).reduce((sum, row) => sum + row.totals.endCents, 0);
    expect(obligationsEnd + revenueEnd).toBe(cashInEnd);
  });

  it('keeps the chart order, leaves out accounts untouched before and in the range, and never shows −0', () => {
    const rows = expenseRows([
      totals(60510, 0, 0, 0),
      totals(60520, 0, 700, -700),
      totals(60530, -300, 0, 0),
      totals(60900, 0, 0, 0),
    ]);
    expect(rows.map((r) => r.label)).toEqual(['60520 Clubhouse supplies', '60530 Glider Maintenance']);
    expect(Object.is(rows[0]!.totals.startCents, 0)).toBe(true);
    expect(rows[0]!.totals).toEqual({ account: 60520, startCents: 0, debitCents: -700, creditCents: 700, endCents: 0 });
    expect(rows[1]!.totals.endCents).toBe(300);
  });

  it('an account the chart does not name still shows, by its number', () => {
    expect(expenseRows([totals(60999, 0, 0, -100)]).map((r) => r.label)).toEqual(['60999']);
  });

  it('nothing when the club never charged by expense code', () => {
    expect(expenseRows([])).toEqual([]);
  });
});
