import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type DehydrateOptions,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { openDB } from 'idb';
import { APP_VERSION } from '@flightline/domain/api/app-version';
import type { SessionInfo } from '@flightline/domain/api/types';
import { call } from './api.ts';
import { isNoConnection } from './offline-status.ts';
import { markSavedCache } from './saved-cache-mark.ts';
import { SESSION_KEY } from './session.ts';

type DehydratedQuery = DehydratedState['queries'][number];

/** A saved cache, in the shape persistQueryClient gives it (its package is not a dependency: decision 0007). */
export interface PersistedClient {
  timestamp: number;
  buster: string;
  clientState: DehydratedState;
}

/** Where a saved cache is kept. */
export interface Persister {
  persistClient(client: PersistedClient): void | Promise<void>;
  restoreClient(): PersistedClient | undefined | Promise<PersistedClient | undefined>;
  removeClient(): void | Promise<void>;
}

/**
 * The last data seen, kept on the phone (docs/offline.md): TanStack Query's
 * cache is saved to IndexedDB, and when the app opens with no signal it is
 * restored, so a screen shows what it last showed. With a signal the screens
 * read afresh, as they always have. The cache belongs to one signed-in
 * person: it is dropped when the server says someone else (or no one) is
 * signed in, and when this person signs out.
 *
 * Loaded as its own chunk while the app starts (app/app.tsx): IndexedDB and
 * hydration code are not needed to draw the first screen. Restore and save
 * are persistQueryClient's, written here on our @tanstack/react-query's own
 * hydrate and dehydrate: @tanstack/query-persist-client-core 5.104 pins a
 * query-core of its own, older than react-query's (decision 0007).
 */

/** How long a saved cache is restored: a week of weekends at the field. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** How long the first session check may take before the app opens from the saved cache (a poor signal). */
export const SESSION_CHECK_TIMEOUT_MS = 3000;

const SESSION_QUERY_HASH = JSON.stringify(SESSION_KEY);

/** A successful read, unless its query says `meta: { persist: false }`. Never a failed or unfinished one. */
export function shouldPersistQuery(query: Pick<Query, 'state' | 'meta'>): boolean {
  return query.state.status === 'success' && query.meta?.persist !== false;
}

/** Whose cache this is: the signed-in user's id in its session read, or null (signed out, or no session read). */
export function cacheOwner(client: Pick<PersistedClient, 'clientState'>): string | null {
  return sessionOwner(client.clientState.queries.find((q) => q.queryHash === SESSION_QUERY_HASH)?.state.data);
}

/** The user a session read (GET /api/session's answer, as the query cache holds it) is for, or null. */
export function sessionOwner(session: unknown): string | null {
  if (typeof session !== 'object' || session === null || !('isAuthenticated' in session) || !('userID' in session))
    return null;
  return session.isAuthenticated === true && typeof session.userID === 'string' && session.userID
    ? session.userID
    : null;
}

/**
 * What to restore, given what the server says now. `fresh` undefined: the
 * server could not be asked (no signal): the saved cache, as it is. Otherwise
 * the saved cache only when it is that signed-in person's, with the session
 * read replaced by the server's answer; nothing when someone else or no one
 * is signed in.
 */
export function restorable(
  saved: PersistedClient,
  fresh: SessionInfo | undefined,
  nowMs: number,
): PersistedClient | undefined {
  if (fresh === undefined) return saved;
  const owner = sessionOwner(fresh);
  if (owner === null || owner !== cacheOwner(saved)) return undefined;
  const queries = saved.clientState.queries.map((q) =>
    q.queryHash === SESSION_QUERY_HASH
      ? { ...q, state: { ...q.state, data: fresh, dataUpdatedAt: nowMs, error: null, errorUpdatedAt: 0 } }
      : q,
  );
  return { ...saved, clientState: { ...saved.clientState, queries } };
}

/** The session as the server says it now, or undefined when it cannot say (offline, no answer in time, an error). */
async function readSessionNow(): Promise<SessionInfo | undefined> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return undefined;
  try {
    return await call('GET /api/session', {}, AbortSignal.timeout(SESSION_CHECK_TIMEOUT_MS));
  } catch {
    return undefined;
  }
}

/**
 * The saved cache, one record in its own IndexedDB database (apart from the
 * outbox's). Stored as an object (structured clone), not JSON text.
 */
function indexedDbPersister(): Persister {
  const KEY = 'queries';
  let db: ReturnType<typeof openDB> | undefined;
  const open = () =>
    (db ??= openDB('flightline-query-cache', 1, {
      upgrade(database) {
        database.createObjectStore('cache');
      },
    }));
  return {
    persistClient: async (client) => {
      await (await open()).put('cache', client, KEY);
      markSavedCache(true);
    },
    restoreClient: async () => ((await (await open()).get('cache', KEY)) as PersistedClient | undefined) ?? undefined,
    removeClient: async () => {
      markSavedCache(false);
      await (await open()).delete('cache', KEY);
    },
  };
}

/** No IndexedDB (some private windows): nothing is saved, and the app works online as before. */
const noPersister: Persister = { persistClient: () => {}, restoreClient: () => undefined, removeClient: () => {} };

/** The saved cache's store: IndexedDB when the browser has it. Exported for its tests. */
export function defaultPersister(): Persister {
  return typeof indexedDB === 'undefined' ? noPersister : indexedDbPersister();
}

