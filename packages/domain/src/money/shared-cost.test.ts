import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { launchChargePostings, launchShares, rentalChargePostings, shareCharge } from './flight-postings.ts';
import { ACCOUNT, type PostingLine } from './ledger.ts';
import { splitShared } from './rental.ts';
import { splitTax, type TaxStatus } from './tax.ts';

const HST = { HST: 0.13 };
const memberLines = (lines: PostingLine[]) =>
  lines.filter((line) => line.account === ACCOUNT.membersPayable).map((line) => [line.memberId, line.amountCents]);

describe('shared cost splits the total (issue 15, item 7)', () => {
  it('a $51.70 rental ($45.75 + 13 % HST) shared by two members: $25.85 each, not $25.86 and $25.84', () => {
    const { pilotCents, otherCents } = splitShared(4575);
    const lines = rentalChargePostings({
      flightId: 'f',
      payers: [
        { memberId: 'pilot', cashCents: pilotCents },
        { memberId: 'other', cashCents: otherCents },
      ],
      taxStatus: 'exclusive',
      taxNames: ['HST'],
      rates: HST,
    });
    expect(memberLines(lines)).toEqual([
      ['pilot', 2585],
      ['other', 2585],
    ]);
    expect(lines.filter((line) => line.account !== ACCOUNT.membersPayable).map((line) => line.amountCents)).toEqual([
      -4575, -595,
    ]);
  });

  it('each share is its net plus its tax: 2288 + 297 and 2287 + 298 (domain rules example)', () => {
    const charge = splitTax(4575, 'exclusive', ['HST'], HST);
    expect(shareCharge(charge, [2288, 2287])).toEqual([
      { netCents: 2288, taxes: [{ name: 'HST', cents: 297 }], totalCents: 2585 },
      { netCents: 2287, taxes: [{ name: 'HST', cents: 298 }], totalCents: 2585 },
    ]);
  });

  it(
    'an odd total gives the odd cent to the pilot: a $45.01 tow ' + '($39.83 + $5.18 HST inclusive) → 2251 and 2250',
    () => {
      const lines = launchChargePostings({
        flightId: 'f',
        payers: launchShares(4501, ['pilot', 'other']),
        taxStatus: 'inclusive',
        taxNames: ['HST'],
        rates: HST,
      });
      expect(memberLines(lines)).toEqual([
        ['pilot', 2251],
        ['other', 2250],
      ]);
    },
  );

  it('two taxes: every column sums to the charge, every share to its net plus taxes', () => {
    // $33.33 net, GST 5 % 167, PST 8 % 267 → 3767 total.
    const charge = splitTax(3333, 'exclusive', ['GST', 'PST'], { GST: 0.05, PST: 0.08 });
    expect(shareCharge(charge, [1667, 1666])).toEqual([
      {
        netCents: 1667,
        taxes: [
          { name: 'GST', cents: 83 },
          { name: 'PST', cents: 134 },
        ],
        totalCents: 1884,
      },
      {
        netCents: 1666,
        taxes: [
          { name: 'GST', cents: 84 },
          { name: 'PST', cents: 133 },
        ],
        totalCents: 1883,
      },
    ]);
  });

  it("unequal halves (a block covered part of the pilot's) still follow what each owed", () => {
    const charge = splitTax(2010, 'exclusive', ['HST'], HST);
    expect(shareCharge(charge, [720, 1290]).map((share) => share.totalCents)).toEqual([813, 1458]);
  });

  const taxes = fc.oneof(
    fc.constant<[TaxStatus, Record<string, number>]>(['exempt', {}]),
    fc
      .tuple(
        fc.constantFrom<TaxStatus>('inclusive', 'exclusive'),
        fc.integer({ min: 0, max: 250_000 }),
        fc.integer({ min: 0, max: 250_000 }),
      )
      .map(([status, a, b]): [TaxStatus, Record<string, number>] => [
        status,
        { GST: a / 1_000_000, PST: b / 1_000_000 },
      ]),
    fc
      .tuple(fc.constantFrom<TaxStatus>('inclusive', 'exclusive'), fc.integer({ min: 0, max: 1_000_000 }))
      .map(([status, a]): [TaxStatus, Record<string, number>] => [status, { HST: a / 1_000_000 }]),
  );

  it(
    'property: over amounts and tax rates, the shares sum to the total, differ by at most a cent ' +
      'with the odd one to the pilot, each is its net + tax, and the entry balances',
    () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 5_000_000 }), taxes, (cashCents, [status, rates]) => {
          const names = Object.keys(rates);
          const { pilotCents, otherCents } = splitShared(cashCents);
          const payers = [
            { memberId: 'pilot', cashCents: pilotCents },
            { memberId: 'other', cashCents: otherCents },
          ];
          const charge = splitTax(cashCents, status, names, rates);
          const shares = shareCharge(charge, [pilotCents, otherCents]);
          const [pilot, other] = shares;
          expect(pilot!.totalCents + other!.totalCents).toBe(charge.totalCents);
          expect(pilot!.totalCents - other!.totalCents).toBe(charge.totalCents % 2);
          expect(pilot!.netCents + other!.netCents).toBe(charge.netCents);
          for (const share of shares) {
            expect(share.netCents + share.taxes.reduce((sum, tax) => sum + tax.cents, 0)).toBe(share.totalCents);
            expect(share.netCents).toBeGreaterThanOrEqual(0);
          }
          charge.taxes.forEach((tax, k) => {
            expect(pilot!.taxes[k]!.cents + other!.taxes[k]!.cents).toBe(tax.cents);
            expect(pilot!.taxes[k]!.name).toBe(tax.name);
          });

          const lines = rentalChargePostings({ flightId: 'f', payers, taxStatus: status, taxNames: names, rates });
          expect(lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(0);
          expect(
            lines.filter((line) => line.account === ACCOUNT.membersPayable).map((line) => line.amountCents),
          ).toEqual([pilot!.totalCents, other!.totalCents].filter((cents) => cents !== 0));
        }),
        { numRuns: 2000 },
      );
    },
  );
});
