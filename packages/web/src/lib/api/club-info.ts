import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ClubInfo } from '@flightline/domain/api/types';
import { call } from '../api.ts';

/**
 * GET /api/get-club-info, read by the accounting screens, the intro sale, a pilot's funds, the line and the logs:
 * one key for all.
 */
export const clubInfoKey = (club: string) => ['club-info', club] as const;

export function useClubInfo(club: string) {
  return useQuery({
    queryKey: clubInfoKey(club),
    queryFn: ({ signal }) => call('GET /api/get-club-info', {}, signal),
  });
}

/**
 * The club's height unit for the Release Height modal and the logs; it seldom changes, so a copy five minutes old
 * will do.
 */
export function useHeightUnit(club: string): string {
  const info = useQuery({
    queryKey: clubInfoKey(club),
    queryFn: ({ signal }) => call('GET /api/get-club-info', {}, signal),
    staleTime: 5 * 60_000,
  });
  return info.data?.heightUnit ?? '';
}

/** After a change: the club's settings and the session's copy are stale, and so are open summaries. */
export async function afterClubChange(client: QueryClient, club: string, patch: Partial<ClubInfo>) {
  client.setQueryData<ClubInfo>(clubInfoKey(club), (info) => (info ? { ...info, ...patch } : info));
  await client.invalidateQueries({ queryKey: clubInfoKey(club) });
}
