import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import {
  afterAccountPosted,
  pilotBalanceQuery,
  pilotBlocksQuery,
  pilotHistoryQuery,
  pilotRecentQuery,
} from '../../../lib/api/accounts.ts';
import type { DayRange } from '../../../lib/use-day-range.ts';

// The pilot editor's money calls; the reads and what a posting makes stale are lib/api/accounts.ts's.

export function usePilotBalance(club: string, userID: string) {
  return useQuery(pilotBalanceQuery(club, userID));
}

/** The pilot's entries over whole club days, with the running balance. */
export function usePilotHistory(club: string, userID: string, range: DayRange | null) {
  return useQuery(pilotHistoryQuery(club, userID, range));
}

/** The pilot's last 10 entries, oldest first. */
export function usePilotRecent(club: string, userID: string) {
  return useQuery(pilotRecentQuery(club, userID));
}

/** Every block of the pilot, expired ones too. */
export function usePilotBlocks(club: string, userID: string) {
  return useQuery(pilotBlocksQuery(club, userID));
}

export type FundsEntry =
  | { transactionType: 'Deposit'; amountCents: number; transferType: string; transactionRef: string }
  | {
      transactionType: 'Expense';
      amountCents: number;
      feeType: string;
      taxStatus: 'exempt' | 'inclusive' | 'exclusive';
      taxRates: string[];
    }
  | {
      transactionType: 'Block';
      block: { id: string; startDate: string; endDate: string; override: boolean };
      amountCents?: number;
    };

export type FundsRequest = FundsEntry & { club: string; pilot: string; note: string; idempotencyKey: string };

/** POST /api/add-transaction/ for a Deposit, Expense or Block of the pilot. */
export function useAddFunds(club: string, userID: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: FundsRequest) => call('POST /api/add-transaction/', request),
    onSettled: () => afterAccountPosted(client, club, userID),
  });
}

/**
 * POST /api/reverse-transaction/ (admin): the exact opposite of one of the pilot's entries, posted now and linked
 * to it.
 */
export function useReverseTransaction(club: string, userID: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: { id: number; idempotencyKey: string }) =>
      call('POST /api/reverse-transaction/', { club, ...request }),
    onSettled: () => afterAccountPosted(client, club, userID),
  });
}
