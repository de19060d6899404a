import { describe, expect, it } from 'vitest';
import type { OutboxAnswer } from './outbox-answers.ts';
import { createMemoryOutboxStore } from './outbox-memory-store.ts';
import {
  createOutbox,
  drainWithPauses,
  type NewOutboxEntry,
  type OutboxEntry,
  type OutboxOutcome,
  type OutboxStore,
  type OutboxWrite,
} from './outbox.ts';

const T0 = Date.parse('2025-07-12T16:00:00Z');
const MARY = 'user-mary';

/** A launch of flight f1 keyed `id`: what the line page stores. */
const launch = (id: string): OutboxWrite => ({
  kind: 'line-action',
  call: 'POST /api/update-flight/',
  input: { id: 'f1', action: 'Launch', idempotencyKey: id },
  preview: null,
});

/** A flight request with flight id `id`. */
const requestOf = (id: string): OutboxWrite => ({
  kind: 'flight-request',
  call: 'POST /api/update-item/',
  input: { type: 'FLIGHT', id, data: { user: MARY, flyWith: 'Alone', glider: 'ASK-21' } },
  preview: null,
});

function tap(
  id: string,
  extra: Partial<Pick<NewOutboxEntry, 'label' | 'flightId'>> = {},
  write: OutboxWrite = launch(id),
): NewOutboxEntry {
  return { id, ...write, tappedAt: T0, userId: MARY, userName: 'Mary Member', label: id, ...extra };
}

/** A server that answers from a script, one answer per delivery, and logs what it was sent. */
function scripted(answers: Record<string, OutboxAnswer[]>, who: () => string | null | undefined = () => MARY) {
  const sent: string[] = [];
  return {
    sent,
    transport: {
      async send(entry: OutboxEntry): Promise<OutboxAnswer> {
        sent.push(entry.id);
        return answers[entry.id]?.shift() ?? { status: 200, body: { statusCode: 200, message: 'ok' } };
      },
      whoami: async () => who(),
    },
  };
}

function harness(answers: Record<string, OutboxAnswer[]> = {}, store: OutboxStore = createMemoryOutboxStore()) {
  let now = T0;
  const settled: [string, OutboxOutcome['kind']][] = [];
  const server = scripted(answers);
  const make = () =>
    createOutbox({
      store,
      transport: server.transport,
      now: () => now,
      random: () => 1,
      onSettled: (entry, outcome) => settled.push([entry.id, outcome.kind]),
    });
  return { store, server, settled, make, outbox: make(), advance: (ms: number) => (now += ms), now: () => now };
}

