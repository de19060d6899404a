import { queryOptions } from '@tanstack/react-query';
import { call } from '../api.ts';

/**
 * One charge's breakdown: a member's part of an entry, and a flight's price
 * rule as posted. Entries never change, so an answer is kept for the session.
 */
export function chargeBreakdownQuery(club: string, transactionId: number, userID?: string) {
  return queryOptions({
    queryKey: ['charge-breakdown', club, transactionId, userID ?? ''] as const,
    queryFn: ({ signal }) =>
      call('GET /api/get-charge-breakdown', { transactionId, ...(userID ? { user: userID } : {}) }, signal),
    staleTime: Infinity,
  });
}
