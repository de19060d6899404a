import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../api.ts';

/** The clubs: every club, the clubs one person belongs to, and the active club's settings for editing. */
export const clubKeys = {
  all: ['list-clubs'] as const,
  ofPilot: ['pilot-clubs'] as const,
  invitations: ['invitations'] as const,
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

/** The invitations to the signed-in person's email waiting for their yes (Settings). */
export function invitationsQuery() {
  return queryOptions({
    queryKey: clubKeys.invitations,
    queryFn: ({ signal }) => call('GET /api/get-invitations', {}, signal),
  });
}

/** After an invitation is accepted: the invitations and the person's clubs. */
export function afterInvitationAccepted(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: clubKeys.invitations }),
    client.invalidateQueries({ queryKey: clubKeys.ofPilot }),
  ]);
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