export const queryPersister: Persister = defaultPersister();

/**
 * What is saved: successful reads only; never a mutation (writes waiting for a signal are the outbox's, in its own
 * store).
 */
export const DEHYDRATE_OPTIONS: DehydrateOptions = {
  shouldDehydrateQuery: shouldPersistQuery,
  shouldDehydrateMutation: () => false,
};

/** A saved cache is restored when younger than a week and saved by this app version (a new version starts empty). */
export function isRestorable(
  saved: Pick<PersistedClient, 'timestamp' | 'buster'>,
  nowMs: number,
  buster: string = APP_VERSION,
): boolean {
  return Boolean(saved.timestamp) && nowMs - saved.timestamp <= PERSIST_MAX_AGE_MS && saved.buster === buster;
}

/**
 * Keep the cache one person's while the app runs: when a session read names
 * someone else, or no one (signed out here or elsewhere, session ended), every
 * other query is dropped from memory and the saved copy removed.
 */
export function keepCacheToOnePerson(
  client: QueryClient,
  persister: Persister = queryPersister,
  onDrop: () => void = () => {},
): () => void {
  // undefined: no session read yet (restored or fetched), so nothing to compare with.
  let owner: string | null | undefined;
  return client.getQueryCache().subscribe((event) => {
    if (event.query.queryHash !== SESSION_QUERY_HASH) return;
    const session = event.query.state.data;
    if (session === undefined) return;
    const next = sessionOwner(session);
    if (owner !== undefined && next !== owner) {
      client.removeQueries({ predicate: (query) => query.queryHash !== SESSION_QUERY_HASH });
      onDrop();
      void Promise.resolve(persister.removeClient()).catch(() => {});
    }
    owner = next;
  });
}

/** Changes are saved together, this long after the first of them: a 10-second poll writes once, not per event. */
export const SAVE_DELAY_MS = 300;

/**
 * Restore the saved cache into `client`, then save it after changes and keep
 * it one person's. Resolves once the reads may start.
 *
 * - Nothing saved, too old, or another version's: nothing restored (removed).
 * - The server is asked who is signed in (`readSession`, 3 s at most):
 *   - no answer (offline, or too poor a signal): every saved read is restored,
 *     so the screens open with the last data seen and say "Offline — as of";
 *   - the same person: only the session read (the server's) is restored; the
 *     screens read afresh as they always have, with no old data shown as if
 *     current. The other saved reads are held: kept in later saves, and put
 *     back for a read that gets no answer at all (the signal went since);
 *   - someone else or no one: nothing restored, and the saved cache removed.
 * A saved cache that cannot be read is removed and the app opens without it.
 */
export async function restoreAndKeep(
  client: QueryClient,
  {
    persister = queryPersister,
    readSession = readSessionNow,
    now = Date.now,
    saveDelayMs = SAVE_DELAY_MS,
  }: {
    persister?: Persister;
    readSession?: () => Promise<SessionInfo | undefined>;
    now?: () => number;
    saveDelayMs?: number;
  } = {},
): Promise<void> {
  /** Saved reads not in `client`, by query hash. */
  const held = new Map<string, DehydratedQuery>();
  // First, so the restored session read already counts as the cache's owner.
  keepCacheToOnePerson(client, persister, () => held.clear());
  try {
    const saved = await persister.restoreClient();
    if (saved && !isRestorable(saved, now())) await persister.removeClient();
    else if (saved) {
      const fresh = await readSession();
      const restored = restorable(saved, fresh, now());
      if (!restored) await persister.removeClient();
      else if (fresh === undefined) hydrate(client, restored.clientState);
      else {
        const [session, others] = partition(restored.clientState.queries, (q) => q.queryHash === SESSION_QUERY_HASH);
        hydrate(client, { queries: session, mutations: [] });
        for (const query of others) held.set(query.queryHash, query);
      }
    }
  } catch {
    await Promise.resolve(persister.removeClient()).catch(() => {});
  }

  let pending: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(pending);
    pending = undefined;
    const clientState = dehydrate(client, DEHYDRATE_OPTIONS);
    const current = new Set(clientState.queries.map((q) => q.queryHash));
    clientState.queries.push(...[...held.values()].filter((q) => !current.has(q.queryHash)));
    void Promise.resolve(persister.persistClient({ timestamp: now(), buster: APP_VERSION, clientState })).catch(
      () => {},
    );
  };
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') held.delete(event.query.queryHash);
    if (
      event.type === 'updated' &&
      event.action.type === 'error' &&
      isNoConnection(event.action.error) &&
      event.query.state.data === undefined
    ) {
      const saved = held.get(event.query.queryHash);
      if (saved) {
        held.delete(event.query.queryHash);
        const query = event.query;
        // Its last data, with the time it was fetched: the screen shows it with "Offline — as of".
        queueMicrotask(() => query.setState({ ...saved.state, fetchStatus: 'idle', error: null, errorUpdatedAt: 0 }));
      }
    }
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated')
      pending ??= setTimeout(save, saveDelayMs);
  });
  // The phone leaves the app (another app, the screen locks, the tab closes): save what is waiting now.
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden' && pending !== undefined) save();
    });
  }
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  return [items.filter(test), items.filter((item) => !test(item))];
}
