import { queryOptions } from '@tanstack/react-query';
import { call } from '../api.ts';

/**
 * GET /api/check-version: is this build still supported? 'check-version' is an app-wide read, not a screen's
 * (lib/offline-status.ts).
 */
export function versionCheckQuery(version: string) {
  return queryOptions({
    queryKey: ['check-version', version] as const,
    queryFn: ({ signal }) => call('GET /api/check-version', { version }, signal),
  });
}
