import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createMemoryOutboxStore } from '@flightline/domain/field/outbox-memory-store';
import { createOutbox, type OutboxEntry, type OutboxStore } from '@flightline/domain/field/outbox';
import { createIdbOutboxStore } from './idb-store.ts';

const T0 = Date.parse('2025-07-12T16:00:00Z');
let dbCount = 0;

function entry(id: string, extra: Partial<OutboxEntry> = {}): Omit<OutboxEntry, 'seq'> {
  return {
    id,
    kind: 'line-action',
    path: '/update-flight/',
    body: { id: 'f1', action: 'Launch', idempotencyKey: id, time: T0 },
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
      await first.enqueue({ id, kind: 'line-action', path: '/update-flight/', body: { idempotencyKey: id }, tappedAt: T0, userId: 'mary', userName: 'Mary Member', label: id });
    }
    expect(await first.drain()).toMatchObject({ state: 'waiting' });

    online = true;
    const reloaded = createOutbox({ store: createIdbOutboxStore(name), transport, now: () => T0 });
    expect(await reloaded.drain({ force: true })).toEqual({ state: 'empty' });
    expect(sent).toEqual(['request', 'launch', 'landing']);
  });
});
