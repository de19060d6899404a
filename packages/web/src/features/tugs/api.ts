import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TowEventResult, TugPageData } from '@flightline/domain/api-types';
import type { TowEvent } from '@flightline/domain/schemas/flights';
import { get, post } from '../../lib/api.ts';

// The club is named in each call, so a club switched in another tab is refused, not logged on the wrong club's tug.

/** The club's tugs with their last readings and checked-in pilots, and the tow pilots to check in. */
export function useTugPage(club: string) {
  return useQuery({
    queryKey: ['tugs', club],
    queryFn: ({ signal }) => get<TugPageData>('/get-tugs', { club }, signal),
  });
}

/** Log one tow event; the tugs are read again afterwards — also after a refusal, which may come from another phone's newer reading. */
export function useCreateTow(club: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<TowEvent, 'club' | 'data'> & { data: TowEventData }) => post<TowEventResult>('/create-tow/', { ...body, club }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['tugs', club] }),
  });
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
