import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../api.ts';

/** The clubs: every club, the clubs one person belongs to, and the active club's settings for editing. */
export const clubKeys = {
  all: ['list-clubs'] as const,
  ofPilot: ['pilot-clubs'] as const,
  settings: (club: string) => ['club-settings', club] as const,
};

/** Every club, for membership requests. */
export function allClubsQuery() {
  return queryOptions({
    queryKey: clubKeys.all,
    queryFn: ({ signal }) => call('GET /api/list-clubs', {}, signal),
  });
}

/** The clubs the person belongs to, with their status there (active, inactive or a pending request). */
export function pilotClubsQuery(userID: string) {
  return queryOptions({
    queryKey: [...clubKeys.ofPilot, userID] as const,
    queryFn: ({ signal }) => call('GET /api/get-pilot-clubs/:id', { id: userID }, signal),
  });
}

/** After a membership request: the person's clubs. */
export function afterMembershipChange(client: QueryClient) {
  return client.invalidateQueries({ queryKey: clubKeys.ofPilot });
}

/**
 * The active club's settings for editing (the message as written, not
 * sanitised); admins only. The club is named in the call, so a club switched
 * in another tab is refused, not overwritten.
 */
export function clubSettingsQuery(club: string) {
  return queryOptions({
    queryKey: clubKeys.settings(club),
    queryFn: ({ signal }) => call('GET /api/get-club-settings', { club }, signal),
  });
}
