import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { parseLiveNotice, type LiveNotice } from '@flightline/domain/field/live-events';
import { changeFlightBody } from '@flightline/domain/fixtures/flight';
import { publishNotice } from '../src/modules/live/repo.ts';
import { refusal } from './helpers/api.ts';
import { connectEvents, type EventStreamClient, type ReceivedEvent } from './helpers/event-stream.ts';
import { createIntro, depositFor, flightBody } from './helpers/flights.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import { createPerson, type Person } from './helpers/test-app.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

/** 12:00 on 2025-07-12 in Toronto. */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const TODAY = '2025-07-12';
const MINUTE = 60_000;

/** The notice an event carries (null for a named event such as resync). */
const noticeOf = (event: ReceivedEvent): LiveNotice | null =>
  event.event === 'message' ? parseLiveNotice(event.data) : null;
const isNotice = (expected: LiveNotice) => (event: ReceivedEvent) =>
  JSON.stringify(noticeOf(event)) === JSON.stringify(expected);
/** Barrier markers are glider notices of gliders no club has. */
const MARKER = 'MARK-';
const isMarker = (notice: LiveNotice | null) => notice?.kind === 'glider' && notice.gliderId.startsWith(MARKER);
const sameNotice = (a: LiveNotice) => (b: LiveNotice | null) => JSON.stringify(a) === JSON.stringify(b);

