import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateByWeight,
  chargedToMembersCents,
  introFlownPostings,
  launchChargePostings,
  launchShares,
  rentalChargePostings,
} from './flight-postings.ts';
import type { PostingLine } from './ledger.ts';

const HST = { HST: 0.13 };
const GST_PST = { GST: 0.05, PST: 0.08 };
const sum = (lines: PostingLine[]) => lines.reduce((s, l) => s + l.amountCents, 0);

describe('sharing a total', () => {
  it('an even split gives the odd cent to the pilot', () => {
    expect(allocateByWeight(2917, [1, 1])).toEqual([1459, 1458]);
    expect(allocateByWeight(2916, [1, 1])).toEqual([1458, 1458]);
  });
  it('follows the pre-tax charges: $14.59 + $14.58 taxed as one charge of $29.17', () => {
    expect(allocateByWeight(2917, [1291, 1290])).toEqual([1459, 1458]);
  });
  it('unequal charges share the total in proportion', () => {
    // 720 and 1290 of 2010 → 2271 total: other 2271 × 1290 / 2010 = 1457.51 → 1458, pilot 813.
    expect(allocateByWeight(2271, [720, 1290])).toEqual([813, 1458]);
    // An exact half goes down, to the pilot: 5 × 1 / 2 = 2.5 → 2.
    expect(allocateByWeight(5, [1, 1])).toEqual([3, 2]);
  });
  it('a single payer, or weights of 0, leave everything to the pilot', () => {
    expect(allocateByWeight(500, [7])).toEqual([500]);
    expect(allocateByWeight(500, [0, 0])).toEqual([500, 0]);
    expect(allocateByWeight(500, [0, 3])).toEqual([0, 500]);
  });
  it('always adds up to the total, the pilot never paying less than an equal share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 100_000 }), (total, w) => {
        const [pilot, other] = allocateByWeight(total, [w, w]);
        expect(pilot! + other!).toBe(total);
        expect(pilot! - other!).toBeGreaterThanOrEqual(0);
        expect(pilot! - other!).toBeLessThanOrEqual(1);
      }),
    );
  });
  it('refuses negative totals or weights', () => {
    expect(() => allocateByWeight(-1, [1])).toThrow(RangeError);
    expect(() => allocateByWeight(1, [-1])).toThrow(RangeError);
    expect(() => allocateByWeight(1, [])).toThrow(RangeError);
  });
});

describe('launch charge', () => {
  it(
    '$40.00 tow, 13 % HST exclusive, alone: Dr 2100 4520 / Cr 4100 ' +
      '−4000 / Cr 2510 −520, each line naming the flight',
    () => {
      expect(
        launchChargePostings({
          flightId: 'f1',
          payers: launchShares(4000, ['pilot']),
          taxStatus: 'exclusive',
          taxNames: ['HST'],
          rates: HST,
        }),
      ).toEqual([
        { account: 2100, amountCents: 4520, memberId: 'pilot', flightId: 'f1' },
        { account: 4100, amountCents: -4000, flightId: 'f1' },
        { account: 2510, amountCents: -520, taxName: 'HST', flightId: 'f1' },
      ]);
    },
  );
  it('$65.00 variable tow, exempt, shared: 3250 each', () => {
    expect(
      launchChargePostings({
        flightId: 'f1',
        payers: launchShares(6500, ['p', 'o']),
        taxStatus: 'exempt',
        taxNames: [],
        rates: HST,
      }),
    ).toEqual([
      { account: 2100, amountCents: 3250, memberId: 'p', flightId: 'f1' },
      { account: 2100, amountCents: 3250, memberId: 'o', flightId: 'f1' },
      { account: 4100, amountCents: -6500, flightId: 'f1' },
    ]);
  });
  it('$45.01 tow, 13 % HST inclusive, shared: net 3983, HST 518; pilot 2251, other 2250', () => {
    const lines = launchChargePostings({
      flightId: 'f1',
      payers: launchShares(4501, ['p', 'o']),
      taxStatus: 'inclusive',
      taxNames: ['HST'],
      rates: HST,
    });
    expect(lines).toEqual([
      { account: 2100, amountCents: 2251, memberId: 'p', flightId: 'f1' },
      { account: 2100, amountCents: 2250, memberId: 'o', flightId: 'f1' },
      { account: 4100, amountCents: -3983, flightId: 'f1' },
      { account: 2510, amountCents: -518, taxName: 'HST', flightId: 'f1' },
    ]);
    expect(chargedToMembersCents(lines)).toBe(4501);
  });
  it('a launch of $0 posts nothing', () => {
    expect(
      launchChargePostings({
        flightId: 'f1',
        payers: launchShares(0, ['p']),
        taxStatus: 'exclusive',
        taxNames: ['HST'],
        rates: HST,
      }),
    ).toEqual([]);
  });
  it('refuses three payers', () => {
    expect(() => launchShares(100, ['a', 'b', 'c'])).toThrow(RangeError);
  });
});

