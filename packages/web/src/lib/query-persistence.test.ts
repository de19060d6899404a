import { describe, expect, it } from 'vitest';
import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '@flightline/domain/api/types';
import { APP_VERSION } from '@flightline/domain/api/app-version';
import { memberSession } from '@flightline/domain/fixtures/session';
import { ApiError, NO_RESPONSE_STATUS } from './api.ts';
import {
  cacheOwner,
  DEHYDRATE_OPTIONS,
  isRestorable,
  keepCacheToOnePerson,
  PERSIST_MAX_AGE_MS,
  restorable,
  restoreAndKeep,
  shouldPersistQuery,
  type PersistedClient,
  type Persister,
} from './query-persistence.ts';

const session = (userID: string | null): SessionInfo =>
  memberSession({
    isAuthenticated: userID !== null,
    userID,
    email: userID ? `${userID}@example.org` : '',
    first: '',
    last: '',
    club: userID ? 'club-1' : null,
    clubName: '',
    clubShortName: '',
  });

/** A saved cache as the persister writes it: Mary's session and her balance, fetched at `at`. */
function savedCache(userID: string | null, at = 1_000): PersistedClient {
  const client = new QueryClient();
  client.setQueryData(['session'], session(userID), { updatedAt: at });
  client.setQueryData(['balance', 'club-1', userID], { balanceCents: 12_345 }, { updatedAt: at });
  return { timestamp: at, buster: APP_VERSION, clientState: dehydrate(client) };
}

describe('what is saved on the phone', () => {
  it('only successful reads, and not those that opt out with meta.persist false', () => {
    expect(shouldPersistQuery({ state: { status: 'success' }, meta: undefined } as never)).toBe(true);
    expect(shouldPersistQuery({ state: { status: 'error' }, meta: undefined } as never)).toBe(false);
    expect(shouldPersistQuery({ state: { status: 'pending' }, meta: undefined } as never)).toBe(false);
    expect(shouldPersistQuery({ state: { status: 'success' }, meta: { persist: false } } as never)).toBe(false);
  });

  it(
    'a week at most, emptied by a new app version, and never ' + 'writes waiting to be sent (the outbox keeps those)',
    () => {
      const savedAt = Date.UTC(2026, 6, 4, 12, 0);
      expect(isRestorable({ timestamp: savedAt, buster: APP_VERSION }, savedAt + PERSIST_MAX_AGE_MS)).toBe(true);
      expect(isRestorable({ timestamp: savedAt, buster: APP_VERSION }, savedAt + PERSIST_MAX_AGE_MS + 1)).toBe(false);
      expect(PERSIST_MAX_AGE_MS).toBe(7 * 24 * 3600 * 1000);
      expect(isRestorable({ timestamp: savedAt, buster: '0.15.9' }, savedAt + 1000)).toBe(false);
      expect(isRestorable({ timestamp: 0, buster: APP_VERSION }, 1000)).toBe(false);
      expect(DEHYDRATE_OPTIONS.shouldDehydrateMutation?.({} as never)).toBe(false);
    },
  );

  it('the cache belongs to the user of its session read; signed out it is no one’s', () => {
    expect(cacheOwner(savedCache('mary'))).toBe('mary');
    expect(cacheOwner(savedCache(null))).toBeNull();
    expect(cacheOwner({ clientState: { queries: [], mutations: [] } })).toBeNull();
  });
});

describe('restoring on a shared phone: one person’s cache is never shown to another', () => {
  it(
    'no answer from the server (offline): the saved cache as it is, ' +
      'so a signed-in member is not sent to the login page',
    () => {
      const saved = savedCache('mary');
      expect(restorable(saved, undefined, 5_000)).toBe(saved);
    },
  );

  it('the same person still signed in: restored, with the session read replaced by the server’s answer', () => {
    const fresh = { ...session('mary'), clubMessage: 'Field closed at 17:00' };
    const restored = restorable(savedCache('mary'), fresh, 5_000)!;
    const sessionState = restored.clientState.queries.find((q) => q.queryKey[0] === 'session')!.state;
    expect(sessionState.data).toEqual(fresh);
    expect(sessionState.dataUpdatedAt).toBe(5_000);
    // The other reads keep the time they were fetched: the Offline notice tells it.
    expect(restored.clientState.queries.find((q) => q.queryKey[0] === 'balance')!.state.dataUpdatedAt).toBe(1_000);
  });

  it('someone else signed in, or no one (signed out elsewhere, session ended): nothing restored', () => {
    expect(restorable(savedCache('mary'), session('tom'), 5_000)).toBeUndefined();
    expect(restorable(savedCache('mary'), session(null), 5_000)).toBeUndefined();
  });
});

