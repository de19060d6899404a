import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AccountHistory, AccountRow, BalanceInfo, BlockBalancesResponse, TransactionPosted } from '@flightline/domain/api-types';
import { get, post } from '../../../lib/api.ts';
import type { DayRange } from '../../../lib/use-day-range.ts';

/**
 * The pilot editor's money calls. Every read of one pilot is keyed
 * ['pilot-funds', club, userID, …], so a posted entry reloads them all at once.
 */
const PILOT_FUNDS = 'pilot-funds';

const pilotKey = (club: string, userID: string) => [PILOT_FUNDS, club, userID] as const;

export function usePilotBalance(club: string, userID: string) {
  return useQuery({
    queryKey: [...pilotKey(club, userID), 'balance'],
    queryFn: ({ signal }) => get<BalanceInfo>('/get-balance', { userID }, signal),
  });
}

/** The pilot's entries over whole club days, with the running balance. */
export function usePilotHistory(club: string, userID: string, range: DayRange | null) {
  return useQuery({
    queryKey: [...pilotKey(club, userID), 'history', range?.startDate, range?.endDate],
    queryFn: ({ signal }) => get<AccountHistory>('/get-transactions', { club, id: userID, startDate: range!.startDate, endDate: range!.endDate }, signal),
    enabled: range !== null,
  });
}

/** The pilot's last 10 entries, oldest first (the call answers nothing without both club and id). */
export function usePilotRecent(club: string, userID: string) {
  return useQuery({
    queryKey: [...pilotKey(club, userID), 'recent'],
    queryFn: ({ signal }) => get<{ transactions: AccountRow[] }>('/get-recent-transactions', { club, id: userID }, signal),
  });
}

/** Every block of the pilot, expired ones too (voided ones are left out by the server). */
export function usePilotBlocks(club: string, userID: string) {
  return useQuery({
    queryKey: [...pilotKey(club, userID), 'blocks'],
    queryFn: ({ signal }) => get<BlockBalancesResponse>('/get-block-balances', { userID, includeExpired: true }, signal),
  });
}

export type FundsEntry =
  | { transactionType: 'Deposit'; amountCents: number; transferType: string; transactionRef: string }
  | { transactionType: 'Expense'; amountCents: number; feeType: string; taxStatus: 'exempt' | 'inclusive' | 'exclusive'; taxRates: string[] }
  | { transactionType: 'Block'; block: { id: string; startDate: string; endDate: string; override: boolean }; amountCents?: number };

export type FundsRequest = FundsEntry & { club: string; pilot: string; note: string; idempotencyKey: string };

/**
 * After an entry: this pilot's figures, and any copy of them elsewhere in the
 * app (Home's balance and blocks, the account and accounting summaries).
 */
export async function afterFundsPosted(client: QueryClient, club: string, userID: string): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: pilotKey(club, userID) }),
    client.invalidateQueries({ queryKey: ['balance', club, userID] }),
    client.invalidateQueries({ queryKey: ['block-balances', club, userID] }),
    client.invalidateQueries({ queryKey: ['user-transactions', club, userID] }),
    client.invalidateQueries({ queryKey: ['accounting', club] }),
  ]);
}

/** POST /api/add-transaction/ for a Deposit, Expense or Block of the pilot. */
export function useAddFunds(club: string, userID: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: FundsRequest) => post<TransactionPosted>('/add-transaction/', request),
    onSettled: () => afterFundsPosted(client, club, userID),
  });
}

/** POST /api/reverse-transaction/ (admin): the exact opposite of one of the pilot's entries, posted now and linked to it. */
export function useReverseTransaction(club: string, userID: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: { id: number; idempotencyKey: string }) => post<TransactionPosted>('/reverse-transaction/', { club, ...request }),
    onSettled: () => afterFundsPosted(client, club, userID),
  });
}
