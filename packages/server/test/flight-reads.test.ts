import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { refusal } from './helpers/api.ts';
import { checkInTowPilot, createIntro, depositFor, flightBody } from './helpers/flights.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import type { Person } from './helpers/test-app.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

/** 12:00 on 2025-07-12 in Toronto (EDT, UTC−4). */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
const TODAY = '2025-07-12';

describe('reading the flight line: serve-crew, ground-status, get-flights, list-items FLIGHT', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let { pat, zoe, ann, gail, towy, sleeper, outsider } = {} as LinePeople;
  const flights: Record<string, string> = {};
  const intros: Record<string, string> = {};
  const cookie = (person: Person) => t.cookieFor(person.email);
  const get = async (url: string, as: Person = pat) => api.get(url, await cookie(as));
  const act = async (body: object) => api.post('/api/update-flight/', body, await cookie(pat));

  /** A flight of an earlier day, landed, straight into the table. */
  const pastFlight = async (user: Person, glider: string, daysAgo: number) => {
    const at = NOW - daysAgo * DAY;
    const day = new Date(at - 4 * 3600_000).toISOString().slice(0, 10);
    await t.db
      .insertInto('flight')
      .values({
        club_id: alpha,
        id: randomUUID(),
        day,
        user_id: user.userId,
        fly_with: 'Alone',
        glider,
        launch_type: '2000 ft',
        submitted_at: new Date(at),
        launched_at: new Date(at + MINUTE),
        landed_at: new Date(at + 30 * MINUTE),
      })
      .execute();
  };

  /** Place a flight at a given minute of the morning (the clock moves so submission order is known). */
  const place = async (name: string, as: Person, data: Record<string, unknown>, at: number) => {
    t.clock.set(at);
    const body = flightBody(as.userId, data);
    const response = await api.post('/api/update-item/', body, await cookie(as));
    expect(response.statusCode).toBe(200);
    flights[name] = body.id;
    t.clock.set(NOW);
  };

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs({ now: NOW }, { fleet: true }));
    await t.db.insertInto('glider').values({ club_id: alpha, id: 'Duo', places: 2, status: 'Flying' }).execute();
    ({ pat, zoe, ann, gail, towy, sleeper, outsider } = await createLinePeople(t.db, { alpha, bravo }, [
      'pat',
      'zoe',
      'ann',
      'gail',
      'towy',
      'sleeper',
      'outsider',
    ]));
    await t.db.updateTable('profile').set({ weight_kg: 84 }).where('user_id', '=', pat.userId).execute();
    for (const person of [pat, zoe, ann]) await depositFor(t.db, alpha, person.userId, 20000, NOW - DAY);
    await checkInTowPilot(t.db, alpha, 'C-GTOW', towy.userId, NOW - 3 * 60 * MINUTE);

    // Pat's history: DG-1000 10 days ago, ASK-21 60 days ago, 1-26 200 days ago (beyond the 90 recent days).
    await pastFlight(pat, 'DG-1000', 10);
    await pastFlight(pat, 'ASK-21', 60);
    await pastFlight(pat, '1-26', 200);

    // Today: Pat flies 1-26 and lands; Ann's ASK-21 waits on the line; Zoe's DG-1000 request is removed from the line.
    await place('patToday', pat, { glider: '1-26' }, NOW - 120 * MINUTE);
    await place('annWaiting', ann, { glider: 'ASK-21' }, NOW - 90 * MINUTE);
    await place('zoeCancelled', zoe, { glider: 'DG-1000' }, NOW - 60 * MINUTE);
    await act({ id: flights.patToday, action: 'Launch', time: NOW - 100 * MINUTE, tug: 'C-GTOW' });
    await act({ id: flights.patToday, action: 'Landing', time: NOW - 70 * MINUTE });
    await act({ id: flights.zoeCancelled, action: 'CancelRequest' });

    intros.expired = await createIntro(t.db, alpha, {
      sn: 'OLD234',
      purchaseDate: '2024-05-01',
      staleDate: '2025-05-01',
    });
    intros.fresh = await createIntro(t.db, alpha, { sn: 'NEW234' });
    await createIntro(t.db, alpha, { sn: 'REF234', refunded: true });
    await createIntro(t.db, alpha, { sn: 'CAN234', cancelled: true });
    await createIntro(t.db, bravo, { sn: 'BRV234' });
  });
  afterAll(() => t.close());

  describe('GET /api/serve-crew', () => {
    it(
      "the caller's pilot with balance; active pilots, the caller first then " +
        'by full name; ground-only listed (the page blocks them)',
      async () => {
        const response = await get(`/api/serve-crew?club=${alpha}&userID=${pat.userId}`);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        // 1-26 today: 30 minutes at 30¢ plus the $40.00 tow.
        expect(body.pilot).toEqual({
          pilotID: pat.userId,
          first: 'Pat',
          last: 'Pilot',
          weight: 84,
          groundOnly: false,
          isInstructor: false,
          belowMinimum: false,
          belowWarning: false,
          balanceCents: 20000 - 4000 - 900,
          onLineIn: null,
        });
        expect(body.pilots.map((p: { first: string; last: string }) => `${p.first} ${p.last}`)).toEqual([
          'Pat Pilot',
          'Ann Zed',
          'Gail Ground',
          'Toby Tow',
          'Zoe Adams',
        ]);
        // Another pilot's standing, never the amount (docs/security.md); Zoe's request was removed from the line.
        expect(body.pilots[4]).toEqual({
          pilotID: zoe.userId,
          first: 'Zoe',
          last: 'Adams',
          weight: 0,
          groundOnly: false,
          isInstructor: true,
          belowMinimum: false,
          belowWarning: false,
          onLineIn: null,
        });
        expect(body.pilots[1]).toMatchObject({ pilotID: ann.userId, onLineIn: 'ASK-21' });
        expect(body.pilots[2]).toMatchObject({ pilotID: gail.userId, groundOnly: true });
      },
    );

    it(
      'gliders: ready, unused today, flying (on the line or status Flying), ' +
        'recent (ready ones the caller flew in 90 days, latest first)',
      async () => {
        const body = (await get('/api/serve-crew')).json();
        expect(Object.keys(body.readyGliders).sort()).toEqual(['1-26', 'DG-1000']);
        expect(body.readyGliders['DG-1000']).toMatchObject({
          id: 'DG-1000',
          places: 2,
          status: 'Ready',
          rateCentsPerMinute: 80,
        });
        // Zoe's DG-1000 request was cancelled: the glider is still unused today.
        expect(body.unusedGliders).toEqual(['DG-1000']);
        expect(body.unusedMultiSeatGliders).toEqual(['DG-1000']);
        expect(body.flyingGliders).toEqual(['ASK-21', 'Duo']);
        expect(body.recentGliders).toEqual(['1-26', 'DG-1000']);
        expect(body.recentMultiSeatGliders).toEqual(['DG-1000']);
      },
    );

    it(
      'launch types and intro launches that are active; intros a ' + 'flight can take, expired included; the club info',
      async () => {
        const body = (await get('/api/serve-crew')).json();
        expect(body.launches.map((l: { id: string }) => l.id)).toEqual(['2000 ft', 'Variable']);
        expect(body.introLaunches).toEqual([
          {
            id: 'Intro flight',
            launch: '2000 ft',
            priceCents: 15000,
            taxStatus: 'exempt',
            taxRates: [],
            isActive: true,
          },
        ]);
        expect(body.intros.map((i: { SN: string }) => i.SN).sort()).toEqual(['NEW234', 'OLD234']);
        expect(body.clubInfo).toMatchObject({
          id: alpha,
          name: 'Alpha Soaring',
          minimumLevelCents: 0,
          warningLevelCents: 2000,
          paymentMethods: ['Cash', 'Card'],
        });
      },
    );

    it("someone else's crew page, another club, an inactive member: refused", async () => {
      expect((await get(`/api/serve-crew?userID=${ann.userId}`)).json()).toEqual(
        refusal(403, 'The crew page loads for the signed-in member only'),
      );
      expect((await get(`/api/serve-crew?club=${bravo}`)).json()).toEqual(
        refusal(403, 'That club is not your active club'),
      );
      expect((await get('/api/serve-crew', sleeper)).statusCode).toBe(403);
      expect((await api.get('/api/serve-crew')).statusCode).toBe(401);
    });
  });

  describe('GET /api/ground-status', () => {
    it(
      "today's flights on the line in submission order (cancelled ones left out), " +
        "the tugs with their pilot; costs on one's own flights only",
      async () => {
        const response = await get('/api/ground-status', ann);
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.day).toBe(TODAY);
        expect(body.flights.map((f: { id: string }) => f.id)).toEqual([flights.patToday, flights.annWaiting]);
        expect(body.flights[0]).toMatchObject({
          user: pat.userId,
          landedAt: NOW - 70 * MINUTE,
          launchCost: null,
          flightCost: null,
          towPilot: towy.userId,
        });
        expect(body.flights[1]).toMatchObject({ user: ann.userId, launchedAt: null, launchCost: null });
        expect(body.tugs).toEqual([
          expect.objectContaining({ id: 'C-GTOW', status: 'Ready', currentPilot: towy.userId, pilotName: 'Toby Tow' }),
        ]);
        expect(body.pilots).toBeUndefined();
        const own = (await get('/api/ground-status')).json();
        expect(own.flights[0]).toMatchObject({ launchCost: 4000, flightCost: 900 });
      },
    );

    it('a flight carries its log corrections, oldest first, with who made them', async () => {
      await t.db
        .insertInto('flight_correction')
        .values([
          {
            club_id: alpha,
            flight_id: flights.annWaiting!,
            by: zoe.userId,
            submitted_at: new Date(NOW - 5 * MINUTE),
            changes: JSON.stringify({ glider: ['DG-1000', 'ASK-21'] }),
          },
          {
            club_id: alpha,
            flight_id: flights.annWaiting!,
            by: pat.userId,
            submitted_at: new Date(NOW - 2 * MINUTE),
            changes: JSON.stringify({ towSpeed: [60, 65] }),
          },
        ])
        .execute();
      const flight = (await get('/api/ground-status')).json().flights[1];
      expect(flight.corrections).toEqual([
        {
          by: zoe.userId,
          byName: 'Zoe Adams',
          submittedAt: NOW - 5 * MINUTE,
          changes: { glider: ['DG-1000', 'ASK-21'] },
        },
        { by: pat.userId, byName: 'Pat Pilot', submittedAt: NOW - 2 * MINUTE, changes: { towSpeed: [60, 65] } },
      ]);
      expect((await get('/api/ground-status')).json().flights[0].corrections).toEqual([]);
    });

    it('includePilots: the active members with their tow pilot flag, by name; another day by its date', async () => {
      const body = (await get(`/api/ground-status?club=${alpha}&day=${TODAY}&includePilots=true`)).json();
      expect(body.pilots).toEqual([
        { userID: ann.userId, first: 'Ann', last: 'Zed', isTowPilot: false },
        { userID: gail.userId, first: 'Gail', last: 'Ground', isTowPilot: false },
        { userID: pat.userId, first: 'Pat', last: 'Pilot', isTowPilot: false },
        { userID: towy.userId, first: 'Toby', last: 'Tow', isTowPilot: true },
        { userID: zoe.userId, first: 'Zoe', last: 'Adams', isTowPilot: false },
      ]);
      const past = (await get('/api/ground-status?day=2025-07-02&includePilots=false')).json();
      expect(past.flights.map((f: { glider: string }) => f.glider)).toEqual(['DG-1000']);
      expect(past.pilots).toBeUndefined();
    });

    it(
      "today's line also lists the flights of earlier days left " +
        'unfinished, first, until the crew lands or removes them',
      async () => {
        const stale = { waiting: randomUUID(), flying: randomUUID() };
        await t.db
          .insertInto('flight')
          .values([
            {
              club_id: alpha,
              id: stale.waiting,
              day: '2025-03-04',
              user_id: zoe.userId,
              fly_with: 'Alone',
              glider: 'DG-1000',
              launch_type: '2000 ft',
              submitted_at: new Date(NOW - 130 * DAY),
            },
            {
              club_id: alpha,
              id: stale.flying,
              day: '2025-03-05',
              user_id: pat.userId,
              fly_with: 'Alone',
              glider: 'Duo',
              launch_type: '2000 ft',
              submitted_at: new Date(NOW - 129 * DAY),
              launched_at: new Date(NOW - 129 * DAY + MINUTE),
            },
          ])
          .execute();
        const line = async () =>
          ((await get('/api/ground-status')).json().flights as { id: string }[]).map((f) => f.id);
        expect(await line()).toEqual([stale.waiting, stale.flying, flights.patToday, flights.annWaiting]);
        // Another day reads that day only (outside the season the get-flights test reads).
        expect(
          ((await get('/api/ground-status?day=2025-03-04')).json().flights as { id: string }[]).map((f) => f.id),
        ).toEqual([stale.waiting]);
        // The crew removes the one never launched and lands the other: both leave the line, and their gliders are free.
        expect((await act({ id: stale.waiting, action: 'CancelRequest' })).statusCode).toBe(200);
        expect((await act({ id: stale.flying, action: 'Landing', time: NOW - 10 * MINUTE })).statusCode).toBe(200);
        expect(await line()).toEqual([flights.patToday, flights.annWaiting]);
        const crew = (await get('/api/serve-crew')).json() as { flyingGliders: string[] };
        expect(crew.flyingGliders).not.toContain('DG-1000');
        expect(crew.flyingGliders).not.toContain('Duo');
      },
    );

    it('a bad day or flag, another club, an inactive member: refused', async () => {
      expect((await get('/api/ground-status?day=yesterday')).json()).toEqual(
        refusal(400, 'Invalid query: day: Use a date like 2025-07-10'),
      );
      expect((await get('/api/ground-status?includePilots=yes')).json()).toEqual(
        refusal(400, 'Invalid query: includePilots: Use true or false'),
      );
      expect((await get(`/api/ground-status?club=${bravo}`)).json()).toEqual(
        refusal(403, 'That club is not your active club'),
      );
      expect((await get('/api/ground-status', sleeper)).statusCode).toBe(403);
      // The other club sees only its own line.
      expect((await get('/api/ground-status', outsider)).json().flights).toEqual([]);
    });
  });

  describe('GET /api/get-flights/ and list-items FLIGHT', () => {
    it('get-flights: the flights requested in the range, cancelled ones included, in submission order', async () => {
      const start = Date.parse('2025-07-12T04:00:00Z');
      const end = Date.parse('2025-07-13T03:59:59.999Z');
      const response = await get(`/api/get-flights/?club=${alpha}&startDate=${start}&endDate=${end}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.map((f: { id: string }) => f.id)).toEqual([
        flights.patToday,
        flights.annWaiting,
        flights.zoeCancelled,
      ]);
      expect(body[2]).toMatchObject({ cancelledAt: NOW, glider: 'DG-1000' });
      const season = (await get(`/api/get-flights/?startDate=${NOW - 100 * DAY}&endDate=${NOW}`)).json();
      expect(season.map((f: { glider: string }) => f.glider)).toEqual([
        'ASK-21',
        'DG-1000',
        '1-26',
        'ASK-21',
        'DG-1000',
      ]);
    });

    it('get-flights: the range must be given, in order, and at most a year', async () => {
      expect((await get(`/api/get-flights/?startDate=${NOW}&endDate=${NOW - 1}`)).json()).toEqual(
        refusal(400, 'The end date is before the start date'),
      );
      expect((await get(`/api/get-flights/?startDate=${NOW - 400 * DAY}&endDate=${NOW}`)).json()).toEqual(
        refusal(400, 'Choose a range of at most a year'),
      );
      expect((await get(`/api/get-flights/?startDate=${NOW}`)).statusCode).toBe(400);
      expect((await get(`/api/get-flights/?startDate=soon&endDate=${NOW}`)).json()).toEqual(
        refusal(400, 'Invalid query: startDate: startDate must be a time in epoch milliseconds'),
      );
      expect((await get(`/api/get-flights/?club=${bravo}&startDate=${NOW}&endDate=${NOW}`)).json()).toEqual(
        refusal(403, 'That club is not your active club'),
      );
    });

    it(
      'list-items FLIGHT: every flight of the day, cancelled ones ' + 'included (the client filters); today by default',
      async () => {
        const today = (await get('/api/list-items/?type=FLIGHT')).json();
        expect(today.items.map((f: { id: string }) => f.id)).toEqual([
          flights.patToday,
          flights.annWaiting,
          flights.zoeCancelled,
        ]);
        const past = (await get('/api/list-items/?type=FLIGHT&day=2025-05-13')).json();
        expect(past.items.map((f: { glider: string }) => f.glider)).toEqual(['ASK-21']);
      },
    );
  });
});