describe('while the app runs', () => {
  /** A cache kept to one person, with a persister that counts its removals. */
  function watchedClient() {
    const client = new QueryClient();
    const removed: number[] = [];
    keepCacheToOnePerson(client, {
      persistClient: () => {},
      restoreClient: () => undefined,
      removeClient: () => void removed.push(1),
    } satisfies Persister);
    return { client, removed };
  }

  it('signing out drops everything but the session read, in memory and on the phone', () => {
    const { client, removed } = watchedClient();
    client.setQueryData(['session'], session('mary'));
    client.setQueryData(['balance', 'club-1', 'mary'], { balanceCents: 12_345 });
    client.setQueryData(['session'], session(null));
    expect(client.getQueryData(['balance', 'club-1', 'mary'])).toBeUndefined();
    expect(client.getQueryData(['session'])).toEqual(session(null));
    expect(removed).toHaveLength(1);
  });

  it('another person signing in never sees the first one’s reads', () => {
    const { client } = watchedClient();
    client.setQueryData(['session'], session('mary'));
    client.setQueryData(['serve-crew', 'club-1', 'mary'], { pilots: [] });
    client.setQueryData(['session'], session('tom'));
    expect(
      client
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey[0]),
    ).toEqual(['session']);
  });

  it('the same person’s session read again (a club switch, a refresh) keeps the cache', () => {
    const { client, removed } = watchedClient();
    client.setQueryData(['session'], session('mary'));
    client.setQueryData(['balance', 'club-1', 'mary'], { balanceCents: 12_345 });
    client.setQueryData(['session'], { ...session('mary'), club: 'club-2' });
    expect(client.getQueryData(['balance', 'club-1', 'mary'])).toEqual({ balanceCents: 12_345 });
    expect(removed).toHaveLength(0);
  });

  it('a restored cache counts as its owner’s: when the signal returns and the server says signed out, it goes', () => {
    const { client, removed } = watchedClient();
    hydrate(client, savedCache('mary').clientState);
    client.setQueryData(['session'], session(null));
    expect(client.getQueryData(['balance', 'club-1', 'mary'])).toBeUndefined();
    expect(removed).toHaveLength(1);
  });
});

