import type { LedgerPosting } from '../api/types.ts';
import { clubDateOf } from './exports.ts';
import { ACCOUNT } from './ledger.ts';

/**
 * The figures of the Accounting Charts (docs/accounting.md, "Accounting
 * Charts"), from the postings of the chosen club days — the same postings as
 * the tables below them, so a chart and its table agree to the cent. Revenue
 * and obligations are in their natural sign (credits positive), cash in as
 * money received (debits to Cash).
 */

export const REVENUE_SERIES = [
  { key: 'tow', account: ACCOUNT.towRevenue, label: 'Tows' },
  { key: 'rental', account: ACCOUNT.rentalRevenue, label: 'Rental' },
  { key: 'intro', account: ACCOUNT.introRevenue, label: 'Intros' },
  { key: 'other', account: ACCOUNT.otherRevenue, label: 'Other' },
] as const;
export type RevenueKey = (typeof REVENUE_SERIES)[number]['key'];

export const OBLIGATION_SERIES = [
  { key: 'members', account: ACCOUNT.membersPayable, label: 'Members A/P' },
  { key: 'intros', account: ACCOUNT.introsPayable, label: 'Intro A/P' },
  { key: 'taxes', account: ACCOUNT.salesTaxPayable, label: 'Sales Tax A/P' },
] as const;
export type ObligationKey = (typeof OBLIGATION_SERIES)[number]['key'];

/** One period: a month ('2026-07') or, for a range of a month or less, a day ('2026-07-11'). */
export type Period = string;

/** A posting's amount in its account's natural sign for revenue and liabilities: credits positive. */
const credit = (posting: LedgerPosting) => -posting.direction * posting.amountCents;

/** The periods of [startDate, endDate]: days for a range of up to 31 days, else months. */
export function periodsOf(startDate: string, endDate: string): { unit: 'day' | 'month'; periods: Period[] } {
  const start = Date.parse(`${startDate}T00:00:00Z`);
  const end = Date.parse(`${endDate}T00:00:00Z`);
  const days = Math.round((end - start) / 86_400_000) + 1;
  if (days <= 31) {
    return {
      unit: 'day',
      periods: Array.from({ length: days }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10)),
    };
  }
  const periods: Period[] = [];
  for (let month = startDate.slice(0, 7); month <= endDate.slice(0, 7);) {
    periods.push(month);
    const [y, m] = month.split('-').map(Number);
    month = m === 12 ? `${y! + 1}-01` : `${y}-${String(m! + 1).padStart(2, '0')}`;
  }
  return { unit: 'month', periods };
}

function periodOf(posting: LedgerPosting, unit: 'day' | 'month', timeZone: string): Period {
  const day = clubDateOf(posting.timestamp, timeZone);
  return unit === 'day' ? day : day.slice(0, 7);
}

export type RevenueRow = { period: Period } & Record<RevenueKey, number>;

/** Revenue per period, by Tows, Rental, Intros and Other (credits less debits: a reversal lowers its period). */
export function revenueByPeriod(
  postings: readonly LedgerPosting[],
  startDate: string,
  endDate: string,
  timeZone: string,
): { unit: 'day' | 'month'; rows: RevenueRow[] } {
  const { unit, periods } = periodsOf(startDate, endDate);
  const rows = new Map(periods.map((period) => [period, { period, tow: 0, rental: 0, intro: 0, other: 0 }]));
  for (const posting of postings) {
    const series = REVENUE_SERIES.find((s) => s.account === posting.account);
    const row = series && rows.get(periodOf(posting, unit, timeZone));
    if (series && row) row[series.key] += credit(posting);
  }
  return { unit, rows: [...rows.values()] };
}

/** Money received into Cash by transfer type (payment method), most first. */
export function cashInByMethod(postings: readonly LedgerPosting[]): { method: string; cents: number }[] {
  const methods = new Map<string, number>();
  for (const posting of postings) {
    if (posting.account !== ACCOUNT.cash || posting.direction !== 1) continue;
    const method = posting.transferType || 'Other';
    methods.set(method, (methods.get(method) ?? 0) + posting.amountCents);
  }
  return [...methods]
    .map(([method, cents]) => ({ method, cents }))
    .sort((a, b) => b.cents - a.cents || a.method.localeCompare(b.method));
}

export type ObligationRow = { period: Period } & Record<ObligationKey, number>;

/**
 * What the club owes at the end of each period — Members A/P, Intro A/P,
 * Sales Tax A/P — from the balances at the start of the range.
 */
export function obligationsByPeriod(
  postings: readonly LedgerPosting[],
  start: Record<ObligationKey, number>,
  startDate: string,
  endDate: string,
  timeZone: string,
): { unit: 'day' | 'month'; rows: ObligationRow[] } {
  const { unit, periods } = periodsOf(startDate, endDate);
  const changes = new Map(periods.map((period) => [period, { members: 0, intros: 0, taxes: 0 }]));
  for (const posting of postings) {
    const series = OBLIGATION_SERIES.find((s) => s.account === posting.account);
    const change = series && changes.get(periodOf(posting, unit, timeZone));
    if (series && change) change[series.key] += credit(posting);
  }
  const running = { ...start };
  return {
    unit,
    rows: periods.map((period) => {
      const change = changes.get(period)!;
      for (const { key } of OBLIGATION_SERIES) running[key] += change[key];
      return { period, ...running };
    }),
  };
}
