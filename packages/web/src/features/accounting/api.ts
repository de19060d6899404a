import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AccountHistory, AccountingSummary, AdminParameterResult, Breakdown, TransactionPosted } from '@flightline/domain/api-types';
import type { AdminParameter, BalanceView } from '@flightline/domain/schemas/ledger';
import { get, post } from '../../lib/api.ts';
import type { DayRange } from '../../lib/use-day-range.ts';

/**
 * Every accounting read is keyed ['accounting', club, startDate, endDate, …]:
 * a new date range loads afresh, and forgetOtherRanges drops the old ones
 * (changing dates clears cached histories).
 */
const ACCOUNTING = 'accounting';

function rangeKey(club: string, range: DayRange) {
  return [ACCOUNTING, club, range.startDate, range.endDate] as const;
}

export function useAccountingSummary(club: string, range: DayRange | null) {
  return useQuery({
    queryKey: [...rangeKey(club, range ?? { startDate: '', endDate: '' }), 'AccountingSummary'],
    queryFn: ({ signal }) => get<AccountingSummary>('/get-balances', { ...range!, balance: 'AccountingSummary' }, signal),
    enabled: range !== null,
  });
}

/** A drill-down table: TaxTransactions&taxType, DepositTransactions&transferType, the revenue views… */
export function useBreakdown(club: string, range: DayRange | null, balance: Exclude<BalanceView, 'AccountingSummary'> | null, params: Record<string, string> = {}) {
  return useQuery({
    queryKey: [...rangeKey(club, range ?? { startDate: '', endDate: '' }), balance, params],
    queryFn: ({ signal }) => get<Breakdown>('/get-balances', { ...range!, balance: balance!, ...params }, signal),
    enabled: range !== null && balance !== null,
  });
}

/** One member's history with the running balance. */
export function useMemberHistory(club: string, range: DayRange | null, userId: string | null) {
  return useQuery({
    queryKey: [...rangeKey(club, range ?? { startDate: '', endDate: '' }), 'member-history', userId],
    queryFn: ({ signal }) => get<AccountHistory>('/get-transactions', { id: userId!, ...range! }, signal),
    enabled: range !== null && userId !== null,
  });
}

/** Drop every accounting table of another date range. */
export function forgetOtherRanges(client: QueryClient, club: string, range: DayRange): void {
  client.removeQueries({
    queryKey: [ACCOUNTING, club],
    predicate: (query) => query.queryKey[2] !== range.startDate || query.queryKey[3] !== range.endDate,
  });
}

/** Re-read the current range's tables (the Update button). */
export function refreshAccounting(client: QueryClient, club: string) {
  return client.invalidateQueries({ queryKey: [ACCOUNTING, club] });
}

export interface AdjustmentInput {
  transactionType: 'BankPayment' | 'WriteDown';
  account: 2510 | 2120;
  amountCents: number;
  taxType?: string | undefined;
  idempotencyKey: string;
}

export function postAdjustment(input: AdjustmentInput) {
  return post<TransactionPosted>('/add-transaction/', input);
}

/** The lock date, a fee class, or the intro period; a body without status 'ok' is a failure too. */
export async function updateAdminParameter(input: AdminParameter): Promise<AdminParameterResult> {
  const result = await post<AdminParameterResult | undefined>('/update-admin-parameter/', input);
  if (result?.status !== 'ok') throw new Error('The server did not confirm the change');
  return result;
}