describe('restore and save', () => {
  /** The save runs on a timer (0 ms here) after the change. */
  const saved = () => new Promise((resolve) => setTimeout(resolve, 5));

  function memoryPersister(initial?: PersistedClient) {
    const state = { stored: initial, removed: 0 };
    const persister: Persister = {
      persistClient: (c) => void (state.stored = c),
      restoreClient: () => state.stored,
      removeClient: () => {
        state.removed++;
        state.stored = undefined;
      },
    };
    return { state, persister };
  }

  const noAnswer = async () => undefined;
  const noConnection = () =>
    new ApiError('Could not reach the server. Check your connection and try again.', NO_RESPONSE_STATUS);

  it(
    'no answer from the server (offline): every saved read is restored with ' +
      'its fetch time; each change is saved with the app version',
    async () => {
      const { state, persister } = memoryPersister(savedCache('mary', 1_000));
      const client = new QueryClient();
      await restoreAndKeep(client, { persister, readSession: noAnswer, now: () => 2_000, saveDelayMs: 0 });
      expect(client.getQueryData(['balance', 'club-1', 'mary'])).toEqual({ balanceCents: 12_345 });
      expect(client.getQueryState(['balance', 'club-1', 'mary'])!.dataUpdatedAt).toBe(1_000);
      client.setQueryData(['tugs', 'club-1'], { tugs: [] });
      await saved();
      expect(state.stored!.buster).toBe(APP_VERSION);
      expect(state.stored!.timestamp).toBe(2_000);
      expect(state.stored!.clientState.queries.map((q) => q.queryKey[0]).sort()).toEqual([
        'balance',
        'session',
        'tugs',
      ]);
    },
  );

  it(
    'the same person answers: only the session read is restored, so the ' +
      'screens read afresh and never show old data as current',
    async () => {
      const { state, persister } = memoryPersister(savedCache('mary', 1_000));
      const client = new QueryClient();
      await restoreAndKeep(client, {
        persister,
        readSession: async () => session('mary'),
        now: () => 2_000,
        saveDelayMs: 0,
      });
      expect(client.getQueryData(['session'])).toEqual(session('mary'));
      expect(client.getQueryState(['session'])!.dataUpdatedAt).toBe(2_000);
      expect(client.getQueryData(['balance', 'club-1', 'mary'])).toBeUndefined();
      // The saved balance is not lost: later saves keep it until the balance is read again.
      client.setQueryData(['tugs', 'club-1'], { tugs: [] });
      await saved();
      expect(state.stored!.clientState.queries.map((q) => q.queryKey[0]).sort()).toEqual([
        'balance',
        'session',
        'tugs',
      ]);
    },
  );

  it(
    'the same person answers, then a read gets no answer (the signal ' +
      'went): it shows its saved data with the time it was fetched',
    async () => {
      const { persister } = memoryPersister(savedCache('mary', 1_000));
      const client = new QueryClient();
      await restoreAndKeep(client, {
        persister,
        readSession: async () => session('mary'),
        now: () => 2_000,
        saveDelayMs: 0,
      });
      await client.prefetchQuery({
        queryKey: ['balance', 'club-1', 'mary'],
        queryFn: () => Promise.reject(noConnection()),
        retry: false,
      });
      await saved();
      expect(client.getQueryState(['balance', 'club-1', 'mary'])).toMatchObject({
        data: { balanceCents: 12_345 },
        dataUpdatedAt: 1_000,
        status: 'success',
      });
    },
  );

  it('a read refused by the server does not fall back to saved data', async () => {
    const { persister } = memoryPersister(savedCache('mary', 1_000));
    const client = new QueryClient();
    await restoreAndKeep(client, {
      persister,
      readSession: async () => session('mary'),
      now: () => 2_000,
      saveDelayMs: 0,
    });
    await client.prefetchQuery({
      queryKey: ['balance', 'club-1', 'mary'],
      queryFn: () => Promise.reject(new ApiError('Not a member', 403)),
      retry: false,
    });
    await saved();
    expect(client.getQueryData(['balance', 'club-1', 'mary'])).toBeUndefined();
  });

  it(
    'someone else or no one answers: nothing restored and the saved cache ' +
      'removed; the server is asked only when something is saved',
    async () => {
      for (const other of [session('tom'), session(null)]) {
        const { state, persister } = memoryPersister(savedCache('mary', 1_000));
        const asks: string[] = [];
        const client = new QueryClient();
        await restoreAndKeep(client, {
          persister,
          readSession: async () => {
            asks.push('session');
            return other;
          },
          now: () => 2_000,
          saveDelayMs: 0,
        });
        expect(client.getQueryCache().getAll()).toEqual([]);
        expect(state.removed).toBe(1);
        expect(asks).toEqual(['session']);
        await restoreAndKeep(new QueryClient(), {
          persister,
          readSession: async () => (asks.push('again'), other),
          now: () => 2_000,
          saveDelayMs: 0,
        });
        expect(asks).toEqual(['session']);
      }
    },
  );

  it('a cache older than a week is removed, not restored, without asking the server', async () => {
    const { state, persister } = memoryPersister(savedCache('mary', 1_000));
    const client = new QueryClient();
    let asked = false;
    await restoreAndKeep(client, {
      persister,
      readSession: async () => ((asked = true), session('mary')),
      now: () => 1_000 + PERSIST_MAX_AGE_MS + 1,
      saveDelayMs: 0,
    });
    expect(client.getQueryData(['balance', 'club-1', 'mary'])).toBeUndefined();
    expect(state.removed).toBe(1);
    expect(asked).toBe(false);
  });

  it('a failed read is not saved', async () => {
    const { state, persister } = memoryPersister();
    const client = new QueryClient();
    await restoreAndKeep(client, { persister, readSession: noAnswer, now: () => 1_000, saveDelayMs: 0 });
    await client.prefetchQuery({
      queryKey: ['tugs', 'club-1'],
      queryFn: () => Promise.reject(new Error('no signal')),
      retry: false,
    });
    client.setQueryData(['balance', 'club-1', 'mary'], { balanceCents: 1 });
    await saved();
    expect(state.stored!.clientState.queries.map((q) => q.queryKey[0])).toEqual(['balance']);
  });
});
