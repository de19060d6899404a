import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxAnswer } from '@flightline/domain/field/outbox-answers';
import {
  createOutbox,
  type NewOutboxEntry,
  type Outbox,
  type OutboxEntry,
  type OutboxOutcome,
  type OutboxWrite,
} from '@flightline/domain/field/outbox';
import { createIdbOutboxStore } from '../../web/src/lib/outbox/idb-store.ts';
import { DATABASE_UNAVAILABLE } from '../src/http/database-errors.ts';
import { injectCall } from './helpers/api.ts';
import { createFleet, depositFor } from './helpers/flights.ts';
import { createClub, createPerson, createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Exactly once, proven (issue 13, item 6; docs/offline.md "The outbox"): the
 * field outbox — the browser's own IndexedDB store (over fake-indexeddb) and
 * the domain's queue — against the real server on this engine, through
 * app.inject. fast-check drives 1,000 short runs of taps (flight requests,
 * every line action, tug events), drains, waits, reloads (the outbox thrown
 * away and built again over the same database) and a network that loses
 * requests before the server, loses answers after it committed, delivers
 * twice at once or twice in a row, answers 503 during a database restart or
 * 502 after a commit, signs out (401), or has the page die mid-send. Then the
 * network heals and the queue is drained, and every tap must be recorded
 * exactly once or refused (as a one-phone model of the line predicts, since
 * taps go in order), in tap order per flight and per tug, with its tap time;
 * the charges follow; nothing is left pending.
 */

const RUNS = Number(process.env.OUTBOX_RUNS ?? 1000);
/** 10:00 in Toronto on a flying day: every run starts here, with its own gliders, flights and tug. */
const BASE = Date.parse('2025-07-12T14:00:00Z');

type LineAction = 'Launch' | 'Landing' | 'UndoLaunch' | 'UndoLanding' | 'CancelRequest' | 'ReleaseHeight';
type TowKind = 'checkIn' | 'checkOut' | 'refuel' | 'oil';
type Step =
  | { kind: 'request'; valid: boolean }
  | { kind: 'action'; action: LineAction; pick: number; overwrite: boolean }
  | { kind: 'tow'; tow: TowKind }
  | { kind: 'drain'; force: boolean }
  | { kind: 'wait'; ms: number }
  | { kind: 'reload' };
type Fault =
  | 'ok'
  | 'lost-request'
  | 'lost-answer'
  | 'twice-at-once'
  | 'twice'
  | 'db-restart'
  | 'error-after-commit'
  | 'signed-out'
  | 'page-dies';

const ACTIONS: LineAction[] = [
  'Launch',
  'Launch',
  'Landing',
  'Landing',
  'UndoLaunch',
  'UndoLanding',
  'CancelRequest',
  'ReleaseHeight',
];
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('request' as const), valid: fc.constantFrom(true, true, true, false) }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('action' as const),
      action: fc.constantFrom(...ACTIONS),
      pick: fc.nat(3),
      overwrite: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('tow' as const),
      tow: fc.constantFrom<TowKind>('checkIn', 'checkOut', 'refuel', 'oil'),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('drain' as const), force: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 1000, max: 70_000 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'reload' as const }) },
);
const fault: fc.Arbitrary<Fault> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<Fault>('ok') },
  {
    weight: 6,
    arbitrary: fc.constantFrom<Fault>(
      'lost-request',
      'lost-answer',
      'twice-at-once',
      'twice',
      'db-restart',
      'error-after-commit',
      'signed-out',
      'page-dies',
    ),
  },
);

type Expect = 'done' | 'refused';
interface Tap {
  key: string;
  kind: 'request' | 'action' | 'tow';
  at: number;
  expect: Expect;
  flight?: number;
}
interface ModelFlight {
  id: string;
  /** Which of the run's pilots flies it. */
  pilot: number;
  state: 'refused' | 'waiting' | 'launched' | 'landed' | 'cancelled';
  releaseSet: boolean;
}

/** Waiting or in the air: the pilot is on the line (one unfinished flight per person). */
const unfinished = (flight: ModelFlight) => flight.state === 'waiting' || flight.state === 'launched';
const pilotOnLine = (flights: readonly ModelFlight[], pilot: number, except?: ModelFlight) =>
  flights.some((f) => f !== except && f.pilot === pilot && unfinished(f));

/**
 * The line as one phone sees it when its taps arrive in order: whether this action is taken (and the flight's new
 * state).
 */
