import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createMemoryOutboxStore } from '@flightline/domain/field/outbox-memory-store';
import { openDB } from 'idb';
import {
  createOutbox,
  type OutboxEntry,
  type OutboxEntryState,
  type OutboxStore,
  type UnsequencedEntry,
} from '@flightline/domain/field/outbox';
import type { LegacyOutboxEntry } from '@flightline/domain/field/outbox-stored';
import { createFetchTransport } from './fetch-transport.ts';
import { createIdbOutboxStore } from './idb-store.ts';

const T0 = Date.parse('2025-07-12T16:00:00Z');
let dbCount = 0;

function entry(id: string, extra: Partial<Omit<OutboxEntryState, 'seq'>> = {}): UnsequencedEntry {
  return {
    id,
    kind: 'line-action',
    call: 'POST /api/update-flight/',
    input: { id: 'f1', action: 'Launch', idempotencyKey: id, time: T0 },
    tappedAt: T0,
    userId: 'mary',
    userName: 'Mary Member',
    label: `Launch ${id}`,
    flightId: 'f1',
    preview: null,
    attempts: 0,
    nextAttemptAt: T0,
    problem: null,
    refusal: null,
    ...extra,
  };
}

/** The same contract for the browser's store and the tests' memory store. */
describe.each([
  ['IndexedDB (idb over fake-indexeddb)', () => createIdbOutboxStore(`outbox-test-${++dbCount}`)],
  ['memory', () => createMemoryOutboxStore()],
])('the outbox store: %s', (_name, make: () => OutboxStore) => {
  it('keeps entries in tap order with increasing seq, once per idempotency key', async () => {
    const store = make();
    const a = await store.add(entry('a'));
    const b = await store.add(entry('b'));
    const again = await store.add(entry('a', { label: 'double tap' }));
    expect(b.seq).toBeGreaterThan(a.seq);
    expect(again).toEqual(a);
    expect((await store.list()).map((e) => [e.id, e.label])).toEqual([
      ['a', 'Launch a'],
      ['b', 'Launch b'],
    ]);
  });

  it('put replaces an entry by id and never brings back one removed', async () => {
    const store = make();
    const a = await store.add(entry('a'));
    await store.add(entry('b'));
    await store.put({ ...a, attempts: 3, problem: 'No answer from the server' });
    await store.remove('b');
    await store.put({ ...a, id: 'b', seq: 99 });
    expect(await store.list()).toEqual([{ ...a, attempts: 3, problem: 'No answer from the server' }]);
    await store.remove('a');
    await store.remove('a');
    expect(await store.list()).toEqual([]);
  });
});

describe('the outbox over IndexedDB', () => {
  it('survives a reload: a new store and outbox on the same database send what was waiting, in order', async () => {
    const name = `outbox-reload-${++dbCount}`;
    const sent: string[] = [];
    let online = false;
    const transport = {
      send: async (e: OutboxEntry) => {
        if (!online) return { status: 0 };
        sent.push(e.id);
        return { status: 200, body: { statusCode: 200 } };
      },
      whoami: async () => 'mary',
    };
    const first = createOutbox({ store: createIdbOutboxStore(name), transport, now: () => T0 });
    for (const id of ['request', 'launch', 'landing']) {
      await first.enqueue({
        id,
        kind: 'line-action',
        call: 'POST /api/update-flight/',
        input: { id: 'f1', action: 'Launch', idempotencyKey: id },
        preview: null,
        tappedAt: T0,
        userId: 'mary',
        userName: 'Mary Member',
        label: id,
      });
    }
    expect(await first.drain()).toMatchObject({ state: 'waiting' });

    online = true;
    const reloaded = createOutbox({ store: createIdbOutboxStore(name), transport, now: () => T0 });
    expect(await reloaded.drain({ force: true })).toEqual({ state: 'empty' });
    expect(sent).toEqual(['request', 'launch', 'landing']);
  });
});