describe('the live line: GET /api/events', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let baseUrl: string;
  let { pat, mo, admin, towy, outsider: otto } = {} as LinePeople;
  let alphaPat: EventStreamClient;
  let alphaMo: EventStreamClient;
  let bravoOtto: EventStreamClient;
  const cookie = (person: Person) => t.cookieFor(person.email);
  const open: EventStreamClient[] = [];
  const connect = async (person: Person, options: { lastEventId?: string; query?: string } = {}) => {
    const client = await connectEvents(baseUrl, { cookie: await cookie(person), ...options });
    open.push(client);
    return client;
  };

  /**
   * A marker notice published in `club` after the change under test: the
   * database sends notices to the listener in commit order, so once a stream
   * has its club's marker it has had every earlier notice it was meant to get.
   */
  const barrier = async (club: string, stream: EventStreamClient) => {
    const marker: LiveNotice = { kind: 'glider', gliderId: `${MARKER}${randomUUID().slice(0, 8)}`, status: 'Ready' };
    await publishNotice(t.db, club, null, marker);
    await stream.waitFor(isNotice(marker), 3_000, 'marker');
  };
  /** The notices a stream has received so far (markers included). */
  const noticesOf = (stream: EventStreamClient) => stream.events.map(noticeOf);

  /** The change reaches Alpha's streams, and not Bravo's (checked behind a Bravo marker). */
  const expectAlphaOnly = async (expected: LiveNotice) => {
    await alphaPat.waitFor(isNotice(expected), 3_000, JSON.stringify(expected));
    await alphaMo.waitFor(isNotice(expected), 3_000, JSON.stringify(expected));
    await barrier(bravo, bravoOtto);
    expect(noticesOf(bravoOtto).filter(sameNotice(expected))).toEqual([]);
  };

  const place = async (data: Record<string, unknown> = {}, as: Person = pat): Promise<string> => {
    const body = flightBody(as.userId, data, { date: TODAY });
    // Requested at 10:00, before any launch the tests tap: no launch before its request.
    t.clock.set(NOW - 2 * 60 * MINUTE);
    const response = await api.post('/api/update-item/', body, await cookie(as)).finally(() => t.clock.set(NOW));
    expect(response.statusCode, response.body).toBe(200);
    return body.id;
  };
  const act = async (id: string, action: string, extra: Record<string, unknown> = {}, as: Person = mo) => {
    const response = await api.post(
      '/api/update-flight/',
      { id, action, idempotencyKey: randomUUID(), ...extra },
      await cookie(as),
    );
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const tow = async (data: Record<string, unknown>) => {
    const response = await api.post(
      '/api/create-tow/',
      { idempotencyKey: randomUUID(), data: { tug: 'C-GTOW', ...data } },
      await cookie(towy),
    );
    expect(response.statusCode, response.body).toBe(200);
  };
  const flight = (flightId: string, change: string): LiveNotice =>
    ({ kind: 'flight', change, flightId, day: TODAY }) as LiveNotice;

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs({ now: NOW, live: { heartbeatMs: 200 } }, { fleet: true }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    baseUrl = `http://127.0.0.1:${address.port}`;
    ({
      pat,
      mo,
      admin,
      towy,
      outsider: otto,
    } = await createLinePeople(t.db, { alpha, bravo }, ['pat', 'mo', 'admin', 'towy', 'outsider'], {
      outsider: { is_admin: true },
    }));
    await depositFor(t.db, alpha, pat.userId, 50_000, NOW - 86_400_000);
    await depositFor(t.db, alpha, mo.userId, 50_000, NOW - 86_400_000);
    await depositFor(t.db, bravo, otto.userId, 50_000, NOW - 86_400_000);
    alphaPat = await connect(pat);
    alphaMo = await connect(mo);
    bravoOtto = await connect(otto);
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await t.close();
  });

  describe('who may open one', () => {
    it('answers 401 without a session', async () => {
      const response = await api.get('/api/events');
      expect(response.json()).toEqual(refusal(401, 'Please log in'));
      expect(response.statusCode).toBe(401);
    });

    it('answers 403 to a signed-in person with no active club, and to an inactive member', async () => {
      const loner = await createPerson(t.db, {});
      const sleeper = await createPerson(t.db, { club: alpha, flags: { is_active: false } });
      const noClub = await api.get('/api/events', await cookie(loner));
      expect(noClub.statusCode).toBe(403);
      expect(noClub.json().message).toMatch(/^Your account does not have an active club/);
      const inactive = await api.get('/api/events', await cookie(sleeper));
      expect(inactive.json()).toEqual(
        refusal(
          403,
          'Your account has not been activated at this club, Contact a club admin to have your account activated.',
        ),
      );
    });

    it('refuses a Last-Event-ID that is not an event id with 400', async () => {
      const header = await t.app.inject({
        method: 'GET',
        url: '/api/events',
        headers: { cookie: await cookie(pat), 'last-event-id': 'abc' },
      });
      expect(header.json()).toEqual(
        refusal(400, 'Invalid Last-Event-ID: must be the id of an event this server sent (digits)'),
      );
      const query = await api.get('/api/events?lastEventId=-1', await cookie(pat));
      expect(query.statusCode).toBe(400);
      expect(query.json().message).toBe(
        'Invalid query: lastEventId: must be the id of an event this server sent (digits)',
      );
    });

    it(
      'is a text/event-stream that is never compressed nor cached, ' + 'with a reconnect delay and a heartbeat comment',
      async () => {
        const client = await connectEvents(baseUrl, {
          cookie: await cookie(pat),
          headers: { 'accept-encoding': 'br, gzip' },
        });
        open.push(client);
        expect(client.status).toBe(200);
        expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
        expect(client.headers['content-encoding']).toBeUndefined();
        expect(client.headers['cache-control']).toBe('no-store, no-transform');
        expect(client.headers['x-accel-buffering']).toBe('no');
        expect(client.headers['x-content-type-options']).toBe('nosniff');
        // The app's heartbeat is 200 ms here (25 s in production): comments arrive while nothing happens.
        await client.waitForComments(2);
        expect(client.comments.slice(0, 2)).toEqual(['heartbeat', 'heartbeat']);
        expect(client.retryMs).toBe(2000);
        client.close();
      },
    );
  });

  describe('a notice per kind reaches the streams of the club, and no other club', () => {
    let flightId: string;

    it('flight requested (and its glider Flying)', async () => {
      flightId = await place({ glider: 'ASK-21' });
      await expectAlphaOnly(flight(flightId, 'requested'));
      await expectAlphaOnly({ kind: 'glider', gliderId: 'ASK-21', status: 'Flying' });
    });

    it('launched (the accepted time is set with it)', async () => {
      await act(flightId, 'Launch', { tug: 'C-GTOW', time: NOW - 30 * MINUTE });
      await expectAlphaOnly(flight(flightId, 'launched'));
    });

    it('off tow: release height set', async () => {
      await act(flightId, 'ReleaseHeight', { releaseHeight: 2000 });
      await expectAlphaOnly(flight(flightId, 'offTow'));
    });

    it('landed (and its glider Ready)', async () => {
      await act(flightId, 'Landing', { time: NOW - 5 * MINUTE });
      await expectAlphaOnly(flight(flightId, 'landed'));
      await expectAlphaOnly({ kind: 'glider', gliderId: 'ASK-21', status: 'Ready' });
    });

    it('landing undone, launch undone', async () => {
      await act(flightId, 'UndoLanding');
      await expectAlphaOnly(flight(flightId, 'landingUndone'));
      await act(flightId, 'UndoLaunch');
      await expectAlphaOnly(flight(flightId, 'launchUndone'));
    });

    it('removed from the line (cancelled)', async () => {
      await act(flightId, 'CancelRequest');
      await expectAlphaOnly(flight(flightId, 'removed'));
    });

    it('edited in the logs (ChangeFlight)', async () => {
      const id = await place({ glider: 'DG-1000' });
      const launched = await act(id, 'Launch', { tug: 'C-GTOW', time: NOW - 20 * MINUTE });
      const f = launched.json().flight;
      const response = await api.post(
        '/api/update-flight/',
        changeFlightBody(f, { idempotencyKey: randomUUID(), launchedAt: f.launchedAt - MINUTE }),
        await cookie(admin),
      );
      expect(response.statusCode, response.body).toBe(200);
      await expectAlphaOnly(flight(id, 'edited'));
      await act(id, 'Landing');
    });

    it('intro linked to a flight', async () => {
      const introId = await createIntro(t.db, alpha, { sn: 'LIVE01' });
      const id = await place({ glider: 'ASK-21', flyWith: 'Intro', introRef: introId, launchType: '2000 ft' });
      await expectAlphaOnly({ kind: 'intro', introId, flightId: id });
      await act(id, 'CancelRequest');
      await expectAlphaOnly({ kind: 'intro', introId, flightId: null });
    });

    it('tug: check in, refuel, oil change, check out', async () => {
      await tow({ hobbs: 100, pilot: towy.userId });
      await expectAlphaOnly({ kind: 'tug', change: 'checkIn', tugId: 'C-GTOW' });
      await tow({ hobbs: 100.5, fuel: 20 });
      await expectAlphaOnly({ kind: 'tug', change: 'refuel', tugId: 'C-GTOW' });
      await tow({ hobbs: 100.5, oil: true });
      await expectAlphaOnly({ kind: 'tug', change: 'oil', tugId: 'C-GTOW' });
      await tow({ hobbs: 101, pilotLogOut: true });
      await expectAlphaOnly({ kind: 'tug', change: 'checkOut', tugId: 'C-GTOW' });
    });

    it('tug status and glider status set in the back office', async () => {
      const tug = await api.post(
        '/api/update-item/',
        { type: 'TUG', id: 'C-GTOW', data: { status: 'Not ready' } },
        await cookie(admin),
      );
      expect(tug.statusCode, tug.body).toBe(200);
      await expectAlphaOnly({ kind: 'tug', change: 'status', tugId: 'C-GTOW' });
      const glider = await api.post(
        '/api/update-item/',
        { type: 'GLIDER', id: 'Blanik', data: { status: 'Ready' } },
        await cookie(admin),
      );
      expect(glider.statusCode, glider.body).toBe(200);
      await expectAlphaOnly({ kind: 'glider', gliderId: 'Blanik', status: 'Ready' });
    });
  });

  describe('your account changed', () => {
    it("reaches only that member's streams: a launch charge to Pat, not Mo, not Bravo", async () => {
      const id = await place({ glider: 'ASK-21' });
      await act(id, 'Launch', { tug: 'C-GTOW', time: NOW - 10 * MINUTE });
      await alphaPat.waitFor(isNotice({ kind: 'account' }), 3_000, "Pat's account notice");
      await barrier(alpha, alphaMo);
      await barrier(bravo, bravoOtto);
      expect(noticesOf(alphaMo).filter(sameNotice({ kind: 'account' }))).toEqual([]);
      expect(noticesOf(bravoOtto).filter(sameNotice({ kind: 'account' }))).toEqual([]);
      await act(id, 'Landing');
    });

    it('a deposit through add-transaction tells the member once, with no amount', async () => {
      const before = noticesOf(alphaMo).length;
      const response = await api.post(
        '/api/add-transaction/',
        {
          transactionType: 'Deposit',
          pilot: mo.userId,
          amountCents: 2500,
          transferType: 'Cash',
          idempotencyKey: randomUUID(),
        },
        await cookie(admin),
      );
      expect(response.statusCode, response.body).toBe(200);
      await alphaMo.waitFor(
        (event) => alphaMo.events.indexOf(event) >= before && isNotice({ kind: 'account' })(event),
        3_000,
        "Mo's account notice",
      );
      await barrier(alpha, alphaMo);
      const after = alphaMo.events.slice(before).map((event) => event.data);
      expect(after.filter((data) => data.includes('"account"'))).toEqual(['{"kind":"account"}']);
    });
  });

  it('a rolled-back write sends nothing, and leaves no event to replay', async () => {
    await barrier(alpha, alphaPat);
    const seen = alphaPat.events.length;
    const before = (await sql<{ n: number }>`select count(*)::bigint as n from live_event`.execute(t.db)).rows[0]!.n;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('tow_event')
          .values({
            club_id: alpha,
            tug: 'C-GTOW',
            happened_at: new Date(NOW),
            by: towy.userId,
            kind: 'refuel',
            hobbs_hundredths: 20_000,
            fuel_centilitres: 100,
          })
          .execute();
        await trx
          .updateTable('glider')
          .set({ status: 'Not ready' })
          .where('club_id', '=', alpha)
          .where('id', '=', '1-26')
          .execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await barrier(alpha, alphaPat);
    expect(alphaPat.events.slice(seen).map(noticeOf)).toHaveLength(1); // the marker only
    expect((await sql<{ n: number }>`select count(*)::bigint as n from live_event`.execute(t.db)).rows[0]!.n).toBe(
      before + 1,
    );
  });

  describe('catching up with Last-Event-ID', () => {
    it(
      'replays, in order, what the phone missed in its club — only its ' +
        'own account notices — by header or query parameter',
      async () => {
        const first = await connect(pat);
        const start = await place({ glider: 'DG-1000' });
        const seen = await first.waitFor(isNotice(flight(start, 'requested')));
        first.close();
        await first.ended;

        // While Pat's phone is away: a launch (Pat's charge), Mo's deposit, a Bravo flight.
        await act(start, 'Launch', { tug: 'C-GTOW', time: NOW - 2 * MINUTE });
        await depositFor(t.db, alpha, mo.userId, 100, NOW);
        const bravoFlight = flightBody(otto.userId, { glider: 'ASK-21' }, { date: TODAY });
        expect((await api.post('/api/update-item/', bravoFlight, await cookie(otto))).statusCode).toBe(200);

        const expected = [flight(start, 'launched'), { kind: 'account' }];
        const key = (notice: unknown) => JSON.stringify(notice);
        for (const options of [{ lastEventId: seen.id }, { query: `?lastEventId=${seen.id}` }]) {
          const back = await connect(pat, options);
          expect(back.status).toBe(200);
          await back.waitFor(isNotice({ kind: 'account' }), 3_000, 'replayed account notice');
          await back.waitFor(isNotice(flight(start, 'launched')), 3_000, 'replayed launch');
          await barrier(alpha, back);
          // The two missed notices (the first pass's barrier marker is replayed to the second too).
          const replayed = back.events.map(noticeOf).filter((notice) => !isMarker(notice));
          expect(replayed.map(key).sort()).toEqual(expected.map(key).sort());
          const ids = back.events.map((event) => Number(event.id));
          expect(ids.every((id) => id > Number(seen.id))).toBe(true);
          expect([...ids].sort((a, b) => a - b)).toEqual(ids);
          back.close();
        }
      },
    );

    it('without a last id, replays nothing', async () => {
      const fresh = await connect(pat);
      await barrier(alpha, fresh);
      expect(fresh.events).toHaveLength(1);
      fresh.close();
    });
  });

  it('keeps events about a day: the prune deletes only older ones', async () => {
    const { pruneEventsBefore } = await import('../src/modules/live/repo.ts');
    await sql`update live_event set at = now() - interval '2 days' where id <= (select min(id) + 1 from
          live_event)`.execute(t.db);
    const before = (await sql<{ n: number }>`select count(*)::bigint as n from live_event`.execute(t.db)).rows[0]!.n;
    expect(await pruneEventsBefore(t.db, new Date(Date.now() - 86_400_000))).toBe(2);
    expect((await sql<{ n: number }>`select count(*)::bigint as n from live_event`.execute(t.db)).rows[0]!.n).toBe(
      before - 2,
    );
  });
});