describe('the field outbox', () => {
  it('sends in tap order, one at a time, and forgets what is done', async () => {
    const h = harness();
    for (const id of ['launch', 'release', 'landing']) await h.outbox.enqueue(tap(id));
    expect(await h.outbox.drain()).toEqual({ state: 'empty' });
    expect(h.server.sent).toEqual(['launch', 'release', 'landing']);
    expect(h.settled).toEqual([
      ['launch', 'done'],
      ['release', 'done'],
      ['landing', 'done'],
    ]);
    expect(await h.outbox.entries()).toEqual([]);
  });

  it('stops at the head when it gets no answer: nothing behind it overtakes, and it waits its backoff', async () => {
    const h = harness({
      launch: [
        { status: 0 },
        {
          status: 503,
          body: { message: 'The database is not reachable right now. Try again in a moment.' },
          retryAfter: '5',
        },
      ],
    });
    await h.outbox.enqueue(tap('launch'));
    await h.outbox.enqueue(tap('landing'));
    expect(await h.outbox.drain()).toEqual({
      state: 'waiting',
      until: T0 + 2000,
      problem: 'No answer from the server',
    });
    expect(h.server.sent).toEqual(['launch']);
    // Not due yet: nothing is sent.
    expect(await h.outbox.drain()).toMatchObject({ state: 'waiting', until: T0 + 2000 });
    expect(h.server.sent).toEqual(['launch']);
    h.advance(2000);
    // The 503's Retry-After (5 s) is longer than the second backoff (4 s).
    expect(await h.outbox.drain()).toMatchObject({ state: 'waiting', until: T0 + 2000 + 5000 });
    const [head] = await h.outbox.entries();
    expect(head).toMatchObject({
      id: 'launch',
      attempts: 2,
      problem: 'The database is not reachable right now. Try again in a moment.',
    });
    // The network is back: force sends at once, in order.
    expect(await h.outbox.drain({ force: true })).toEqual({ state: 'empty' });
    expect(h.server.sent).toEqual(['launch', 'launch', 'launch', 'landing']);
  });

  it('takes a refused event out of the queue with the server’s message and goes on with the next', async () => {
    const refusal = {
      status: 409,
      body: { statusCode: 409, message: 'Already launched by Irene Instructor', launchedBy: 'Irene Instructor' },
    };
    const h = harness({ launch: [refusal] });
    await h.outbox.enqueue(tap('launch'));
    await h.outbox.enqueue(tap('release'));
    expect(await h.outbox.drain()).toEqual({ state: 'empty' });
    expect(h.server.sent).toEqual(['launch', 'release']);
    expect(h.settled).toEqual([
      ['launch', 'refused'],
      ['release', 'done'],
    ]);
    // Kept, not pending, until the person has seen it; never sent again.
    const [left] = await h.outbox.entries();
    expect(left).toMatchObject({
      id: 'launch',
      refusal: { status: 409, message: 'Already launched by Irene Instructor', body: refusal.body },
    });
    await h.outbox.drain({ force: true });
    expect(h.server.sent).toEqual(['launch', 'release']);
    await h.outbox.dismiss('launch');
    expect(await h.outbox.entries()).toEqual([]);
  });

  it('refuses the later events of a refused flight request with it, without sending them', async () => {
    const h = harness({ request: [{ status: 409, body: { message: 'Glider ASK-21 is already flying' } }] });
    const request = requestOf('request');
    const tow: OutboxWrite = {
      kind: 'tow-event',
      call: 'POST /api/create-tow/',
      input: { idempotencyKey: 'tug', data: { tug: 'C-GTOW', hobbs: 1234.5 } },
      preview: null,
    };
    await h.outbox.enqueue(tap('request', { label: 'Flight request: ASK-21', flightId: null }, request));
    await h.outbox.enqueue(tap('launch', { flightId: 'request' }));
    await h.outbox.enqueue(tap('tug', {}, tow));
    await h.outbox.drain();
    expect(h.server.sent).toEqual(['request', 'tug']);
    const entries = await h.outbox.entries();
    expect(entries.map((e) => [e.id, e.refusal?.message])).toEqual([
      ['request', 'Glider ASK-21 is already flying'],
      ['launch', 'Not sent: Flight request: ASK-21 was refused (Glider ASK-21 is already flying)'],
    ]);
  });

  it('refuses with a refused request an event of its flight tapped while the request was on its way', async () => {
    const store = createMemoryOutboxStore();
    const sent: string[] = [];
    const transport = {
      async send(entry: OutboxEntry): Promise<OutboxAnswer> {
        sent.push(entry.id);
        // The member's weight is stored behind the request while the server answers it.
        if (entry.id === 'request') await outbox.enqueue(tap('weight', { flightId: 'request' }));
        return entry.id === 'request'
          ? { status: 409, body: { message: 'Glider ASK-21 is already flying' } }
          : { status: 200, body: {} };
      },
      whoami: async () => MARY,
    };
    const outbox = createOutbox({ store, transport, now: () => T0 });
    await outbox.enqueue(tap('request', { label: 'Flight request: ASK-21' }, requestOf('request')));
    await outbox.drain();
    expect(sent).toEqual(['request']);
    expect((await outbox.entries()).map((e) => [e.id, e.refusal?.message])).toEqual([
      ['request', 'Glider ASK-21 is already flying'],
      ['weight', 'Not sent: Flight request: ASK-21 was refused (Glider ASK-21 is already flying)'],
    ]);
  });

  it('keeps everything when signed out (401) and when someone else is signed in', async () => {
    let who: string | null = MARY;
    const store = createMemoryOutboxStore();
    const server = scripted({ launch: [{ status: 401, body: { message: 'Please log in' } }] }, () => who);
    const outbox = createOutbox({ store, transport: server.transport, now: () => T0 });
    await outbox.enqueue(tap('launch'));
    expect(await outbox.drain()).toEqual({ state: 'signed-out' });
    expect(await outbox.entries()).toHaveLength(1);
    who = null;
    expect(await outbox.drain()).toEqual({ state: 'signed-out' });
    who = 'user-irene';
    expect(await outbox.drain()).toEqual({ state: 'other-user', userId: MARY, userName: 'Mary Member' });
    expect(server.sent).toEqual(['launch']);
    who = MARY;
    expect(await outbox.drain()).toEqual({ state: 'empty' });
    expect(server.sent).toEqual(['launch', 'launch']);
  });

  it('survives a reload: a new outbox over the same store sends what the old one had not', async () => {
    const h = harness({ launch: [{ status: 0 }] });
    await h.outbox.enqueue(tap('launch'));
    await h.outbox.enqueue(tap('landing'));
    await h.outbox.drain();
    const reloaded = h.make();
    expect((await reloaded.entries()).map((e) => e.id)).toEqual(['launch', 'landing']);
    h.advance(2000);
    expect(await reloaded.drain()).toEqual({ state: 'empty' });
    expect(h.server.sent).toEqual(['launch', 'launch', 'landing']);
  });

  it('stores a double tap once (same key)', async () => {
    const h = harness();
    const first = await h.outbox.enqueue(tap('launch'));
    const again = await h.outbox.enqueue(tap('launch', { label: 'second' }));
    expect(again).toEqual(first);
    expect(await h.outbox.entries()).toHaveLength(1);
  });

  it('runs one drain at a time: calls during a run never send an event twice', async () => {
    const h = harness();
    for (const id of ['a', 'b', 'c']) await h.outbox.enqueue(tap(id));
    await Promise.all([h.outbox.drain(), h.outbox.drain(), h.outbox.drain({ force: true })]);
    expect(h.server.sent).toEqual(['a', 'b', 'c']);
  });

  it('answers busy when another tab or the service worker holds the lock', async () => {
    const store = createMemoryOutboxStore();
    const server = scripted({});
    const outbox = createOutbox({ store, transport: server.transport, exclusive: async () => undefined });
    await outbox.enqueue(tap('a'));
    expect(await outbox.drain()).toEqual({ state: 'busy' });
    expect(server.sent).toEqual([]);
  });

  it('waits without sending when who is signed in can’t be told (no network)', async () => {
    const store = createMemoryOutboxStore();
    const server = scripted({}, () => undefined);
    const outbox = createOutbox({ store, transport: server.transport, now: () => T0, random: () => 1 });
    await outbox.enqueue(tap('a'));
    expect(await outbox.drain()).toEqual({ state: 'waiting', until: T0 + 2000, problem: 'No connection' });
    expect(server.sent).toEqual([]);
  });
});

