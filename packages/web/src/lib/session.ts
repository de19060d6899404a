import { useQuery, useQueryClient } from '@tanstack/react-query';
import { registerZoneRules } from '@flightline/domain/time/zone-rules';
import { call } from './api.ts';

export const SESSION_KEY = ['session'] as const;

/** Who is signed in and in which club; every screen reads it. */
export function useSession() {
  const session = useQuery({
    queryKey: SESSION_KEY,
    queryFn: ({ signal }) => call('GET /api/session', {}, signal),
    staleTime: 30_000,
  });
  // Every club time the page shows comes from these rules, not the phone's own zone data (domain zone-rules.ts).
  const rules = session.data?.clubZoneRules;
  if (rules) registerZoneRules(rules);
  return session;
}

/** After sign-in, sign-out, a club switch or a profile change: everything cached is stale. */
export function useRefreshSession() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries();
  };
}
