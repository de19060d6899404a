import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';

// Not in lib/api/ (the 'api' chunk every signed-in page loads): only the lazily loaded roster screens read these.
// 'roster' is the root the live stream's roster notices refresh (lib/live-notices.ts, which spells it out): every
// roster read is under it.
export const rosterKeys = {
  club: (club: string) => ['roster', club] as const,
};

/** Published duties of a range (an editor also gets the working copy). */
export function rosterQuery(club: string, start: string, end: string) {
  return queryOptions({
    queryKey: [...rosterKeys.club(club), 'duties', start, end] as const,
    queryFn: ({ signal }) => call('GET /api/get-roster', { club, start, end }, signal),
  });
}

export function swapsQuery(club: string) {
  return queryOptions({
    queryKey: [...rosterKeys.club(club), 'swaps'] as const,
    queryFn: ({ signal }) => call('GET /api/get-swaps', { club }, signal),
  });
}

export function flyingDayQuery(club: string, day: string) {
  return queryOptions({
    queryKey: [...rosterKeys.club(club), 'day', day] as const,
    queryFn: ({ signal }) => call('GET /api/get-flying-day', { club, day }, signal),
  });
}

export function dutyRolesQuery(club: string) {
  return queryOptions({
    queryKey: [...rosterKeys.club(club), 'roles'] as const,
    queryFn: ({ signal }) => call('GET /api/get-duty-roles', { club }, signal),
  });
}

export function availabilityQuery(club: string) {
  return queryOptions({
    queryKey: [...rosterKeys.club(club), 'availability'] as const,
    queryFn: ({ signal }) => call('GET /api/get-duty-availability', { club }, signal),
  });
}

/** After any roster write: every roster read of the club again. */
export const refreshRoster = (client: QueryClient, club: string) =>
  client.invalidateQueries({ queryKey: rosterKeys.club(club) });
