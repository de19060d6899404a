import { queryOptions } from '@tanstack/react-query';
import { call } from '../api.ts';
import { flightKeys } from './flights.ts';

/**
 * The member's logbook totals over all time. Kept under the logs' key, so a
 * log correction (which reloads the logs) reloads them too.
 */
export function logbookTotalsQuery(club: string) {
  return queryOptions({
    queryKey: [...flightKeys.logs(club), 'all-time-totals'] as const,
    queryFn: ({ signal }) => call('GET /api/get-logbook-totals', {}, signal),
  });
}
