import { useQuery } from '@tanstack/react-query';
import type { AccountHistory } from '@flightline/domain/api-types';
import { get } from '../../lib/api.ts';
import type { DayRange } from '../../lib/use-day-range.ts';

/**
 * The member's own postings over whole club days, with the running balance.
 * The dates are in the key, so a new range starts from an empty table.
 */
export function useUserTransactions(club: string, userID: string, range: DayRange | null) {
  return useQuery({
    queryKey: ['user-transactions', club, userID, range?.startDate, range?.endDate],
    queryFn: ({ signal }) =>
      get<AccountHistory>('/get-user-transactions', { user: userID, startDate: range!.startDate, endDate: range!.endDate }, signal),
    enabled: range !== null,
  });
}
