import { useQuery } from '@tanstack/react-query';
import type { BalanceInfo, BlockBalance } from '@flightline/domain/api-types';
import { get } from '../../lib/api.ts';

// The club is in each key so a club switch never shows the other club's figures.

/** The member's account balance in their active club. */
export function useBalance(club: string, userID: string) {
  return useQuery({
    queryKey: ['balance', club, userID],
    queryFn: ({ signal }) => get<BalanceInfo>('/get-balance', { userID }, signal),
  });
}

/** The member's unexpired blocks (prepaid packages) in their active club. */
export function useBlockBalances(club: string, userID: string) {
  return useQuery({
    queryKey: ['block-balances', club, userID, { includeExpired: false }],
    queryFn: ({ signal }) => get<{ blocks: BlockBalance[] }>('/get-block-balances', { userID, includeExpired: false }, signal),
  });
}
