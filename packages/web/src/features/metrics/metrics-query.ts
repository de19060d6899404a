import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { flightKeys } from '../../lib/api/flights.ts';
import type { DayRange } from '../../lib/use-day-range.ts';

/** The club metrics of a range, under the logs' key (a log correction reloads them). */
export function clubMetricsQuery(club: string, range: DayRange | null) {
  return queryOptions({
    queryKey: [...flightKeys.logs(club), 'metrics', range?.startDate, range?.endDate] as const,
    queryFn: ({ signal }) => call('GET /api/get-club-metrics', range!, signal),
    enabled: range !== null,
  });
}
