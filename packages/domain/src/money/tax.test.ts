import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divRoundHalfAway, splitTax } from './tax.ts';

const HST = { HST: 0.13 };
const GST_PST = { GST: 0.05, PST: 0.07 };
// The two taxes of a GST_PST split, in the order the club names them.
const gstAndPst = (gstCents: number, pstCents: number) => [
  { name: 'GST', cents: gstCents },
  { name: 'PST', cents: pstCents },
];

describe('tax on an item, to the cent', () => {
  it('exempt: no tax, net = total = amount', () => {
    expect(splitTax(4000, 'exempt', ['HST'], HST)).toEqual({ netCents: 4000, taxes: [], totalCents: 4000 });
  });
  it('exclusive: $40.00 + 13 % HST = $45.20', () => {
    expect(splitTax(4000, 'exclusive', ['HST'], HST)).toEqual({
      netCents: 4000,
      taxes: [{ name: 'HST', cents: 520 }],
      totalCents: 4520,
    });
  });
  it('exclusive: half a cent rounds away from zero (50 × 13 % = 6.5 → 7, -50 → -7)', () => {
    expect(splitTax(50, 'exclusive', ['HST'], HST).taxes).toEqual([{ name: 'HST', cents: 7 }]);
    expect(splitTax(-50, 'exclusive', ['HST'], HST).taxes).toEqual([{ name: 'HST', cents: -7 }]);
  });
  it('inclusive: $150.00 with 13 % HST is $132.74 net and $17.26 tax', () => {
    expect(splitTax(15000, 'inclusive', ['HST'], HST)).toEqual({
      netCents: 13274,
      taxes: [{ name: 'HST', cents: 1726 }],
      totalCents: 15000,
    });
  });
  it('exclusive with two rates: each rate on the net', () => {
    expect(splitTax(1999, 'exclusive', ['GST', 'PST'], GST_PST)).toEqual({
      netCents: 1999,
      taxes: gstAndPst(100, 140),
      totalCents: 2239,
    });
  });
  it('inclusive with two rates: the last tax takes the rounding difference', () => {
    // net = round(1000 / 1.12) = 893; GST = round(44.65) = 45; PST = 1000 - 893 - 45 = 62 (62.51 before the adjustment)
    expect(splitTax(1000, 'inclusive', ['GST', 'PST'], GST_PST)).toEqual({
      netCents: 893,
      taxes: gstAndPst(45, 62),
      totalCents: 1000,
    });
  });
  it('refuses a tax name the club does not have', () => {
    expect(() => splitTax(100, 'exclusive', ['VAT'], HST)).toThrow('Unknown tax "VAT"');
  });
  it('inclusive always adds up exactly: net + taxes = total, for any amount and rates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        (amount, a, b) => {
          const split = splitTax(amount, 'inclusive', ['A', 'B'], { A: a, B: b });
          expect(split.netCents + split.taxes.reduce((s, t) => s + t.cents, 0)).toBe(amount);
          expect(split.taxes.every((t) => Number.isSafeInteger(t.cents))).toBe(true);
        },
      ),
    );
  });
  it('divRoundHalfAway rounds halves away from zero and others to nearest', () => {
    expect([divRoundHalfAway(5, 2), divRoundHalfAway(-5, 2), divRoundHalfAway(7, 3), divRoundHalfAway(8, 3)]).toEqual([
      3, -3, 2, 3,
    ]);
  });
});