describe('entries stored by the earlier version (path and body), after an upgrade', () => {
  /** What app 0.16 stored for a tap: the path under /api and the body, as its field events built them. */
  const state = (id: string, seq: number) => ({
    id,
    seq,
    tappedAt: T0,
    userId: 'mary',
    userName: 'Mary Member',
    label: id,
    flightId: 'f1',
    preview: null,
    attempts: 1,
    nextAttemptAt: T0,
    problem: 'No connection',
    refusal: null,
  });
  const legacy: LegacyOutboxEntry[] = [
    {
      ...state('f1', 1),
      kind: 'flight-request',
      path: '/update-item/',
      body: {
        type: 'FLIGHT',
        club: 'alpha',
        id: 'f1',
        date: '2025-07-12',
        data: { user: 'mary', flyWith: 'Alone', glider: 'ASK-21', launchType: '2000 ft', submittedAt: T0 },
      },
    },
    {
      ...state('k-launch', 2),
      kind: 'line-action',
      path: '/update-flight/',
      body: {
        id: 'f1',
        action: 'Launch',
        tug: 'C-GTOW',
        club: 'alpha',
        idempotencyKey: 'k-launch',
        time: T0,
        enteredTime: T0,
      },
    },
    {
      ...state('k-fuel', 3),
      kind: 'tow-event',
      path: '/create-tow/',
      body: { club: 'alpha', idempotencyKey: 'k-fuel', data: { time: T0, tug: 'C-GTOW', hobbs: 1236.5, fuel: 30 } },
    },
  ];

  it(
    'are sent, in their order, exactly as that version sent ' + 'them: POST, the same URL, the same JSON bytes',
    async () => {
      const name = `outbox-upgrade-${++dbCount}`;
      // The database as the earlier version left it (the same schema, version 1).
      const old = await openDB(name, 1, {
        upgrade(database) {
          database
            .createObjectStore('entries', { keyPath: 'seq', autoIncrement: true })
            .createIndex('id', 'id', { unique: true });
        },
      });
      for (const stored of legacy) await old.add('entries', stored);
      old.close();

      const requests: { url: string; method: string; body: string }[] = [];
      const transport = createFetchTransport({
        origin: 'https://club.example/',
        fetch: async (input, init) => {
          const url = String(input);
          if (url.endsWith('/api/session')) return Response.json({ isAuthenticated: true, userID: 'mary' });
          requests.push({ url, method: init?.method ?? 'GET', body: String(init?.body) });
          return Response.json({ statusCode: 200, message: 'ok' });
        },
      });
      const store = createIdbOutboxStore(name);
      expect((await store.list()).map((e) => [e.id, e.kind, e.call])).toEqual([
        ['f1', 'flight-request', 'POST /api/update-item/'],
        ['k-launch', 'line-action', 'POST /api/update-flight/'],
        ['k-fuel', 'tow-event', 'POST /api/create-tow/'],
      ]);
      const outbox = createOutbox({ store, transport, now: () => T0 });
      expect(await outbox.drain({ force: true })).toEqual({ state: 'empty' });
      expect(requests).toEqual(
        legacy.map((e) => ({ url: `https://club.example/api${e.path}`, method: 'POST', body: JSON.stringify(e.body) })),
      );
      expect(await store.list()).toEqual([]);
    },
  );

  it('an entry put back after a failed try is stored as this version stores it', async () => {
    const name = `outbox-upgrade-${++dbCount}`;
    const old = await openDB(name, 1, {
      upgrade(database) {
        database
          .createObjectStore('entries', { keyPath: 'seq', autoIncrement: true })
          .createIndex('id', 'id', { unique: true });
      },
    });
    await old.add('entries', legacy[1]!);
    old.close();
    const store = createIdbOutboxStore(name);
    const [launch] = await store.list();
    await store.put({ ...launch!, attempts: 2 });
    const { path: _path, body, ...rest } = legacy[1]!;
    expect(await store.list()).toEqual([{ ...rest, call: 'POST /api/update-flight/', input: body, attempts: 2 }]);
  });
});
