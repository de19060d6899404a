import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../api.ts';

/** The club's members: the directory and a person's own pilot record. */
export const memberKeys = {
  directory: ['list-members'] as const,
  pilot: ['pilot'] as const,
};

/** Active members of the active club; email, phone and address are '' where not shared with the reader. */
export function directoryQuery(club: string) {
  return queryOptions({
    queryKey: [...memberKeys.directory, club] as const,
    queryFn: ({ signal }) => call('GET /api/list-members', {}, signal),
  });
}

/** The person's own pilot record in the active club (the profile editor's starting values). */
export function myPilotQuery(club: string | null, userID: string) {
  return queryOptions({
    queryKey: [...memberKeys.pilot, club, userID] as const,
    queryFn: ({ signal }) => call('GET /api/get-pilot', { userID }, signal),
  });
}

/** After a profile change: the person's record and the directory, in every club. */
export function afterProfileChange(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: memberKeys.pilot }),
    client.invalidateQueries({ queryKey: memberKeys.directory }),
  ]);
}
