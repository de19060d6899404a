import { useQuery } from '@tanstack/react-query';
import { userTransactionsQuery } from '../../lib/api/accounts.ts';
import type { DayRange } from '../../lib/use-day-range.ts';

/** The member's own postings over whole club days, with the running balance. */
export function useUserTransactions(club: string, userID: string, range: DayRange | null) {
  return useQuery(userTransactionsQuery(club, userID, range));
}
