import { useQuery } from '@tanstack/react-query';
import type { DirectoryEntry } from '@flightline/domain/api-types';
import { get, post } from '../../lib/api.ts';

/** Active members of the active club; email, phone and address are '' where not shared with the reader. */
export function useMembers(club: string) {
  return useQuery({
    queryKey: ['list-members', club],
    queryFn: ({ signal }) => get<{ pilots: DirectoryEntry[] }>('/list-members', undefined, signal),
  });
}

/** The new pilot form: the signed-in person's pilot record, from their names. */
export function createPilot(input: { first: string; last: string }) {
  return post<unknown>('/pilot', input);
}
