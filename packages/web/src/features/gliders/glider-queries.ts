import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { flightKeys } from '../../lib/api/flights.ts';
import type { DayRange } from '../../lib/use-day-range.ts';

/** The glider logbooks' reads, under the logs' key: a log correction reloads them. */

/** Every glider of the club with its all-time and since-maintenance figures. */
export function gliderLogbooksQuery(club: string) {
  return queryOptions({
    queryKey: [...flightKeys.logs(club), 'gliders'] as const,
    queryFn: ({ signal }) => call('GET /api/get-glider-logbooks', {}, signal),
  });
}

/** One glider's flights and figures over a range. */
export function gliderLogbookQuery(club: string, glider: string, range: DayRange | null) {
  return queryOptions({
    queryKey: [...flightKeys.logs(club), 'glider', glider, range?.startDate, range?.endDate] as const,
    queryFn: ({ signal }) => call('GET /api/get-glider-logbook/:glider', { glider, ...range! }, signal),
    enabled: range !== null,
  });
}
