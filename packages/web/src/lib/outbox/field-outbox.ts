import {
  outcomeOf,
  type DrainResult,
  type NewOutboxEntry,
  type Outbox,
  type OutboxEntry,
  type OutboxOutcome,
  type OutboxRoute,
} from '@flightline/domain/field/outbox';
import { createBrowserOutbox, openChannel, OUTBOX_SYNC_TAG, type OutboxMessage } from './drain.ts';
import { setWaitingTaps } from './waiting-flag.ts';

/**
 * The page's side of the field outbox (docs/offline.md, "The outbox"): one
 * per page, started by the first screen that needs it. It sends on page load,
 * right after each tap, when the phone comes back online or to the screen,
 * every 15 seconds while something waits, and when a backoff ends; it asks
 * for Background Sync so the service worker sends when no page is open. The
 * screens read it through useOutbox (use-outbox.ts).
 */

export interface OutboxSnapshot {
  /** Not sent yet, in tap order. */
  waiting: OutboxEntry[];
  /** Refused by the server and not shown yet. */
  refused: OutboxEntry[];
  sendingId: string | null;
  /** Why the last send stopped short (null: nothing waits, or it went through). */
  stopped: Exclude<DrainResult, { state: 'empty' }> | null;
}

/**
 * A screen's answer to an outcome (the answer typed by the entry's call): true when it showed it to the person
 * itself.
 */
export type OutcomeHandler<R extends OutboxRoute = OutboxRoute> = (
  outcome: OutboxOutcome<R>,
  entry: OutboxEntry,
) => boolean;

export type FirstTry = 'settled' | 'waiting';

/**
 * A tap stored right behind another in the same send (the weight behind its flight request), with its screen's
 * handler.
 */
export interface FollowingTap {
  input: NewOutboxEntry;
  handler: OutcomeHandler;
}

/** A following tap and its handler, the outcome typed by the tap's own call. */
export function followingTap<E extends NewOutboxEntry>(input: E, handler: OutcomeHandler<E['call']>): FollowingTap {
  return { input, handler: (outcome, entry) => handler(outcomeOf<E['call']>(input, outcome), entry) };
}

/** An outcome no screen showed (the screen was left): the shell's notifier tells the person. */
export type UnclaimedListener = (entry: OutboxEntry, outcome: OutboxOutcome) => void;

const INTERVAL_MS = 15_000;
/**
 * A forced send that found another context sending (the service worker's
 * sync, another tab) tries again this soon: if that context's attempt fails
 * (a worker whose network comes back later than the page's), this page sends
 * instead of waiting for its interval and the backoff.
 */
const BUSY_RETRY_MS = 3_000;
const EMPTY: OutboxSnapshot = { waiting: [], refused: [], sendingId: null, stopped: null };

