import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { AccountingSummary, Breakdown } from '@flightline/domain/api/types';
import type { BalanceView } from '@flightline/domain/schemas/ledger';
import { call } from '../api.ts';
import type { DayRange } from '../use-day-range.ts';

/**
 * Every accounting read is keyed ['accounting', club, startDate, endDate, …]:
 * a new date range loads afresh, and forgetOtherRanges drops the old ones
 * (changing dates clears cached histories).
 */
export const accountingKeys = {
  club: (club: string) => ['accounting', club] as const,
  range: (club: string, range: DayRange | null) =>
    ['accounting', club, range?.startDate ?? '', range?.endDate ?? ''] as const,
};

// get-balances answers the summary for balance=AccountingSummary and a drill-down for every other view.
function summaryOf(answer: AccountingSummary | Breakdown): AccountingSummary {
  if ('rows' in answer) throw new Error('The server answered a drill-down, not the accounting summary');
  return answer;
}

function breakdownOf(answer: AccountingSummary | Breakdown): Breakdown {
  if (!('rows' in answer)) throw new Error('The server answered the accounting summary, not a drill-down');
  return answer;
}

export function accountingSummaryQuery(club: string, range: DayRange | null) {
  return queryOptions({
    queryKey: [...accountingKeys.range(club, range), 'AccountingSummary'] as const,
    queryFn: async ({ signal }) =>
      summaryOf(await call('GET /api/get-balances', { ...range!, balance: 'AccountingSummary' }, signal)),
    enabled: range !== null,
  });
}

/** A drill-down table: TaxTransactions&taxType, DepositTransactions&transferType, the revenue views… */
export function breakdownQuery(
  club: string,
  range: DayRange | null,
  balance: Exclude<BalanceView, 'AccountingSummary'> | null,
  params: Record<string, string>,
) {
  return queryOptions({
    queryKey: [...accountingKeys.range(club, range), balance, params] as const,
    queryFn: async ({ signal }) =>
      breakdownOf(await call('GET /api/get-balances', { ...range!, balance: balance!, ...params }, signal)),
    enabled: range !== null && balance !== null,
  });
}

/** One member's history with the running balance. */
export function memberHistoryQuery(club: string, range: DayRange | null, userId: string | null) {
  return queryOptions({
    queryKey: [...accountingKeys.range(club, range), 'member-history', userId] as const,
    queryFn: ({ signal }) => call('GET /api/get-transactions', { id: userId!, ...range! }, signal),
    enabled: range !== null && userId !== null,
  });
}

/** Drop every accounting table of another date range. */
export function forgetOtherRanges(client: QueryClient, club: string, range: DayRange): void {
  client.removeQueries({
    queryKey: accountingKeys.club(club),
    predicate: (query) => query.queryKey[2] !== range.startDate || query.queryKey[3] !== range.endDate,
  });
}

/** Re-read the club's accounting tables (the Update button, and after a posting elsewhere). */
export function refreshAccounting(client: QueryClient, club: string) {
  return client.invalidateQueries({ queryKey: accountingKeys.club(club) });
}
