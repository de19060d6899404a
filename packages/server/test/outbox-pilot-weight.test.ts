import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox, type NewOutboxEntryOf, type OutboxTransport } from '@flightline/domain/field/outbox';
import { pilotWeightEntry, type Tapper } from '../../web/src/lib/outbox/field-events.ts';
import { createIdbOutboxStore } from '../../web/src/lib/outbox/idb-store.ts';
import { callAs, injectCall } from './helpers/api.ts';
import { openAlpha, type AlphaClub } from './helpers/clubs.ts';
import { depositFor, lineSnapshot } from './helpers/flights.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';

/** 12:00 on 2025-07-12 in Toronto (EDT, UTC−4). */
const NOW = Date.parse('2025-07-12T16:00:00Z');

/**
 * The member's own weight changed with a flight request (the crew page)
 * goes through the field outbox right behind the request (docs/offline.md,
 * "What is queued"): asked for with no signal, it survives a reload and
 * reaches the server after the request, as the crew page sent it with a
 * signal; a refused request takes it with it, as a refused request never
 * stored the weight before.
 */
describe('the pilot weight with a flight request, through the outbox', () => {
  let { t, alpha } = {} as AlphaClub;
  let { pat } = {} as Pick<LinePeople, 'pat'>;
  let cookie = '';
  let tapper: Tapper;
  let online = false;
  let dbCount = 0;

  /** The phone's transport over app.inject: nothing gets through while offline. */
  const transport: OutboxTransport = {
    whoami: async () => (online ? pat.userId : undefined),
    async send(entry) {
      if (!online) return { status: 0 };
      const response = await injectCall(t, cookie, entry.call, entry.input);
      return { status: response.statusCode, body: response.json() };
    },
  };
  const request = (glider: string): NewOutboxEntryOf<'flight-request'> => {
    const id = randomUUID();
    return {
      id,
      kind: 'flight-request',
      call: 'POST /api/update-item/',
      input: {
        type: 'FLIGHT',
        club: alpha,
        id,
        date: '2025-07-12',
        data: { user: pat.userId, flyWith: 'Alone', glider, launchType: '2000 ft', weight: 91, submittedAt: NOW },
      },
      tappedAt: NOW,
      userId: pat.userId,
      userName: 'Pat Pilot',
      label: `Flight request: ${glider}`,
      flightId: id,
      preview: null,
    };
  };
  const weightOnServer = async () => (await callAs(t, cookie, 'GET /api/serve-crew', {})).json().pilot.weight;

  beforeAll(async () => {
    ({ t, alpha } = await openAlpha({ now: NOW }, { fleet: true }));
    ({ pat } = await createLinePeople(t.db, { alpha }, ['pat']));
    await depositFor(t.db, alpha, pat.userId, 20000, NOW - 86_400_000);
    cookie = await t.cookieFor(pat.email);
    tapper = { club: alpha, userId: pat.userId, userName: 'Pat Pilot' };
    await callAs(t, cookie, 'POST /api/update-item/', { type: 'PILOT', id: pat.userId, data: { weight: 80 } });
  });
  afterAll(() => t.close());

  it('asked for offline, kept across a reload, stored after the request once the signal is back', async () => {
    online = false;
    const store = `outbox-weight-${++dbCount}`;
    const placed = request('ASK-21');
    const weight = pilotWeightEntry({
      pilotId: pat.userId,
      weight: 91,
      flightId: placed.id,
      by: tapper,
      tappedAt: NOW,
    });
    const page = createOutbox({ store: createIdbOutboxStore(store), transport, now: () => NOW });
    await page.enqueue(placed);
    await page.enqueue(weight);
    expect(await page.drain({ force: true })).toMatchObject({ state: 'waiting' });
    expect(await weightOnServer()).toBe(80);

    // The page reloads; the signal comes back.
    online = true;
    const reloaded = createOutbox({ store: createIdbOutboxStore(store), transport, now: () => NOW + 60_000 });
    expect((await reloaded.entries()).map((e) => e.kind)).toEqual(['flight-request', 'pilot-weight']);
    expect(await reloaded.drain({ force: true })).toEqual({ state: 'empty' });
    expect(await weightOnServer()).toBe(91);
    const flight = await t.db
      .selectFrom('flight')
      .select(['glider', 'weight_kg'])
      .where('id', '=', placed.id)
      .executeTakeFirstOrThrow();
    expect(flight).toEqual({ glider: 'ASK-21', weight_kg: 91 });
    expect(
      (await callAs(t, cookie, 'POST /api/update-flight/', { id: placed.id, action: 'CancelRequest' })).statusCode,
    ).toBe(200);
  });

  it('a refused request takes the weight with it: neither is stored', async () => {
    online = true;
    const before = await lineSnapshot(t.db, alpha);
    const refused = request('NO-SUCH');
    const weight = pilotWeightEntry({
      pilotId: pat.userId,
      weight: 95,
      flightId: refused.id,
      by: tapper,
      tappedAt: NOW,
    });
    const outbox = createOutbox({
      store: createIdbOutboxStore(`outbox-weight-${++dbCount}`),
      transport,
      now: () => NOW,
    });
    await outbox.enqueue(refused);
    await outbox.enqueue(weight);
    await outbox.drain({ force: true });
    expect((await outbox.entries()).map((e) => [e.kind, e.refusal?.message])).toEqual([
      ['flight-request', 'Unknown glider NO-SUCH'],
      ['pilot-weight', 'Not sent: Flight request: NO-SUCH was refused (Unknown glider NO-SUCH)'],
    ]);
    expect(await weightOnServer()).toBe(91);
    expect(await lineSnapshot(t.db, alpha)).toEqual(before);
  });
});
