import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { accountingKeys } from '../../../lib/api/accounting.ts';
import type { DayRange } from '../../../lib/use-day-range.ts';

/** The range's postings, under the accounting range's key (Update and a new range reload them with the tables). */
export function chartPostingsQuery(club: string, range: DayRange) {
  return queryOptions({
    queryKey: [...accountingKeys.range(club, range), 'chart-postings'] as const,
    queryFn: ({ signal }) => call('GET /api/get-all-transactions', range, signal),
  });
}