function start() {
  let snapshot = EMPTY;
  let stopped: OutboxSnapshot['stopped'] = null;
  const listeners = new Set<() => void>();
  const handlers = new Map<string, OutcomeHandler>();
  /** Refusals a screen showed: the notifier leaves them alone while they are dismissed. */
  const claimed = new Set<string>();
  const unclaimed = new Set<UnclaimedListener>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const emit = () => listeners.forEach((listener) => listener());
  let reading: Promise<void> | null = null;
  let again = false;
  const refresh = (): Promise<void> => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        const entries = await outbox.entries().catch(() => snapshot.waiting.concat(snapshot.refused));
        const waiting = entries.filter((e) => e.refusal === null);
        snapshot = {
          waiting,
          refused: entries.filter((e) => e.refusal !== null),
          sendingId: outbox.sendingId(),
          stopped: waiting.length ? stopped : null,
        };
        setWaitingTaps(waiting.length);
        emit();
      } while (again);
      reading = null;
    })();
    return reading;
  };

  const settle = (entry: OutboxEntry, outcome: OutboxOutcome) => {
    const handler = handlers.get(entry.id);
    handlers.delete(entry.id);
    const shown = handler ? handler(outcome, entry) : false;
    if (shown && outcome.kind === 'refused') {
      claimed.add(entry.id);
      void outbox.dismiss(entry.id);
    }
    if (!shown) unclaimed.forEach((listener) => listener(entry, outcome));
  };

  const channel = openChannel();
  const outbox: Outbox = createBrowserOutbox({ onSettled: settle, onChange: () => void refresh() }, channel);
  // Another tab or the service worker sent or refused something: show it here too.
  channel?.addEventListener('message', (event: MessageEvent<OutboxMessage>) => {
    const message = event.data;
    if (message.type === 'settled') {
      const entry = snapshot.waiting.find((e) => e.id === message.id);
      if (entry) settle(entry, message.outcome);
    }
    void refresh();
  });

  const drain = async (force: boolean): Promise<DrainResult> => {
    let result: DrainResult;
    try {
      result = await outbox.drain({ force });
    } catch (error) {
      result = {
        state: 'waiting',
        until: Date.now() + INTERVAL_MS,
        problem: error instanceof Error ? error.message : String(error),
      };
    }
    stopped = result.state === 'empty' ? null : result;
    clearTimeout(timer);
    if (result.state === 'waiting')
      timer = setTimeout(() => void drain(false), Math.max(1000, result.until - Date.now()));
    else if (result.state === 'busy' && force) timer = setTimeout(() => void drain(true), BUSY_RETRY_MS);
    await refresh();
    return result;
  };

  /**
   * Ask the service worker to send when the network is back, even if this
   * page is closed by then. Awaited (a second at most) before the screen says
   * "waiting to send", so a page closed right after still leaves it asked.
   */
  const requestSync = async (): Promise<void> => {
    if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
    const registered = navigator.serviceWorker.ready
      .then((registration) =>
        (
          registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }
        ).sync?.register(OUTBOX_SYNC_TAG),
      )
      .catch(() => {});
    await Promise.race([registered, new Promise((resolve) => setTimeout(resolve, 1000))]);
  };

  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => void drain(true));
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void drain(true);
    });
    setInterval(() => {
      if (snapshot.waiting.length > 0) void drain(false);
    }, INTERVAL_MS);
  }
  // On page load: whatever an earlier page left.
  void drain(true);

  return {
    /**
     * Store a tap and try to send it at once. Resolves when it is stored (the
     * screen shows it at once); `firstTry` when that try is over: 'settled'
     * (the handler has run) or 'waiting' (it waits in the outbox, marked
     * "waiting to send"; the handler runs when it settles, if the screen is
     * still there). `after`: taps stored right behind it before anything is
     * sent, so they go after it and, when it is a refused flight request,
     * are refused with it; `firstTry` is the first tap's.
     */
    async send<E extends NewOutboxEntry>(
      input: E,
      handler?: OutcomeHandler<E['call']>,
      after: readonly FollowingTap[] = [],
    ): Promise<{ firstTry: Promise<FirstTry> }> {
      let settled = false;
      handlers.set(input.id, (outcome, entry) => {
        settled = true;
        return handler ? handler(outcomeOf<E['call']>(input, outcome), entry) : false;
      });
      for (const tap of after) handlers.set(tap.input.id, tap.handler);
      await outbox.enqueue(input);
      for (const tap of after) await outbox.enqueue(tap.input);
      const firstTry = drain(true).then(async (): Promise<FirstTry> => {
        if (settled) return 'settled';
        // Something now lives only on this phone: ask the browser not to evict it under storage pressure (best effort).
        void navigator.storage?.persist?.().catch(() => false);
        await requestSync();
        return 'waiting';
      });
      return { firstTry };
    },
    /** A screen left: its outcomes go to the notifier. */
    forget(id: string) {
      handlers.delete(id);
    },
    /** Send now (the "Send now" button, a new sign-in). */
    kick: () => drain(true),
    async dismiss(id: string) {
      await outbox.dismiss(id);
    },
    isClaimed: (id: string) => claimed.has(id),
    onUnclaimed(listener: UnclaimedListener) {
      unclaimed.add(listener);
      return () => void unclaimed.delete(listener);
    },
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

export type FieldOutbox = ReturnType<typeof start>;

let instance: FieldOutbox | null = null;

/** The page's outbox, started on first use. */
export function fieldOutbox(): FieldOutbox {
  return (instance ??= start());
}
