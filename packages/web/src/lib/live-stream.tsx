import { useEffect, useState } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { liveNoticeKind, RESYNC_EVENT } from '@flightline/domain/field/live-stream-protocol';
import { lineReads, readsAffectedBy } from './live-notices.ts';
import { setLiveState } from './live-status.ts';
import { useOnline } from './online.ts';
import { useSession } from './session.ts';

/** After the server refused the stream or it failed for good (a 503, a proxy's error page): try again after this. */
const REOPEN_AFTER_MS = 30_000;

/** The last event id this tab received, per signed-in person and club: sent when the tab opens a new EventSource. */
let last: { who: string; id: string } | null = null;

function invalidate(client: QueryClient, keys: QueryKey[]): void {
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
}

/**
 * The tab's one live stream (docs/live.md), mounted once in the app shell:
 * open while someone active in a club is signed in and the phone is online.
 * Each notice makes the reads it affects stale; every open — the first, and
 * each reconnect, which EventSource makes by itself with Last-Event-ID —
 * reads the line screens again once, since a notice committed out of id
 * order may have been passed over. While it is open the screens poll only as
 * a safety net (lib/live-status.ts); when it cannot be held they poll as the
 * spec says.
 */
export function LiveStream() {
  const session = useSession();
  const online = useOnline();
  const client = useQueryClient();
  const club = session.data?.club ?? null;
  const userID = session.data?.userID ?? null;
  const active = session.data?.userIsActive ?? false;
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!club || !userID || !active || !online || typeof EventSource === 'undefined') {
      setLiveState('off');
      return;
    }
    const who = `${userID}/${club}`;
    if (last?.who !== who) last = null;
    // A new EventSource does not send Last-Event-ID: the query parameter carries it.
    const source = new EventSource(last ? `/api/events?lastEventId=${encodeURIComponent(last.id)}` : '/api/events');
    let reopen: ReturnType<typeof setTimeout> | undefined;
    setLiveState('connecting');
    source.onopen = () => {
      setLiveState('open');
      invalidate(client, lineReads(club, userID));
    };
    source.onmessage = (event) => {
      if (event.lastEventId) last = { who, id: event.lastEventId };
      invalidate(client, readsAffectedBy(liveNoticeKind(String(event.data)), club, userID));
    };
    source.addEventListener(RESYNC_EVENT, () => invalidate(client, lineReads(club, userID)));
    source.onerror = () => {
      if (source.readyState === EventSource.CONNECTING) {
        // Dropped: the browser reconnects by itself; the screens poll meanwhile.
        setLiveState('connecting');
        return;
      }
      // Refused (401, 403, 503) or not a stream: EventSource gives up. Poll, and try again later.
      setLiveState('closed');
      reopen = setTimeout(() => setAttempt((n) => n + 1), REOPEN_AFTER_MS);
    };
    return () => {
      clearTimeout(reopen);
      source.close();
      setLiveState('off');
    };
  }, [club, userID, active, online, attempt, client]);

  return null;
}
