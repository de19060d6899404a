import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../api.ts';
import type { DayRange } from '../use-day-range.ts';
import { refreshAccounting } from './accounting.ts';

/**
 * A pilot's account: balance, blocks and postings. The member's own reads
 * (Home, Account Summary) and an admin's reads of one pilot (the pilot
 * editor's funds) are kept apart: the member's have no parameters, which is
 * what the server preloads with Home's HTML (app/web-app.ts PAGE_READS), and
 * 'balance' is the root the offline tests read. Every read of one pilot in
 * the editor starts ['pilot-funds', club, userID], so a posted entry reloads
 * them all at once.
 */
export const accountKeys = {
  balance: (club: string, userID: string) => ['balance', club, userID] as const,
  blocks: (club: string, userID: string) => ['block-balances', club, userID] as const,
  transactions: (club: string, userID: string) => ['user-transactions', club, userID] as const,
  pilotFunds: (club: string, userID: string) => ['pilot-funds', club, userID] as const,
};

/** The member's account balance in their active club. */
export function balanceQuery(club: string, userID: string) {
  return queryOptions({
    queryKey: accountKeys.balance(club, userID),
    queryFn: ({ signal }) => call('GET /api/get-balance', {}, signal),
  });
}

/** The member's unexpired blocks (prepaid packages) in their active club. */
export function blockBalancesQuery(club: string, userID: string) {
  return queryOptions({
    queryKey: [...accountKeys.blocks(club, userID), { includeExpired: false }] as const,
    queryFn: ({ signal }) => call('GET /api/get-block-balances', {}, signal),
  });
}

/**
 * The member's own postings over whole club days, with the running balance.
 * The dates are in the key, so a new range starts from an empty table.
 */
export function userTransactionsQuery(club: string, userID: string, range: DayRange | null) {
  return queryOptions({
    queryKey: [...accountKeys.transactions(club, userID), range?.startDate, range?.endDate] as const,
    queryFn: ({ signal }) =>
      call(
        'GET /api/get-user-transactions',
        { user: userID, startDate: range!.startDate, endDate: range!.endDate },
        signal,
      ),
    enabled: range !== null,
  });
}

/** One pilot's balance, for the pilot editor. */
export function pilotBalanceQuery(club: string, userID: string) {
  return queryOptions({
    queryKey: [...accountKeys.pilotFunds(club, userID), 'balance'] as const,
    queryFn: ({ signal }) => call('GET /api/get-balance', { userID }, signal),
  });
}

/** The pilot's entries over whole club days, with the running balance. */
export function pilotHistoryQuery(club: string, userID: string, range: DayRange | null) {
  return queryOptions({
    queryKey: [...accountKeys.pilotFunds(club, userID), 'history', range?.startDate, range?.endDate] as const,
    queryFn: ({ signal }) =>
      call(
        'GET /api/get-transactions',
        { club, id: userID, startDate: range!.startDate, endDate: range!.endDate },
        signal,
      ),
    enabled: range !== null,
  });
}

/** The pilot's last 10 entries, oldest first (the call answers nothing without both club and id). */
export function pilotRecentQuery(club: string, userID: string) {
  return queryOptions({
    queryKey: [...accountKeys.pilotFunds(club, userID), 'recent'] as const,
    queryFn: ({ signal }) => call('GET /api/get-recent-transactions', { club, id: userID }, signal),
  });
}

/** Every block of the pilot, expired ones too (voided ones are left out by the server). */
export function pilotBlocksQuery(club: string, userID: string) {
  return queryOptions({
    queryKey: [...accountKeys.pilotFunds(club, userID), 'blocks'] as const,
    queryFn: ({ signal }) => call('GET /api/get-block-balances', { userID, includeExpired: 'true' }, signal),
  });
}

/**
 * After an entry on a pilot's account: this pilot's figures, and any copy of
 * them elsewhere in the app (Home's balance and blocks, the account and
 * accounting summaries).
 */
export async function afterAccountPosted(client: QueryClient, club: string, userID: string): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: accountKeys.pilotFunds(club, userID) }),
    client.invalidateQueries({ queryKey: accountKeys.balance(club, userID) }),
    client.invalidateQueries({ queryKey: accountKeys.blocks(club, userID) }),
    client.invalidateQueries({ queryKey: accountKeys.transactions(club, userID) }),
    refreshAccounting(client, club),
  ]);
}
