import { describe, expect, it } from 'vitest';
import type { LedgerPosting } from '../api/types.ts';
import { cashInByMethod, obligationsByPeriod, periodsOf, revenueByPeriod } from './accounting-charts.ts';
import { ledgerPosting } from '../fixtures/ledger-posting.ts';

const ZONE = 'America/Toronto';

function posting(iso: string, account: number, cents: number, values: Partial<LedgerPosting> = {}): LedgerPosting {
  return ledgerPosting(account, cents, { timestamp: Date.parse(iso), ...values });
}

const ledger = [
  // July: a $250 cash deposit, a $45.20 tow (HST 5.20), a $150 intro sold by card.
  posting('2026-07-04T15:00:00Z', 1000, 25_000, { transferType: 'Cash' }),
  posting('2026-07-04T15:00:00Z', 2100, -25_000),
  posting('2026-07-11T16:00:00Z', 2100, 4520),
  posting('2026-07-11T16:00:00Z', 4100, -4000),
  posting('2026-07-11T16:00:00Z', 2510, -520),
  posting('2026-07-20T16:00:00Z', 1000, 15_000, { transferType: 'Card' }),
  posting('2026-07-20T16:00:00Z', 2120, -15_000),
  // August 1st, 01:30 in Toronto (05:30 UTC): the intro flown ($132.74 + HST $17.26), and the tow reversed.
  posting('2026-08-01T05:30:00Z', 2120, 15_000),
  posting('2026-08-01T05:30:00Z', 4300, -13_274),
  posting('2026-08-01T05:30:00Z', 2510, -1726),
  posting('2026-08-02T16:00:00Z', 2100, -4520),
  posting('2026-08-02T16:00:00Z', 4100, 4000),
  posting('2026-08-02T16:00:00Z', 2510, 520),
];

describe('accounting charts', () => {
  it('counts days for a range of up to 31 days, else months', () => {
    expect(periodsOf('2026-07-30', '2026-08-02')).toEqual({
      unit: 'day',
      periods: ['2026-07-30', '2026-07-31', '2026-08-01', '2026-08-02'],
    });
    expect(periodsOf('2026-11-15', '2027-02-01')).toEqual({
      unit: 'month',
      periods: ['2026-11', '2026-12', '2027-01', '2027-02'],
    });
  });

  it('revenue by month in the club’s months, a reversal taken off the month it was posted in', () => {
    expect(revenueByPeriod(ledger, '2026-07-01', '2026-08-31', ZONE).rows).toEqual([
      { period: '2026-07', tow: 4000, rental: 0, intro: 0, other: 0 },
      { period: '2026-08', tow: -4000, rental: 0, intro: 13_274, other: 0 },
    ]);
  });

  it('cash in by payment method, most first', () => {
    expect(cashInByMethod(ledger)).toEqual([
      { method: 'Cash', cents: 25_000 },
      { method: 'Card', cents: 15_000 },
    ]);
  });

  it('what the club owes at the end of each month, from the balances at the start', () => {
    const start = { members: 10_000, intros: 0, taxes: 300 };
    expect(obligationsByPeriod(ledger, start, '2026-07-01', '2026-08-31', ZONE).rows).toEqual([
      // Members: 100 + 250 − 45.20; Intro A/P: +150; taxes: 3.00 + 5.20.
      { period: '2026-07', members: 30_480, intros: 15_000, taxes: 820 },
      // Members: +45.20 back; Intro A/P: −150 flown; taxes: +17.26 − 5.20.
      { period: '2026-08', members: 35_000, intros: 0, taxes: 2026 },
    ]);
  });
});
