import { useQuery } from '@tanstack/react-query';
import type { AdminParameterResult } from '@flightline/domain/api/types';
import type { AdminParameter, BalanceView } from '@flightline/domain/schemas/ledger';
import { call } from '../../lib/api.ts';
import { accountingSummaryQuery, breakdownQuery, memberHistoryQuery } from '../../lib/api/accounting.ts';
import type { DayRange } from '../../lib/use-day-range.ts';

export function useAccountingSummary(club: string, range: DayRange | null) {
  return useQuery(accountingSummaryQuery(club, range));
}

/** A drill-down table: TaxTransactions&taxType, DepositTransactions&transferType, the revenue views… */
export function useBreakdown(
  club: string,
  range: DayRange | null,
  balance: Exclude<BalanceView, 'AccountingSummary'> | null,
  params: Record<string, string> = {},
) {
  return useQuery(breakdownQuery(club, range, balance, params));
}

/** One member's history with the running balance. */
export function useMemberHistory(club: string, range: DayRange | null, userId: string | null) {
  return useQuery(memberHistoryQuery(club, range, userId));
}

export interface AdjustmentInput {
  transactionType: 'BankPayment' | 'WriteDown';
  account: 2510 | 2120;
  amountCents: number;
  taxType?: string | undefined;
  idempotencyKey: string;
}

export function postAdjustment(input: AdjustmentInput) {
  return call('POST /api/add-transaction/', input);
}

/** The lock date, a fee class, or the intro period; a body without status 'ok' is a failure too. */
export async function updateAdminParameter(input: AdminParameter): Promise<AdminParameterResult> {
  // An empty body confirms nothing.
  const result: AdminParameterResult | undefined = await call('POST /api/update-admin-parameter/', input);
  if (result?.status !== 'ok') throw new Error('The server did not confirm the change');
  return result;
}
