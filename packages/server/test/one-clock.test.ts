import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SHIPPED_TZDATA } from '@flightline/domain/time/shipped-tzdata';
import { refusal } from './helpers/api.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';
import { checkInTowPilot, depositFor, flightBody, insertFlight } from './helpers/flights.ts';
import { insertRawEntry } from './helpers/ledger.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import { createClub, type Person } from './helpers/test-app.ts';
import { setLockDate } from '../src/modules/clubs/repo.ts';

/**
 * One clock (issue 24 item 2): every club time the server and the database
 * compute comes from the tz database the app ships (2026f or newer), not from
 * Node's ICU (2026e in Node 24.22: Havana an hour off) or PostgreSQL's own
 * copy (PGlite's, Debian's 15: older still). From November 2026 British
 * Columbia keeps UTC−7 all year, Alberta and the Northwest Territories
 * UTC−6, Manitoba UTC−5; Cuba UTC−4.
 */
const NOW = Date.parse('2026-11-28T20:00:00Z');
const MINUTE = 60_000;
/** The flights below are requested 10 minutes before NOW, go up at NOW and land half an hour later. */
const SERVER_NOW = NOW + 30 * MINUTE;

/** At 2026-11-28T20:00Z: the club's wall clock, and the instant its 28 November began (UTC). */
const ZONES = [
  { zone: 'America/Vancouver', clock: '13:00', midnight: '2026-11-28T07:00:00Z' },
  { zone: 'America/Edmonton', clock: '14:00', midnight: '2026-11-28T06:00:00Z' },
  { zone: 'America/Winnipeg', clock: '15:00', midnight: '2026-11-28T05:00:00Z' },
  { zone: 'America/Inuvik', clock: '14:00', midnight: '2026-11-28T06:00:00Z' },
  { zone: 'America/Havana', clock: '16:00', midnight: '2026-11-28T04:00:00Z' },
] as const;

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

