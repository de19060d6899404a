import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT,
  adjustmentPostings,
  blockPurchasePostings,
  depositPostings,
  expensePostings,
  memberBalanceCents,
  reversalPostings,
  type PostingLine,
} from './ledger.ts';

const HST = { HST: 0.13 };
const sum = (lines: PostingLine[]) => lines.reduce((s, l) => s + l.amountCents, 0);

describe('postings of each ledger event', () => {
  it('a $100.00 deposit: Dr Cash 10000 [E-Transfer] / Cr Members A/P -10000 [member]', () => {
    expect(depositPostings({ memberId: 'm1', amountCents: 10000, transferType: 'E-Transfer' })).toEqual([
      { account: 1000, amountCents: 10000, transferType: 'E-Transfer' },
      { account: 2100, amountCents: -10000, memberId: 'm1' },
    ]);
  });

  it('a $25.00 Hangar fee with 13 % HST exclusive: member pays 28.25, 25.00 to Other Revenue, 3.25 to HST', () => {
    expect(
      expensePostings({
        memberId: 'm1',
        amountCents: 2500,
        category: { feeClass: 'Hangar' },
        taxStatus: 'exclusive',
        taxNames: ['HST'],
        rates: HST,
      }),
    ).toEqual([
      { account: 2100, amountCents: 2825, memberId: 'm1' },
      { account: 4900, amountCents: -2500, feeClass: 'Hangar' },
      { account: 2510, amountCents: -325, taxName: 'HST' },
    ]);
  });

  it('an untaxed expense booked to Glider Maintenance has no tax line', () => {
    expect(
      expensePostings({
        memberId: 'm1',
        amountCents: 4000,
        category: { expenseCode: ACCOUNT.gliderMaintenance },
        taxStatus: 'exempt',
        taxNames: [],
        rates: HST,
      }),
    ).toEqual([
      { account: 2100, amountCents: 4000, memberId: 'm1' },
      { account: 60530, amountCents: -4000 },
    ]);
  });

  it('a $300.00 block with HST inclusive: 265.49 rental revenue and 34.51 tax', () => {
    expect(
      blockPurchasePostings({
        memberId: 'm1',
        priceCents: 30000,
        taxStatus: 'inclusive',
        taxNames: ['HST'],
        rates: HST,
      }),
    ).toEqual([
      { account: 2100, amountCents: 30000, memberId: 'm1' },
      { account: 4200, amountCents: -26549 },
      { account: 2510, amountCents: -3451, taxName: 'HST' },
    ]);
  });

  it('Bank Payment: Dr Sales Tax A/P [HST] / Cr Cash', () => {
    expect(adjustmentPostings({ adjustment: 'Bank Payment', amountCents: 5000, taxName: 'HST' })).toEqual([
      { account: 2510, amountCents: 5000, taxName: 'HST' },
      { account: 1000, amountCents: -5000, transferType: 'Bank Payment' },
    ]);
  });

  it('Bank Payment needs its tax type', () => {
    expect(() => adjustmentPostings({ adjustment: 'Bank Payment', amountCents: 5000 })).toThrow('Choose the tax type');
  });

  it('Write Down: Dr Intro A/P / Cr Intro Revenue', () => {
    expect(adjustmentPostings({ adjustment: 'Write Down', amountCents: 15000 })).toEqual([
      { account: 2120, amountCents: 15000, introId: undefined },
      { account: 4300, amountCents: -15000 },
    ]);
  });

  it('a reversal negates every posting and keeps its references', () => {
    const original = depositPostings({ memberId: 'm1', amountCents: 700, transferType: 'Cash' });
    expect(reversalPostings(original)).toEqual([
      { account: 1000, amountCents: -700, transferType: 'Cash' },
      { account: 2100, amountCents: 700, memberId: 'm1' },
    ]);
  });

  it('a tax that rounds to 0 leaves no zero posting (a 3-cent fee at 13 %)', () => {
    const lines = expensePostings({
      memberId: 'm1',
      amountCents: 3,
      category: { feeClass: 'Misc' },
      taxStatus: 'exclusive',
      taxNames: ['HST'],
      rates: HST,
    });
    expect(lines).toEqual([
      { account: 2100, amountCents: 3, memberId: 'm1' },
      { account: 4900, amountCents: -3, feeClass: 'Misc' },
    ]);
  });

  it('refuses a zero or fractional amount', () => {
    expect(() => depositPostings({ memberId: 'm1', amountCents: 0, transferType: 'Cash' })).toThrow(RangeError);
    expect(() => depositPostings({ memberId: 'm1', amountCents: 10.5, transferType: 'Cash' })).toThrow(RangeError);
  });

  it('balance: a deposit raises it, a charge lowers it', () => {
    const lines = [
      ...depositPostings({ memberId: 'm1', amountCents: 10000, transferType: 'Cash' }),
      ...expensePostings({
        memberId: 'm1',
        amountCents: 2500,
        category: { feeClass: 'Hangar' },
        taxStatus: 'exclusive',
        taxNames: ['HST'],
        rates: HST,
      }),
    ];
    expect(memberBalanceCents(lines.filter((l) => l.account === 2100))).toBe(10000 - 2825);
  });

  it('every event balances to 0 with no zero posting, for any amount, tax status and rates', () => {
    const status = fc.constantFrom('exempt' as const, 'inclusive' as const, 'exclusive' as const);
    const amount = fc.integer({ min: -5_000_000, max: 5_000_000 }).filter((n) => n !== 0);
    const rate = fc.integer({ min: 0, max: 250_000 }).map((ppm) => ppm / 1_000_000);
    fc.assert(
      fc.property(amount, status, rate, rate, (cents, taxStatus, a, b) => {
        const item = { taxStatus, taxNames: ['A', 'B'], rates: { A: a, B: b } };
        for (const lines of [
          depositPostings({ memberId: 'm', amountCents: cents, transferType: 'Cash' }),
          expensePostings({ memberId: 'm', amountCents: cents, category: { feeClass: 'F' }, ...item }),
          blockPurchasePostings({ memberId: 'm', priceCents: cents, ...item }),
          adjustmentPostings({ adjustment: 'Bank Payment', amountCents: cents, taxName: 'A' }),
        ]) {
          expect(sum(lines)).toBe(0);
          expect(lines.every((l) => l.amountCents !== 0 && Number.isSafeInteger(l.amountCents))).toBe(true);
          expect(sum(reversalPostings(lines))).toBe(0);
        }
      }),
    );
  });
});
