import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './api.ts';

export const SESSION_KEY = ['session'] as const;

/** Who is signed in and in which club; every screen reads it. */
export function useSession() {
  return useQuery({ queryKey: SESSION_KEY, queryFn: ({ signal }) => call('GET /api/session', {}, signal), staleTime: 30_000 });
}

/** After sign-in, sign-out, a club switch or a profile change: everything cached is stale. */
export function useRefreshSession() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries();
  };
}
