import { useQuery } from '@tanstack/react-query';
import type { Profile } from '@flightline/domain/schemas/members';
import { call } from '../../lib/api.ts';
import { allClubsQuery, invitationsQuery, pilotClubsQuery } from '../../lib/api/clubs.ts';
import { myPilotQuery } from '../../lib/api/members.ts';

/** The clubs the person belongs to, with their status there (active, inactive or a pending request). */
export function usePilotClubs(userID: string) {
  return useQuery(pilotClubsQuery(userID));
}

/** Every club, for membership requests. */
export function useAllClubs() {
  return useQuery(allClubsQuery());
}

/** Invitations to clubs waiting for the person's yes. */
export function useInvitations() {
  return useQuery(invitationsQuery());
}

/** Accept an invitation: the person joins its club, active, and it becomes their active club. */
export function acceptInvitation(invitation: string) {
  return call('POST /api/accept-invitation', { invitation });
}

/** The person's own pilot record in the active club (the profile editor's starting values). */
export function useMyPilot(club: string | null, userID: string) {
  return useQuery(myPilotQuery(club, userID));
}

export function switchClub(club: string) {
  return call('POST /api/switch-club', { club });
}

/** A membership request is a PILOT item written in the other club. */
export function requestMembership(input: { clubId: string; userID: string; first: string; last: string }) {
  return call('POST /api/update-item/', {
    club: input.clubId,
    type: 'PILOT',
    id: input.userID,
    data: { clubId: input.clubId, pilotId: input.userID, first: input.first, last: input.last, createdAt: Date.now() },
  });
}

export function saveProfile(userID: string, profile: Profile) {
  return call('POST /api/update-item/', { type: 'PILOT', id: userID, data: profile });
}
