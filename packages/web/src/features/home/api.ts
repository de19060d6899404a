import { useQuery } from '@tanstack/react-query';
import type { BalanceInfo, BlockBalance } from '@flightline/domain/api-types';
import { get } from '../../lib/api.ts';

// The club is in each key so a club switch never shows the other club's figures. Both reads have no
// parameters (the signed-in member's own, whose id is in the key): the server preloads these very addresses
// with Home's HTML (http/web-app.ts PAGE_READS), so they are under way before the script runs.

/** The member's account balance in their active club. */
export function useBalance(club: string, userID: string) {
  return useQuery({
    queryKey: ['balance', club, userID],
    queryFn: ({ signal }) => get<BalanceInfo>('/get-balance', undefined, signal),
  });
}

/** The member's unexpired blocks (prepaid packages) in their active club. */
export function useBlockBalances(club: string, userID: string) {
  return useQuery({
    queryKey: ['block-balances', club, userID, { includeExpired: false }],
    queryFn: ({ signal }) => get<{ blocks: BlockBalance[] }>('/get-block-balances', undefined, signal),
  });
}
