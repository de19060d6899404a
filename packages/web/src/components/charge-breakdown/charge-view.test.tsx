import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ChargeBreakdown } from '@flightline/domain/api/charges';
import { variableTowDetail } from '@flightline/domain/fixtures/charge-breakdown';
import { ChargeView } from './charge-view.tsx';

/** The text a person reads, one line per figure row. */
function lines(charge: ChargeBreakdown): string[] {
  const html = renderToStaticMarkup(<ChargeView charge={charge} timeZone="America/Toronto" />);
  return html
    .replace(/<\/(dd|p|li)>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').replace(/&amp;/g, '&').trim())
    .filter(Boolean);
}

const part = {
  memberId: 'pat',
  name: 'Pat Pilot',
  listCents: 3750,
  block: null,
  cashCents: 3750,
  netCents: 3750,
  taxes: [{ name: 'HST', cents: 488 }],
  totalCents: 4238,
};

const variableTow: ChargeBreakdown = {
  transactionId: 7,
  date: 0,
  description: 'Tow: Variable (ASK-21, Jul 12)',
  transactionType: 'Launch',
  reverses: null,
  memberId: 'pat',
  netCents: 3750,
  taxes: [{ name: 'HST', cents: 488 }],
  totalCents: 4238,
  flight: variableTowDetail('f1', 'pat'),
  sharedWith: [],
  times: [],
};

describe('a charge explained', () => {
  it(
    'a variable tow: the release height, each range crossed with its ' +
      'segments, the launch price, the tax at its rate, the total',
    () => {
      expect(lines(variableTow)).toEqual([
        'Tow: Variable (ASK-21, Jul 12)',
        'Release height 1,250 ft',
        '0–1,000 ft: 1 × $30.00 per 1,000 ft $30.00',
        '1,000–5,000 ft: 3 × $2.50 per 100 ft $7.50',
        'Launch price $37.50',
        'Before tax $37.50',
        'HST (13 %) $4.88',
        'Charged to the account $42.38',
      ]);
    },
  );

  it('a rental drawn partly from a block and shared: the block drawn and left, the part not covered', () => {
    const rental: ChargeBreakdown = {
      ...variableTow,
      description: 'Rental: ASK-21, 0:45 flown, 45 min billed',
      netCents: 1125,
      taxes: [{ name: 'HST', cents: 146 }],
      totalCents: 1271,
      flight: {
        kind: 'rental',
        flightId: 'f2',
        day: '2025-07-12',
        glider: 'ASK-21',
        launchedAt: 0,
        landedAt: 45 * 60_000,
        minutesBilled: 45,
        rateCentsPerMinute: 50,
        listCents: 2250,
        taxStatus: 'exclusive',
        taxRates: [{ name: 'HST', rate: 0.13 }],
        payers: [
          {
            ...part,
            listCents: 2250,
            block: { name: 'Season 600', units: 'minutes', drawn: 30, leftAfter: 570, excessMultiplier: 1.5 },
            cashCents: 1125,
            netCents: 1125,
            taxes: [{ name: 'HST', cents: 146 }],
            totalCents: 1271,
          },
        ],
      },
      // The server answers the member's own part only; the co-payer by name.
      sharedWith: ['Mo Member'],
    };
    expect(lines(rental)).toEqual([
      'Rental: ASK-21, 0:45 flown, 45 min billed',
      'Time 0:45 flown, 45 min billed (whole minutes, rounded up)',
      '45 min × $0.50 per min $22.50',
      'Block Season 600: 30 min drawn, 570 min left; beyond its per-flight limit at ×1.5',
      'Shared with Mo Member: this part $22.50',
      'Not covered by the block $11.25',
      'Before tax $11.25',
      'HST (13 %) $1.46',
      'Charged to the account $12.71',
    ]);
  });

  it(
    'who recorded the times: the launch on time, the landing entered ' +
      'late with when it came, a corrected one by its editor',
    () => {
      /** 10:02 on 2025-07-12 in Toronto (EDT, UTC−4). */
      const launch = Date.parse('2025-07-12T14:02:00Z');
      const landing = launch + 48 * 60_000;
      const timed: ChargeBreakdown = {
        ...variableTow,
        times: [
          {
            event: 'launch',
            at: launch,
            byName: 'Irene Instructor',
            receivedAt: launch + 5_000,
            enteredLate: false,
            corrected: false,
          },
          {
            event: 'landing',
            at: landing,
            byName: 'Gary Ground',
            receivedAt: landing + 75 * 60_000,
            enteredLate: true,
            corrected: false,
          },
          {
            event: 'releaseHeight',
            at: landing + 90 * 60_000,
            byName: 'Alex Admin',
            receivedAt: landing + 90 * 60_000,
            enteredLate: false,
            corrected: true,
          },
        ],
      };
      const text = lines(timed);
      expect(text.slice(5, 8)).toEqual([
        'Launch 10:02, recorded by Irene Instructor',
        'Landing 10:50, recorded by Gary Ground — entered late, received 12:05',
        'Release height corrected by Alex Admin',
      ]);
    },
  );

  it('a reversal names the entry it takes back, and its total is given back', () => {
    const reversal = {
      ...variableTow,
      reverses: 7,
      netCents: -3750,
      taxes: [{ name: 'HST', cents: -488 }],
      totalCents: -4238,
    };
    const text = lines(reversal);
    expect(text[1]).toBe('Reverses entry #7: its figures, taken back.');
    expect(text.at(-1)).toBe('Given back -$42.38');
  });

  it('a charge without a flight: its net and taxes from the ledger', () => {
    const fee: ChargeBreakdown = {
      ...variableTow,
      description: 'Fee: Hangar',
      flight: null,
      netCents: 1000,
      taxes: [{ name: 'HST', cents: 130 }],
      totalCents: 1130,
    };
    expect(lines(fee)).toEqual(['Fee: Hangar', 'Before tax $10.00', 'HST $1.30', 'Charged to the account $11.30']);
  });
});
