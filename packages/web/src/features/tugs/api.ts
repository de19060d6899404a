import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TugPageData } from '@flightline/domain/api-types';
import { get } from '../../lib/api.ts';

// The club is named in each call, so a club switched in another tab is refused, not logged on the wrong club's tug.

/** The club's tugs with their last readings and checked-in pilots, and the tow pilots to check in. */
export function useTugPage(club: string) {
  return useQuery({
    queryKey: ['tugs', club],
    queryFn: ({ signal }) => get<TugPageData>('/get-tugs', { club }, signal),
  });
}

/**
 * After the server answered a tow event (sent through the field outbox,
 * lib/outbox): read the tugs again — also after a refusal, which may come from
 * another phone's newer reading.
 */
export function useTugsAnswered(club: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['tugs', club] });
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
