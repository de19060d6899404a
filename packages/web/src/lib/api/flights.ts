import { queryOptions } from '@tanstack/react-query';
import { call } from '../api.ts';
import { listItems } from './items.ts';
import type { DayRange } from '../use-day-range.ts';

/**
 * The club's flights, as four reads: the line's day, the waiting list, Home's
 * flights of the day and the logs. Each key starts with the club, so a root
 * below makes stale every day (and range) of that read; the live stream's
 * notices use the roots (lib/live-notices.ts), and the offline tests read
 * 'ground-status' and 'list-items' as the line's and the waiting list's.
 */
export const flightKeys = {
  groundStatus: (club: string) => ['ground-status', club] as const,
  awaiting: (club: string) => ['list-items', 'FLIGHT', club] as const,
  ofDay: (club: string) => ['flights-of-day', club] as const,
  logs: (club: string) => ['logs', club] as const,
};

/** GET /api/ground-status: the day's flights, tugs and pilots for the line. */
export function groundStatusQuery(club: string, day: string) {
  return queryOptions({
    queryKey: [...flightKeys.groundStatus(club), day] as const,
    queryFn: ({ signal }) => call('GET /api/ground-status', { day, includePilots: 'true' }, signal),
  });
}

/** The day's flights for Awaiting Launches. */
export function awaitingFlightsQuery(club: string, day: string) {
  return queryOptions({
    queryKey: [...flightKeys.awaiting(club), day] as const,
    queryFn: async ({ signal }) => ({ items: await listItems('FLIGHT', { day }, signal) }),
  });
}

/** The day's flights for Home's active flights: the same call as the waiting list, kept under Home's own key. */
export function flightsOfDayQuery(club: string, day: string) {
  return queryOptions({
    queryKey: [...flightKeys.ofDay(club), day] as const,
    queryFn: async ({ signal }) => ({ items: await listItems('FLIGHT', { day }, signal) }),
  });
}

/**
 * The flights of whole club days with what the edit form offers
 * (includeSetup): the club's, or one member's logbook (`userID`). The dates
 * and the member are in the key, so a new choice starts empty.
 */
export function logsQuery(club: string, range: DayRange | null, userID: string | null) {
  return queryOptions({
    queryKey: [...flightKeys.logs(club), range?.startDate, range?.endDate, userID] as const,
    queryFn: ({ signal }) =>
      call(
        'GET /api/serve-logs',
        { startDate: range!.startDate, endDate: range!.endDate, includeSetup: 'true', ...(userID ? { userID } : {}) },
        signal,
      ),
    enabled: range !== null,
  });
}
