import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { directoryQuery } from '../../lib/api/members.ts';

/** Active members of the active club; email, phone and address are '' where not shared with the reader. */
export function useMembers(club: string) {
  return useQuery(directoryQuery(club));
}

/** The new pilot form: the signed-in person's pilot record, from their names. */
export function createPilot(input: { first: string; last: string }) {
  return call('POST /api/pilot', input);
}
