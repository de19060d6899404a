import { useQuery, useQueryClient } from '@tanstack/react-query';
import { tugKeys, tugPageQuery } from '../../lib/api/tugs.ts';

/** The club's tugs with their last readings and checked-in pilots, and the tow pilots to check in. */
export function useTugPage(club: string) {
  return useQuery(tugPageQuery(club));
}

/**
 * After the server answered a tow event (sent through the field outbox,
 * lib/outbox): read the tugs again — also after a refusal, which may come from
 * another phone's newer reading.
 */
export function useTugsAnswered(club: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tugKeys.club(club) });
}

/** What the page sends: every field of the spec's payload. */
export interface TowEventData {
  time: number;
  by: string;
  tug: string;
  hobbs: number;
  oil: boolean;
  fuel: number;
  pilot: string;
  pilotLogOut: boolean;
}
