import type { FlightChargeDetail } from './charge-breakdown.ts';

/**
 * Test data: Pat Pilot's variable tow in ASK-21 on 12 July 2025, released at
 * 1250 ft ($30 for the first 1000 ft, then three 100-ft steps at $2.50), plus
 * 13 % HST: $37.50 + $4.88 = $42.38, all paid in cash by `memberId`.
 */
export function variableTowDetail(flightId: string, memberId: string): FlightChargeDetail {
  return {
    kind: 'launch',
    flightId,
    day: '2025-07-12',
    glider: 'ASK-21',
    launchType: 'Variable',
    pricing: 'variable',
    basePriceCents: 0,
    releaseHeight: 1250,
    heightUnit: 'ft',
    ranges: [
      { start: 0, end: 1000, per: 1000, costCents: 3000, segments: 1, cents: 3000 },
      { start: 1000, end: 5000, per: 100, costCents: 250, segments: 3, cents: 750 },
    ],
    costCents: 3750,
    taxStatus: 'exclusive',
    taxRates: [{ name: 'HST', rate: 0.13 }],
    payers: [{ memberId, name: 'Pat Pilot', listCents: 3750, block: null, cashCents: 3750, netCents: 3750, taxes: [{ name: 'HST', cents: 488 }], totalCents: 4238 }],
  };
}
