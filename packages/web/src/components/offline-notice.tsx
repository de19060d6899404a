import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { offlineNoticeText, offlineSince, screenReads } from '../lib/offline-status.ts';
import { useOnline } from '../lib/online.ts';
import { useSession } from '../lib/session.ts';

/** The phone's own zone, for a person with no club yet. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * "Offline — as of 14:32" under a screen's heading while the screen shows the
 * last data it saw (no signal, or its last refresh got no answer), gone once
 * its reads answer again. The screen's reads are the queries it is showing
 * (those with an observer), so no screen has to list them; the time is the
 * oldest one's fetch, in the club's zone. `Page` draws it under its title;
 * a screen with its own heading puts it under that.
 */
export function OfflineNotice() {
  const client = useQueryClient();
  const online = useOnline();
  const session = useSession();
  const cache = client.getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const since = useSyncExternalStore(
    subscribe,
    () => offlineSince(screenReads(cache.findAll({ type: 'active' })), online),
    // Drawn as static HTML (the page's loading state the server sends): nothing shown yet is out of date.
    () => null,
  );
  if (since === null) return null;
  return (
    <div className="alert alert-warning py-2 mb-3" role="status">
      {offlineNoticeText(since, session.data?.clubTimeZone || browserZone())}
    </div>
  );
}
