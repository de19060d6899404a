import { useQuery } from '@tanstack/react-query';
import { balanceQuery, blockBalancesQuery } from '../../lib/api/accounts.ts';

// The club is in each key so a club switch never shows the other club's figures.

/** The member's account balance in their active club. */
export function useBalance(club: string, userID: string) {
  return useQuery(balanceQuery(club, userID));
}

/** The member's unexpired blocks (prepaid packages) in their active club. */
export function useBlockBalances(club: string, userID: string) {
  return useQuery(blockBalancesQuery(club, userID));
}
