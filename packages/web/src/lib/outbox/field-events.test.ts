import { describe, expect, expectTypeOf, it } from 'vitest';
import type { FlightActionResult, TowEventResult, UpdateItemAnswer } from '@flightline/domain/api/types';
import { createMemoryOutboxStore } from '@flightline/domain/field/outbox-memory-store';
import { createOutbox, type NewOutboxEntry, type OutboxOutcome } from '@flightline/domain/field/outbox';
import { flight, T } from '../../test/flight.fixtures.ts';
import { createFetchTransport } from './fetch-transport.ts';
import { flightRequestEntry, lineActionEntry, pilotWeightEntry, towEventEntry, type Tapper } from './field-events.ts';
import type { OutcomeHandler } from './field-outbox.ts';

const MARY: Tapper = { club: 'alpha', userId: 'u-mary', userName: 'Mary Member' };
const REQUEST = { user: 'u-mary', flyWith: 'Alone', glider: 'ASK-21', launchType: '2000 ft', weight: 82 } as const;

/** A server on fetch: who is signed in, and every request it was sent (URL, method, the body's bytes). */
function server(options: { online: () => boolean }) {
  const requests: { url: string; method: string; body: string }[] = [];
  const transport = createFetchTransport({
    origin: 'https://club.example',
    fetch: async (input, init) => {
      if (!options.online()) throw new TypeError('Failed to fetch');
      const url = String(input);
      if (url.endsWith('/api/session')) return Response.json({ isAuthenticated: true, userID: MARY.userId });
      requests.push({ url, method: init?.method ?? 'GET', body: String(init?.body) });
      return Response.json({ statusCode: 200, message: 'ok' });
    },
  });
  return { requests, transport };
}

/** The request as lib/api.ts's call() sends a call's input: the route's method and path, the input as JSON. */
const asCall = (route: string, input: object) => ({
  url: `https://club.example${route.slice(route.indexOf(' ') + 1)}`,
  method: route.slice(0, route.indexOf(' ')),
  body: JSON.stringify(input),
});

describe('the field events', () => {
  const requested = flightRequestEntry({
    id: 'f1',
    date: '2025-07-12',
    data: {
      ...REQUEST,
      action: 'Create',
      pilotInCharge: true,
      shareCost: false,
      passengerID: '',
      passengerFirst: '',
      passengerLast: '',
      passengerWeight: 0,
      gliderWeight: 0,
      waterWeight: 0,
      towSpeed: 0,
      introRef: '',
    },
    flight: flight('f1', { glider: 'ASK-21' }),
    by: MARY,
    tappedAt: T,
  });
  const weight = pilotWeightEntry({ pilotId: 'u-mary', weight: 82, flightId: 'f1', by: MARY, tappedAt: T });
  const launch = lineActionEntry({
    action: { action: 'Launch', id: 'f1', towPilot: '', tug: 'C-GTOW' },
    glider: 'ASK-21',
    by: MARY,
    tappedAt: T + 60_000,
  });
  const refuel = towEventEntry({
    idempotencyKey: 'k-fuel',
    data: { tug: 'C-GTOW', hobbs: 1236.5, fuel: 30 },
    label: 'Refuel 30.00 L on C-GTOW at 1236.50 h',
    by: MARY,
    tappedAt: T,
  });

  it('each names its declared call, with the input that call takes', () => {
    expect([requested, weight, launch, refuel].map((e) => [e.kind, e.call])).toEqual([
      ['flight-request', 'POST /api/update-item/'],
      ['pilot-weight', 'POST /api/update-item/'],
      ['line-action', 'POST /api/update-flight/'],
      ['tow-event', 'POST /api/create-tow/'],
    ]);
    expect(weight).toMatchObject({
      input: { type: 'PILOT', id: 'u-mary', data: { weight: 82 } },
      flightId: 'f1',
      label: 'Pilot weight 82 kg',
      userId: 'u-mary',
    });
    expect(launch.input).toEqual({
      action: 'Launch',
      id: 'f1',
      towPilot: '',
      tug: 'C-GTOW',
      club: 'alpha',
      idempotencyKey: launch.id,
      time: T + 60_000,
      enteredTime: T + 60_000,
    });
  });

  it('an outcome is typed by its entry’s call', () => {
    type Done<E extends NewOutboxEntry> = Extract<Parameters<OutcomeHandler<E['call']>>[0], { kind: 'done' }>['body'];
    expectTypeOf<Done<typeof launch>>().toEqualTypeOf<FlightActionResult>();
    expectTypeOf<Done<typeof refuel>>().toEqualTypeOf<TowEventResult>();
    expectTypeOf<Done<typeof requested>>().toEqualTypeOf<UpdateItemAnswer>();
    expectTypeOf<Parameters<OutcomeHandler<'POST /api/create-tow/'>>[0]>().toEqualTypeOf<
      OutboxOutcome<'POST /api/create-tow/'>
    >();
  });

  it(
    'go as their declared call: POST, its path, the input as the JSON ' +
      'body (the pilot weight as crew-page sent it with call())',
    async () => {
      const { requests, transport } = server({ online: () => true });
      const outbox = createOutbox({ store: createMemoryOutboxStore(), transport, now: () => T + 120_000 });
      for (const entry of [requested, weight, launch, refuel]) await outbox.enqueue(entry);
      expect(await outbox.drain({ force: true })).toEqual({ state: 'empty' });
      expect(requests).toEqual([
        asCall('POST /api/update-item/', requested.input),
        // Byte for byte what `call('POST /api/update-item/', { type: 'PILOT', id, data: { weight } })` sent.
        asCall('POST /api/update-item/', { type: 'PILOT', id: 'u-mary', data: { weight: 82 } }),
        asCall('POST /api/update-flight/', launch.input),
        asCall('POST /api/create-tow/', refuel.input),
      ]);
    },
  );

  it('a weight changed with a request made offline is kept across a reload and sent after the request', async () => {
    let online = false;
    const { requests, transport } = server({ online: () => online });
    const store = createMemoryOutboxStore();
    const first = createOutbox({ store, transport, now: () => T });
    await first.enqueue(requested);
    await first.enqueue(weight);
    expect(await first.drain({ force: true })).toMatchObject({ state: 'waiting', problem: 'No connection' });
    expect(requests).toEqual([]);

    online = true;
    const reloaded = createOutbox({ store, transport, now: () => T + 60_000 });
    expect((await reloaded.entries()).map((e) => e.kind)).toEqual(['flight-request', 'pilot-weight']);
    expect(await reloaded.drain({ force: true })).toEqual({ state: 'empty' });
    expect(requests.map((r) => JSON.parse(r.body))).toEqual([
      requested.input,
      { type: 'PILOT', id: 'u-mary', data: { weight: 82 } },
    ]);
  });

  it('a refused request takes its weight with it, unsent', async () => {
    const refusing = createFetchTransport({
      fetch: async (input) =>
        String(input).endsWith('/api/session')
          ? Response.json({ isAuthenticated: true, userID: MARY.userId })
          : Response.json({ statusCode: 409, message: 'Glider ASK-21 is already flying' }, { status: 409 }),
    });
    const outbox = createOutbox({ store: createMemoryOutboxStore(), transport: refusing, now: () => T });
    await outbox.enqueue(requested);
    await outbox.enqueue(weight);
    await outbox.drain({ force: true });
    expect((await outbox.entries()).map((e) => [e.kind, e.refusal?.message])).toEqual([
      ['flight-request', 'Glider ASK-21 is already flying'],
      ['pilot-weight', 'Not sent: Flight request: ASK-21 was refused (Glider ASK-21 is already flying)'],
    ]);
  });
});
