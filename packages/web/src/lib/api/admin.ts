import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../api.ts';

/** GET /api/serve-admin, the Administration page's lists; the intro pages' writes make it stale too. */
export const adminKeys = {
  all: ['serve-admin'] as const,
};

/** Everything the Administration page lists; the lists the caller may not see come back empty. */
export function serveAdminQuery(club: string) {
  return queryOptions({
    queryKey: [...adminKeys.all, club] as const,
    queryFn: ({ signal }) => call('GET /api/serve-admin', {}, signal),
  });
}

/** After an item was written (any club: the page reloads its lists). */
export function refreshAdmin(client: QueryClient) {
  return client.invalidateQueries({ queryKey: adminKeys.all });
}