describe("drainWithPauses (the service worker's Background Sync run)", () => {
  it('sends again after each pause while the head waits for the network, and stops once it is through', async () => {
    const h = harness({ launch: [{ status: 0 }, { status: 0 }] });
    await h.outbox.enqueue(tap('launch'));
    await h.outbox.enqueue(tap('landing'));
    const slept: number[] = [];
    const result = await drainWithPauses(h.outbox, [2000, 8000, 30000], async (ms) => void slept.push(ms));
    expect(result).toEqual({ state: 'empty' });
    expect(slept).toEqual([2000, 8000]);
    expect(h.server.sent).toEqual(['launch', 'launch', 'launch', 'landing']);
    expect(h.settled).toEqual([
      ['launch', 'done'],
      ['landing', 'done'],
    ]);
  });

  it('answers the last wait when every pause is spent, with the tap still stored', async () => {
    const h = harness({ launch: [{ status: 0 }, { status: 0 }, { status: 0 }] });
    await h.outbox.enqueue(tap('launch'));
    const slept: number[] = [];
    const result = await drainWithPauses(h.outbox, [2000, 8000], async (ms) => void slept.push(ms));
    expect(result.state).toBe('waiting');
    expect(slept).toEqual([2000, 8000]);
    expect(h.server.sent).toEqual(['launch', 'launch', 'launch']);
    expect((await h.outbox.entries()).map((e) => [e.id, e.attempts])).toEqual([['launch', 3]]);
  });

  it('does not pause when nothing waits for the network (signed out: a page asks the person)', async () => {
    const store = createMemoryOutboxStore();
    const outbox = createOutbox({ store, transport: scripted({}, () => null).transport });
    await outbox.enqueue(tap('launch'));
    const slept: number[] = [];
    expect(await drainWithPauses(outbox, [2000], async (ms) => void slept.push(ms))).toEqual({ state: 'signed-out' });
    expect(slept).toEqual([]);
  });
});
