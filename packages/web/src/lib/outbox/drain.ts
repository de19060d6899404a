import { createMemoryOutboxStore } from '@flightline/domain/field/outbox-memory-store';
import {
  createOutbox,
  drainWithPauses,
  type DrainResult,
  type Outbox,
  type OutboxOptions,
  type OutboxOutcome,
  type OutboxStore,
} from '@flightline/domain/field/outbox';
import { createFetchTransport } from './fetch-transport.ts';
import { createIdbOutboxStore } from './idb-store.ts';

/**
 * The field outbox as the browser runs it, in a page or in the service
 * worker (no DOM here): entries in IndexedDB, sent with fetch, one sender at
 * a time across tabs and the worker (Web Locks), and every change announced
 * on a BroadcastChannel so open pages show what another context sent.
 */

/** The Background Sync tag the pages register and the service worker's sync handler drains. */
export const OUTBOX_SYNC_TAG = 'flightline-outbox';
/** The BroadcastChannel (and Web Lock) name. */
export const OUTBOX_CHANNEL = 'flightline-outbox';
/**
 * A sync run tries again after these pauses before it leaves the rest to the browser's own retry (minutes later in
 * Chromium).
 */
const SYNC_PAUSES_MS = [2_000, 8_000];

export type OutboxMessage = { type: 'changed' } | { type: 'settled'; id: string; outcome: OutboxOutcome };

/**
 * Run the work alone across contexts. A page does not wait: undefined when
 * another context holds the lock (it is sending, and tells every page what it
 * sent). The service worker's sync waits its turn instead: the page holding
 * the lock may be closing, and then no one else would send. Without Web
 * Locks, just run.
 */
function exclusively(wait: boolean) {
  return async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return work();
    return locks.request(OUTBOX_CHANNEL, { ifAvailable: !wait }, (lock) => (lock ? work() : undefined));
  };
}

export function openChannel(): BroadcastChannel | null {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
}

let store: OutboxStore | undefined;
/**
 * One store (one IndexedDB connection) per page or worker. Private windows of some browsers have no IndexedDB: the
 * outbox still works, for this page's life.
 */
const sharedStore = (): OutboxStore =>
  (store ??= typeof indexedDB === 'undefined' ? createMemoryOutboxStore() : createIdbOutboxStore());

/** The browser's outbox; `options` add the page's listeners; `waitForLock` for the service worker (see exclusively). */
export function createBrowserOutbox(
  options: Pick<OutboxOptions, 'onSettled' | 'onChange'> = {},
  channel = openChannel(),
  waitForLock = false,
): Outbox {
  const post = (message: OutboxMessage) => channel?.postMessage(message);
  return createOutbox({
    store: sharedStore(),
    transport: createFetchTransport(),
    exclusive: exclusively(waitForLock),
    onSettled(entry, outcome) {
      post({ type: 'settled', id: entry.id, outcome });
      options.onSettled?.(entry, outcome);
    },
    onChange() {
      post({ type: 'changed' });
      options.onChange?.();
    },
  });
}

/**
 * Send what the outbox holds, now: the service worker's Background Sync
 * handler (`event.waitUntil(drainOutbox())`). Tries again twice within ten
 * seconds, then rejects while events still wait for the network, so the
 * browser tries the sync again later; resolves when
 * the queue is empty or when it waits for the person to log in (a page asks
 * them). A page that is sending goes first; the worker then sends what is left.
 */
export async function drainOutbox(): Promise<DrainResult> {
  const channel = openChannel();
  try {
    const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
    const result = await drainWithPauses(createBrowserOutbox({}, channel, true), SYNC_PAUSES_MS, sleep);
    if (result.state === 'waiting') throw new Error(`Outbox: ${result.problem ?? 'waiting for the network'}`);
    return result;
  } finally {
    channel?.close();
  }
}