describe('rental charge', () => {
  // A shared rental's cash after blocks: the pilot's share, then the other member's.
  const pilotAndOther = (pilotCents: number, otherCents: number) => [
    { memberId: 'p', cashCents: pilotCents },
    { memberId: 'o', cashCents: otherCents },
  ];
  it('43 min at 60 ¢ with GST 5 % + PST 8 % exclusive: member pays 2915.40 → 2915', () => {
    // net 2580, GST 129, PST 206.4 → 206: total 2915.
    expect(
      rentalChargePostings({
        flightId: 'f2',
        payers: [{ memberId: 'p', cashCents: 2580 }],
        taxStatus: 'exclusive',
        taxNames: ['GST', 'PST'],
        rates: GST_PST,
      }),
    ).toEqual([
      { account: 2100, amountCents: 2915, memberId: 'p', flightId: 'f2' },
      { account: 4200, amountCents: -2580, flightId: 'f2' },
      { account: 2510, amountCents: -129, taxName: 'GST', flightId: 'f2' },
      { account: 2510, amountCents: -206, taxName: 'PST', flightId: 'f2' },
    ]);
  });
  it('shared with an odd cent: $26.23 exempt → pilot 1312, other 1311', () => {
    const lines = rentalChargePostings({
      flightId: 'f2',
      payers: pilotAndOther(1312, 1311),
      taxStatus: 'exempt',
      taxNames: [],
      rates: HST,
    });
    expect(lines).toEqual([
      { account: 2100, amountCents: 1312, memberId: 'p', flightId: 'f2' },
      { account: 2100, amountCents: 1311, memberId: 'o', flightId: 'f2' },
      { account: 4200, amountCents: -2623, flightId: 'f2' },
    ]);
  });
  it('a payer whose block covered their half has no line', () => {
    const lines = rentalChargePostings({
      flightId: 'f2',
      payers: pilotAndOther(0, 1290),
      taxStatus: 'exclusive',
      taxNames: ['HST'],
      rates: HST,
    });
    expect(lines).toEqual([
      { account: 2100, amountCents: 1458, memberId: 'o', flightId: 'f2' },
      { account: 4200, amountCents: -1290, flightId: 'f2' },
      { account: 2510, amountCents: -168, taxName: 'HST', flightId: 'f2' },
    ]);
  });
  it('fully covered by blocks: nothing to post', () => {
    expect(
      rentalChargePostings({
        flightId: 'f2',
        payers: [{ memberId: 'p', cashCents: 0 }],
        taxStatus: 'exempt',
        taxNames: [],
        rates: HST,
      }),
    ).toEqual([]);
  });
  it('every entry balances', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom('exempt', 'inclusive', 'exclusive'),
        (a, b, status) => {
          const lines = rentalChargePostings({
            flightId: 'f',
            payers: pilotAndOther(a, b),
            taxStatus: status as 'exempt' | 'inclusive' | 'exclusive',
            taxNames: ['GST', 'PST'],
            rates: GST_PST,
          });
          expect(sum(lines)).toBe(0);
          expect(lines.every((line) => line.amountCents !== 0 && line.flightId === 'f')).toBe(true);
        },
      ),
    );
  });
});

describe('intro flown', () => {
  it('$150.00 intro, 13 % HST inclusive: Dr 2120 15000 [intro] / Cr 4300 −13274 / Cr 2510 −1726', () => {
    expect(
      introFlownPostings({
        flightId: 'f3',
        introId: 'i1',
        priceCents: 15000,
        taxStatus: 'inclusive',
        taxNames: ['HST'],
        rates: HST,
      }),
    ).toEqual([
      { account: 2120, amountCents: 15000, introId: 'i1', flightId: 'f3' },
      { account: 4300, amountCents: -13274, flightId: 'f3' },
      { account: 2510, amountCents: -1726, taxName: 'HST', flightId: 'f3' },
    ]);
  });
  it('exempt: all of it to Intro Revenue; a free intro posts nothing', () => {
    expect(
      introFlownPostings({
        flightId: 'f3',
        introId: 'i1',
        priceCents: 9900,
        taxStatus: 'exempt',
        taxNames: [],
        rates: HST,
      }),
    ).toEqual([
      { account: 2120, amountCents: 9900, introId: 'i1', flightId: 'f3' },
      { account: 4300, amountCents: -9900, flightId: 'f3' },
    ]);
    expect(
      introFlownPostings({
        flightId: 'f3',
        introId: 'i1',
        priceCents: 0,
        taxStatus: 'exempt',
        taxNames: [],
        rates: HST,
      }),
    ).toEqual([]);
  });
});