function applyAction(
  flights: readonly ModelFlight[],
  flight: ModelFlight,
  action: LineAction,
  overwrite: boolean,
): boolean {
  const move = (from: ModelFlight['state'][], to: ModelFlight['state']) => {
    if (!from.includes(flight.state)) return false;
    flight.state = to;
    return true;
  };
  switch (action) {
    case 'Launch':
      return move(['waiting'], 'launched');
    case 'Landing':
      return move(['launched'], 'landed');
    case 'UndoLaunch':
      if (!move(['launched'], 'waiting')) return false;
      flight.releaseSet = false;
      return true;
    case 'UndoLanding':
      // Back in the air only while its pilot is on no other unfinished flight.
      if (pilotOnLine(flights, flight.pilot, flight)) return false;
      return move(['landed'], 'launched');
    case 'CancelRequest':
      return move(['waiting'], 'cancelled');
    case 'ReleaseHeight':
      if (flight.state !== 'launched' && flight.state !== 'landed') return false;
      if (flight.releaseSet && !overwrite) return false;
      flight.releaseSet = true;
      return true;
  }
}

const DIED = Symbol('the page died mid-send');

describe('the field outbox against the real server: exactly once (fast-check)', () => {
  let t: TestApp;
  let club: string;
  let userId: string;
  /** The pilots the requests fly, in turn: Pat taps them all. */
  const pilots: string[] = [];
  let cookie: string;
  let runNumber = 0;
  const totals = { taps: 0, refused: 0, deliveries: 0, faults: 0, pageDeaths: 0, reloads: 0 };

  beforeAll(async () => {
    t = await createTestApp({ now: BASE });
    club = await createClub(t.db, { name: 'Outbox Soaring', time_zone: 'America/Toronto' });
    // Low funds never refuse a flight here: the runs are about delivery, not money.
    await createFleet(t.db, club, { minimumLevelCents: -1_000_000_000 });
    const pat = await createPerson(t.db, { club, first: 'Pat', last: 'Pilot', flags: { is_tow_pilot: true } });
    userId = pat.userId;
    await depositFor(t.db, club, userId, 100_000, BASE - 86_400_000);
    pilots.push(userId);
    for (const first of ['Ann', 'Bob']) pilots.push((await createPerson(t.db, { club, first, last: 'Flier' })).userId);
    cookie = await t.cookieFor(pat.email);
  });
  afterAll(() => t?.close());

  async function deliver(entry: OutboxEntry): Promise<OutboxAnswer> {
    totals.deliveries++;
    // As the phone's transport sends it: the entry's declared call, its input as the body.
    const response = await injectCall(t, cookie, entry.call, entry.input);
    let body: unknown = response.body;
    try {
      body = response.json();
    } catch {
      // not JSON
    }
    const retryAfter = response.headers['retry-after'];
    return { status: response.statusCode, body, retryAfter: typeof retryAfter === 'string' ? retryAfter : null };
  }

  async function run(steps: Step[], faults: Fault[]): Promise<void> {
    const n = ++runNumber;
    let now = BASE;
    t.clock.set(now);
    const tug = `T${n}`;
    await t.db.insertInto('tug').values({ club_id: club, id: tug, status: 'Ready' }).execute();
    // The line left by earlier runs is cleared (they were checked): each run's pilots start on no flight.
    await t.db
      .updateTable('flight')
      .set({ cancelled_at: new Date(now) })
      .where('club_id', '=', club)
      .where('landed_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .execute();
    const store = createIdbOutboxStore(`outbox-property-${n}`);
    const outcomes = new Map<string, OutboxOutcome['kind'][]>();
    const taps: Tap[] = [];
    const flights: ModelFlight[] = [];
    const towModel = { checkedIn: false, hundredths: 10_000 };
    const pending = [...faults];

    // Each outbox is one page's life; a page that dies mid-send never hears its answer.
    let death: { promise: Promise<typeof DIED>; kill: () => void };
    const newDeath = () => {
      let kill = () => {};
      const promise = new Promise<typeof DIED>((resolve) => (kill = () => resolve(DIED)));
      return { promise, kill };
    };
    const page = (): Outbox => {
      const mine = (death = newDeath());
      return createOutbox({
        store,
        now: () => now,
        random: () => 0.5,
        onSettled: (entry, outcome) => outcomes.set(entry.id, [...(outcomes.get(entry.id) ?? []), outcome.kind]),
        transport: {
          whoami: async () => userId,
          async send(entry) {
            const next = pending.shift() ?? 'ok';
            if (next !== 'ok') totals.faults++;
            switch (next) {
              case 'ok':
                return deliver(entry);
              case 'lost-request':
                return { status: 0 };
              case 'lost-answer':
                await deliver(entry);
                return { status: 0 };
              case 'twice-at-once':
                return (await Promise.all([deliver(entry), deliver(entry)]))[1];
              case 'twice':
                await deliver(entry);
                return deliver(entry);
              case 'db-restart':
                return {
                  status: 503,
                  body: { statusCode: 503, error: 'Service Unavailable', message: DATABASE_UNAVAILABLE },
                  retryAfter: '2',
                };
              case 'error-after-commit':
                await deliver(entry);
                return { status: 502, body: '<html>Bad Gateway</html>' };
              case 'signed-out':
                return { status: 401, body: { statusCode: 401, error: 'Unauthorized', message: 'Please log in' } };
              case 'page-dies':
                await deliver(entry);
                mine.kill();
                return new Promise<never>(() => {});
            }
          },
        },
      });
    };
    let outbox = page();
    const drain = async (force: boolean) => {
      const result = await Promise.race([outbox.drain({ force }), death.promise]);
      if (result === DIED) {
        totals.pageDeaths++;
        outbox = page();
        return null;
      }
      return result;
    };
    /**
     * The person taps: a second or more after the last tap, so a landing is at least a minute of rental after its
     * launch.
     */
    const tapTime = () => {
      now += 1000 + (taps.length % 7) * 137;
      t.clock.set(now);
      return now;
    };
    const tap = async (
      at: number,
      input: OutboxWrite & Pick<NewOutboxEntry, 'id' | 'flightId'>,
      record: Omit<Tap, 'key' | 'at'>,
    ) => {
      await outbox.enqueue({
        ...input,
        tappedAt: at,
        userId,
        userName: 'Pat Pilot',
        label: `${input.kind} ${taps.length}`,
      });
      taps.push({ key: input.id, at, ...record });
    };

    for (const s of [{ kind: 'request', valid: true } as Step, ...steps]) {
      switch (s.kind) {
        case 'request': {
          const id = randomUUID();
          const glider = s.valid ? `G${n}-${flights.length}` : 'NO-SUCH';
          if (s.valid)
            await t.db
              .insertInto('glider')
              .values({ club_id: club, id: glider, places: 2, status: 'Ready', rate_cents_per_minute: 50 })
              .execute();
          const pilot = flights.length % pilots.length;
          const placed = s.valid && !pilotOnLine(flights, pilot);
          flights.push({ id, pilot, state: placed ? 'waiting' : 'refused', releaseSet: false });
          const at = tapTime();
          await tap(
            at,
            {
              id,
              kind: 'flight-request',
              call: 'POST /api/update-item/',
              flightId: id,
              input: {
                type: 'FLIGHT',
                id,
                data: { user: pilots[pilot], flyWith: 'Alone', glider, launchType: '2000 ft', submittedAt: at },
              },
              preview: null,
            },
            { kind: 'request', expect: placed ? 'done' : 'refused', flight: flights.length - 1 },
          );
          break;
        }
        case 'action': {
          if (flights.length === 0) break;
          const index = s.pick % flights.length;
          const flight = flights[index]!;
          const key = randomUUID();
          const accepted = applyAction(flights, flight, s.action, s.overwrite);
          const at = tapTime();
          await tap(
            at,
            {
              id: key,
              kind: 'line-action',
              call: 'POST /api/update-flight/',
              flightId: flight.id,
              input:
                s.action === 'ReleaseHeight'
                  ? {
                      id: flight.id,
                      action: s.action,
                      time: at,
                      idempotencyKey: key,
                      releaseHeight: 1000 + taps.length,
                      overwrite: s.overwrite,
                    }
                  : { id: flight.id, action: s.action, time: at, idempotencyKey: key },
              preview: null,
            },
            { kind: 'action', expect: accepted ? 'done' : 'refused', flight: index },
          );
          break;
        }
        case 'tow': {
          const key = randomUUID();
          towModel.hundredths += 25;
          let accepted = true;
          if (s.tow === 'checkIn') accepted = !towModel.checkedIn;
          if (s.tow === 'checkOut') accepted = towModel.checkedIn;
          if (accepted && s.tow === 'checkIn') towModel.checkedIn = true;
          if (accepted && s.tow === 'checkOut') towModel.checkedIn = false;
          const at = tapTime();
          const data = {
            tug,
            hobbs: towModel.hundredths / 100,
            time: at,
            ...(s.tow === 'checkIn'
              ? { pilot: userId }
              : s.tow === 'checkOut'
                ? { pilotLogOut: true }
                : s.tow === 'refuel'
                  ? { fuel: 20 }
                  : { oil: true }),
          };
          await tap(
            at,
            {
              id: key,
              kind: 'tow-event',
              call: 'POST /api/create-tow/',
              flightId: null,
              input: { idempotencyKey: key, data },
              preview: null,
            },
            { kind: 'tow', expect: accepted ? 'done' : 'refused' },
          );
          break;
        }
        case 'drain':
          await drain(s.force);
          break;
        case 'wait':
          now += s.ms;
          t.clock.set(now);
          break;
        case 'reload':
          totals.reloads++;
          outbox = page();
          break;
      }
    }

    // The phone keeps sending until nothing waits; the network heals once its remaining faults are spent.
    for (let round = 0; round < 2 * faults.length + 2; round++) {
      now += 61_000;
      t.clock.set(now);
      if ((await drain(round > 0))?.state === 'empty') break;
    }

    totals.taps += taps.length;
    totals.refused += taps.filter((tp) => tp.expect === 'refused').length;

    // Nothing pending; every refusal kept for the person to see.
    const left = await outbox.entries();
    expect(left.filter((e) => e.refusal === null)).toEqual([]);
    expect(left.map((e) => e.id).sort()).toEqual(
      taps
        .filter((tp) => tp.expect === 'refused')
        .map((tp) => tp.key)
        .sort(),
    );

    // Each tap settled exactly once, as the in-order model says.
    for (const tp of taps) expect(outcomes.get(tp.key), `${tp.kind} tapped at ${tp.at}`).toEqual([tp.expect]);

    // The server holds each accepted tap once, in tap order, at its tap time.
    const flightIds = flights.map((f) => f.id);
    const stored = await t.db
      .selectFrom('flight')
      .select(['id', 'submitted_at'])
      .where('id', 'in', flightIds)
      .execute();
    const requests = taps.filter((tp) => tp.kind === 'request');
    expect(stored.map((f) => [f.id, f.submitted_at.getTime()]).sort()).toEqual(
      requests
        .filter((tp) => tp.expect === 'done')
        .map((tp) => [flights[tp.flight!]!.id, tp.at])
        .sort(),
    );
    const actions = await t.db
      .selectFrom('flight_action')
      .select(['flight_id', 'action', 'idempotency_key', 'happened_at'])
      .where('club_id', '=', club)
      .where('flight_id', 'in', flightIds)
      .orderBy('id')
      .execute();
    for (const [index, flight] of flights.entries()) {
      const mine = actions.filter((a) => a.flight_id === flight.id);
      const creates = mine.filter((a) => a.action === 'Create');
      expect(creates.length).toBe(flight.state === 'refused' ? 0 : 1);
      const expected = taps.filter((tp) => tp.kind === 'action' && tp.flight === index && tp.expect === 'done');
      expect(
        mine.filter((a) => a.action !== 'Create').map((a) => [a.idempotency_key, a.happened_at.getTime()]),
      ).toEqual(expected.map((tp) => [tp.key, tp.at]));
    }
    const towEvents = await t.db
      .selectFrom('tow_event')
      .select(['idempotency_key', 'happened_at'])
      .where('club_id', '=', club)
      .where('tug', '=', tug)
      .orderBy('id')
      .execute();
    expect(towEvents.map((e) => [e.idempotency_key, e.happened_at.getTime()])).toEqual(
      taps.filter((tp) => tp.kind === 'tow' && tp.expect === 'done').map((tp) => [tp.key, tp.at]),
    );

    // The money follows: one launch charge per launch, one rental per landing, one reversal per undo.
    const entries = await sql<{ flight_id: string; type: string; n: number }>`
      select p.flight_id, t.transaction_type as type, count(distinct t.id)::int as n
        from ledger_transaction t join posting p on p.transaction_id = t.id
       where p.club_id = ${club} and p.flight_id in (${sql.join(flightIds)})
       group by p.flight_id, t.transaction_type`.execute(t.db);
    for (const [index, flight] of flights.entries()) {
      const count = (type: string) => entries.rows.find((r) => r.flight_id === flight.id && r.type === type)?.n ?? 0;
      const done = (action: LineAction) =>
        taps.filter(
          (tp) =>
            tp.kind === 'action' &&
            tp.flight === index &&
            tp.expect === 'done' &&
            actions.some((a) => a.idempotency_key === tp.key && a.action === action),
        ).length;
      expect([count('Launch'), count('Rental'), count('Reversal')]).toEqual([
        done('Launch'),
        done('Landing'),
        done('UndoLaunch') + done('UndoLanding'),
      ]);
    }
  }

  it(
    `records every tap exactly once, in order, with its tap ` + `time, over ${RUNS} runs of faults and reloads`,
    async () => {
      const started = Date.now();
      await fc.assert(
        fc.asyncProperty(
          fc.array(step, { minLength: 2, maxLength: 9 }),
          fc.array(fault, { maxLength: 14 }),
          (steps, faults) => run(steps, faults),
        ),
        { numRuns: RUNS },
      );
      console.log(
        `outbox property: ${RUNS} runs in ${((Date.now() - started) / 1000).toFixed(1)} s, ${JSON.stringify(totals)}`,
      );
    },
    900_000,
  );
});