describe('one clock: club times from the shipped tz database, on both engines', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let { pat, crew, admin, towy } = {} as LinePeople;
  const cookie = (person: Person) => t.cookieFor(person.email);
  const setZone = (zone: string) => t.db.updateTable('club').set({ time_zone: zone }).where('id', '=', alpha).execute();

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs({ now: SERVER_NOW }, { fleet: true }));
    ({ pat, crew, admin, towy } = await createLinePeople(t.db, { alpha, bravo }, ['pat', 'crew', 'admin', 'towy'], {
      crew: {},
    }));
    await depositFor(t.db, alpha, pat.userId, 100_000, NOW - 86_400_000);
    await checkInTowPilot(t.db, alpha, 'C-GTOW', towy.userId, NOW - 3 * 60 * MINUTE);
  });
  afterAll(() => t.close());

  it('ships tz data 2026f or newer, and names it in GET /api/health', async () => {
    expect(SHIPPED_TZDATA >= '2026f').toBe(true);
    const health = await api.get('/api/health');
    expect(health.json()).toEqual({ ready: true, tzdata: SHIPPED_TZDATA });
  });

  it.each(ZONES.map((z, index) => ({ ...z, index })))(
    '$zone: a launch at 20:00 UTC is $clock on the club day ' +
      '2026-11-28, in the refusal, the session and the busiest hours',
    async ({ zone, clock, index }) => {
      await setZone(zone);
      const body = flightBody(pat.userId);
      t.clock.set(NOW - 10 * MINUTE);
      expect((await api.post('/api/update-item/', body, await cookie(pat))).statusCode).toBe(200);
      t.clock.set(NOW);
      const launched = await api.post(
        '/api/update-flight/',
        { id: body.id, action: 'Launch', time: NOW, tug: 'C-GTOW' },
        await cookie(crew),
      );
      expect(launched.statusCode, launched.body).toBe(200);

      const again = await api.post(
        '/api/update-flight/',
        { id: body.id, action: 'Launch', tug: 'C-GTOW' },
        await cookie(admin),
      );
      expect(again.json()).toEqual({
        ...refusal(409, `Already launched by Cory Crew at ${clock}`),
        launchedBy: 'Cory Crew',
        launchedById: crew.userId,
        launchedAt: NOW,
      });
      const row = await t.db.selectFrom('flight').select('day').where('id', '=', body.id).executeTakeFirstOrThrow();
      expect(row.day).toBe('2026-11-28');

      const session = (await api.get('/api/session', await cookie(pat))).json();
      expect(session.clubTimeZone).toBe(zone);
      expect(session.clubZoneRules).toMatchObject({ zone, tzdata: SHIPPED_TZDATA });

      t.clock.set(SERVER_NOW);
      const landed = await api.post(
        '/api/update-flight/',
        { id: body.id, action: 'Landing', time: SERVER_NOW },
        await cookie(crew),
      );
      expect(landed.statusCode, landed.body).toBe(200);
      // Every flight so far went up at 20:00 UTC: read in this zone, all in one hour.
      const metrics = (
        await api.get('/api/get-club-metrics?startDate=2026-11-28&endDate=2026-11-28', await cookie(admin))
      ).json();
      expect(metrics.byHour).toEqual([{ hour: Number(clock.slice(0, 2)), launches: index + 1 }]);
    },
  );

  it.each(ZONES)(
    '$zone: the lock date 2026-11-27 ends at local midnight, $midnight, in the app and in the database',
    async ({ zone, midnight }) => {
      const club = await createClub(t.db, { time_zone: zone });
      await setLockDate(t.db, club, '2026-11-27', zone);
      const stored = await sql<{ lock_until: Date }>`select lock_until from club where id = ${club}`.execute(t.db);
      expect(iso(stored.rows[0]!.lock_until.getTime())).toBe(midnight);
      const entry = [
        { account: 1000, amount: 100 },
        { account: 4900, amount: -100 },
      ];
      await expect(insertRawEntry(t.db, club, entry, iso(Date.parse(midnight) - MINUTE))).rejects.toThrow(
        /on or before the lock date 2026-11-27/,
      );
      await insertRawEntry(t.db, club, entry, midnight);
    },
  );

  it.each([
    // zone, lock date (its next day changes clocks or follows a change), the lock's end
    { zone: 'Europe/Paris', lockDate: '2026-03-28', end: '2026-03-28T23:00:00Z' },
    { zone: 'Europe/Paris', lockDate: '2026-10-25', end: '2026-10-25T23:00:00Z' },
    { zone: 'America/Toronto', lockDate: '2026-03-07', end: '2026-03-08T05:00:00Z' },
    { zone: 'America/Toronto', lockDate: '2026-11-01', end: '2026-11-02T05:00:00Z' },
    { zone: 'Australia/Sydney', lockDate: '2026-04-04', end: '2026-04-04T13:00:00Z' },
    { zone: 'Australia/Sydney', lockDate: '2026-10-04', end: '2026-10-04T13:00:00Z' },
  ])('$zone across daylight saving: the lock date $lockDate ends at $end', async ({ zone, lockDate, end }) => {
    const club = await createClub(t.db, { time_zone: zone });
    await setLockDate(t.db, club, lockDate, zone);
    const stored = await sql<{ lock_until: Date }>`select lock_until from club where id = ${club}`.execute(t.db);
    expect(iso(stored.rows[0]!.lock_until.getTime())).toBe(end);
    const entry = [
      { account: 1000, amount: 100 },
      { account: 4900, amount: -100 },
    ];
    await expect(insertRawEntry(t.db, club, entry, iso(Date.parse(end) - MINUTE))).rejects.toThrow(
      /on or before the lock date/,
    );
    await insertRawEntry(t.db, club, entry, end);
  });

  it(
    'Europe/Paris: the busiest hours read each launch in the ' + 'offset of its own day, across the October change',
    async () => {
      await setZone('Europe/Paris');
      // 12:00 local on Saturday 24 October (CEST, UTC+2) and on Sunday 25 October (CET, UTC+1).
      for (const [day, at] of [
        ['2026-10-24', '2026-10-24T10:00:00Z'],
        ['2026-10-25', '2026-10-25T11:00:00Z'],
      ] as const) {
        await insertFlight(t.db, {
          club_id: alpha,
          day,
          user_id: pat.userId,
          fly_with: 'Alone',
          passenger_id: null,
          glider: 'ASK-21',
          launch_type: '2000 ft',
          submitted_at: new Date(Date.parse(at) - 10 * MINUTE),
          launched_at: new Date(at),
          landed_at: new Date(Date.parse(at) + 30 * MINUTE),
          cancelled_at: null,
          tug: 'C-GTOW',
          tow_pilot: towy.userId,
        });
      }
      const metrics = (
        await api.get('/api/get-club-metrics?startDate=2026-10-24&endDate=2026-10-25', await cookie(admin))
      ).json();
      expect(metrics.byHour).toEqual([{ hour: 12, launches: 2 }]);
    },
  );

  it("America/Vancouver: an admin's lock date through the API stores the end of that day at UTC−7", async () => {
    await setZone('America/Vancouver');
    const set = await api.post(
      '/api/update-admin-parameter/',
      { parameter: 'lockDate', lockDate: '2026-11-27' },
      await cookie(admin),
    );
    expect(set.json()).toEqual({ status: 'ok', lockDate: '2026-11-27' });
    const stored = await sql<{ lock_until: Date }>`select lock_until from club where id = ${alpha}`.execute(t.db);
    expect(iso(stored.rows[0]!.lock_until.getTime())).toBe('2026-11-28T07:00:00Z');
    // Today is 28 November in Vancouver: it can't be locked yet.
    const today = await api.post(
      '/api/update-admin-parameter/',
      { parameter: 'lockDate', lockDate: '2026-11-28' },
      await cookie(admin),
    );
    expect(today.json()).toEqual(refusal(409, 'The lock date must be before today'));
  });
});
