import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { APP_VERSION } from '@flightline/domain/api/app-version';
import { parseBeacon } from '@flightline/domain/ogn/beacon';
import { createFlightDetector, type FlightEvent } from '@flightline/domain/ogn/detector';
import { generateDay, SCENARIO_AIRFIELD, type TrueFlight } from '@flightline/domain/ogn/scenarios';
import { releaseHeightInUnit } from '@flightline/domain/ogn/settings';
import type { ReceivedLine } from '@flightline/domain/ogn/scenario-radio';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';
import { startAprsServer, until, type AprsTestServer } from './helpers/aprs-server.ts';
import { balanceOf, checkInTowPilot, flightBody } from './helpers/flights.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import { createPerson, type Person } from './helpers/test-app.ts';

/**
 * The OGN feed end to end (docs/ogn.md "The feed", "On the line"; issue 27):
 * a replay APRS-IS server fed from the scenario generator, the feed client's
 * login, filter, keepalive and reconnects, and the line recording a waiting
 * request from the detected takeoff, release and landing through the same
 * services as a tap — times, tug, tow pilot, release height and the ledger —
 * then suggest mode, an unmatched takeoff, and a replay recording nothing twice.
 * Times are the detector's own (a local detector over the same lines), never the wall clock.
 */

const day = generateDay(1, 0);
const TUG_IDS: Record<string, string> = { DDB201: 'C-GTOW', C0B202: 'C-FTWO' };
// Short flights, so the replays stay quick (each line goes through the real TCP feed): the shortest of each kind, in
// the day's order.
const flown = (f: TrueFlight) => f.landingMs! - f.takeoffMs;
const shortest = (flights: TrueFlight[]) => flights.reduce((best, f) => (flown(f) < flown(best) ? f : best));
const aerotows = day.flights.filter(
  (f) => f.role === 'glider' && f.launch === 'aerotow' && f.landingMs !== null && f.releaseMs !== null,
);
const A = shortest(aerotows.filter((f) => f.takeoffMs < aerotows[Math.floor(aerotows.length / 3)]!.takeoffMs));
const B = shortest(
  aerotows.filter(
    (f) =>
      f.address !== A.address &&
      f.takeoffMs > A.landingMs! + 10 * 60_000 &&
      f.takeoffMs < aerotows[Math.floor((2 * aerotows.length) / 3)]!.takeoffMs,
  ),
);
const C = shortest(
  day.flights.filter(
    (f) =>
      f.role === 'glider' &&
      f.landingMs !== null &&
      f.address !== A.address &&
      f.address !== B.address &&
      f.takeoffMs > B.landingMs! + 10 * 60_000,
  ),
);

/** The lines of a flight's glider and the tugs, from 3 minutes before its takeoff to 3 after its landing. */
function windowOf(flight: TrueFlight): ReceivedLine[] {
  const wanted = new Set([flight.address, ...Object.keys(TUG_IDS)]);
  return day.lines.filter(({ line, receivedMs }) => {
    if (receivedMs < flight.takeoffMs - 180_000 || receivedMs > flight.landingMs! + 180_000) return false;
    const beacon = parseBeacon(line, receivedMs);
    return beacon !== null && wanted.has(beacon.address);
  });
}

/** What the detector makes of the lines: the times the line must record. */
function detected(lines: ReceivedLine[]): FlightEvent[] {
  const detector = createFlightDetector(SCENARIO_AIRFIELD);
  const events: FlightEvent[] = [];
  for (const { line, receivedMs } of lines) {
    const beacon = parseBeacon(line, receivedMs);
    if (beacon) events.push(...detector.push(beacon));
  }
  return [...events, ...detector.finish()];
}

describe('the OGN feed: a replay APRS-IS server, the feed client and the line', { timeout: 180_000 }, () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let people = {} as Pick<LinePeople, 'pat' | 'mo' | 'fran' | 'admin' | 'tom'>;
  let bea: Person;
  let server: AprsTestServer;
  const cookie = (person: Person) => t.cookieFor(person.email);
  let sent = 0;

  /**
   * Send lines as the feed would receive them, the server's clock at each 5 s chunk's last receipt; wait until read
   * and acted on.
   */
  async function replay(lines: ReceivedLine[]): Promise<void> {
    for (let i = 0; i < lines.length;) {
      const chunkEnd = lines[i]!.receivedMs + 5_000;
      const chunk: ReceivedLine[] = [];
      while (i < lines.length && lines[i]!.receivedMs < chunkEnd) chunk.push(lines[i++]!);
      t.clock.set(chunk[chunk.length - 1]!.receivedMs);
      await server.send(chunk.map((c) => c.line));
      sent += chunk.length;
      await until(() => t.ogn!.linesRead >= sent, 20_000, 'the feed to read the lines');
    }
    // The night: the detectors' clocks move on (quiet ticks), settling the last landing.
    t.clock.set(lines[lines.length - 1]!.receivedMs + 180_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await t.ogn!.settled();
  }

  const request = async (user: Person, data: Record<string, unknown>, at: number) => {
    t.clock.set(at);
    const body = flightBody(user.userId, data);
    const response = await api.post('/api/update-item/', body, await cookie(user));
    expect(response.statusCode, response.body).toBe(200);
    return body.id;
  };
  const flightRow = (id: string) =>
    t.db.selectFrom('flight').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const settings = async () => (await api.get('/api/get-club-settings', await cookie(people.admin))).json();
  const saveOgn = async (ogn: Record<string, unknown>) => {
    const current = await settings();
    return api.post(
      '/api/update-club-settings',
      { ...current, ogn: { ...current.ogn, ...ogn } },
      await cookie(people.admin),
    );
  };

  beforeAll(async () => {
    server = await startAprsServer();
    ({ t, api, alpha, bravo } = await openTwoClubs(
      {
        now: A.takeoffMs - 20 * 60_000,
        ogn: {
          server: server.address,
          settingsPollMs: 200,
          leaseRenewMs: 100,
          tickMs: 100,
          stateWriteMs: 100,
          keepaliveMs: 300,
          retryMinMs: 1_000,
        },
      },
      { fleet: true },
    ));
    people = await createLinePeople(t.db, { alpha, bravo }, ['pat', 'mo', 'fran', 'admin', 'tom']);
    bea = await createPerson(t.db, { club: bravo, first: 'Bea', last: 'Bravo' });
    for (const club of [alpha, bravo])
      await t.db.insertInto('tug').values({ club_id: club, id: 'C-FTWO', status: 'Ready' }).execute();
    await checkInTowPilot(t.db, alpha, 'C-GTOW', people.tom.userId, A.takeoffMs - 60 * 60_000);
    await checkInTowPilot(t.db, alpha, 'C-FTWO', people.tom.userId, A.takeoffMs - 60 * 60_000);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('is off until a club turns it on, and refuses bad settings with a 400 that changes nothing', async () => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.logins).toEqual([]);
    const bad = await saveOgn({ mode: 'record', latitude: null });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/latitude, longitude and elevation/);
    const far = await saveOgn({ mode: 'record', latitude: 91, longitude: -79.6, elevationMetres: 250 });
    expect(far.statusCode).toBe(400);
    expect((await settings()).ogn.mode).toBe('off');
    const member = await api.post(
      '/api/update-club-settings',
      {
        ...(await settings()),
        ogn: { mode: 'record', latitude: 44.1, longitude: -79.6, elevationMetres: 250, radiusKm: 10 },
      },
      await cookie(people.pat),
    );
    expect(member.statusCode).toBe(403);
  });

  it('gliders and tugs take a FLARM ID (6 hex digits, one aircraft of the club each), admin only', async () => {
    const item = (type: string, id: string, data: Record<string, unknown>, who = people.admin) =>
      cookie(who).then((c) => api.post('/api/update-item/', { type, id, data }, c));
    expect((await item('GLIDER', 'ASK-21', { flarmId: A.address.toLowerCase() })).json()).toMatchObject({
      item: { flarmId: A.address },
    });
    expect((await item('GLIDER', 'DG-1000', { flarmId: B.address })).statusCode).toBe(200);
    expect((await item('GLIDER', '1-26', { flarmId: C.address })).statusCode).toBe(200);
    for (const [address, tug] of Object.entries(TUG_IDS))
      expect((await item('TUG', tug, { flarmId: address })).statusCode).toBe(200);
    const taken = await item('TUG', 'C-FTWO', { flarmId: A.address });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`FLARM ID ${A.address} is already glider ASK-21's`);
    expect((await item('GLIDER', 'Blanik', { flarmId: 'XYZ123' })).statusCode).toBe(400);
    expect((await item('GLIDER', 'Blanik', { flarmId: 'ABCDEF' }, people.pat)).statusCode).toBe(403);
  });

  it(
    'logs in with one r/ filter per club, answers the server, sends ' +
      '#keepalive, and reconnects after a drop and an outage',
    async () => {
      const on = await saveOgn({
        mode: 'record',
        latitude: SCENARIO_AIRFIELD.latitude,
        longitude: SCENARIO_AIRFIELD.longitude,
        elevationMetres: 250,
        radiusKm: 10,
      });
      expect(on.statusCode, on.body).toBe(200);
      await until(() => server.clients === 1, 10_000, 'the login');
      expect(server.logins[0]).toMatch(
        new RegExp(
          `^user FL[0-9A-F]{6} pass -1 vers flightline ` +
            `${APP_VERSION.replaceAll('.', '\\.')} filter ` +
            `r/44\\.1000/-79\\.6000/10$`,
        ),
      );
      await until(() => server.received.includes('#keepalive'), 10_000, 'a keepalive');
      server.drop();
      await until(() => server.logins.length === 2 && server.clients === 1, 10_000, 'the reconnect after a drop');
      await server.stop();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await server.start();
      await until(() => server.clients === 1, 20_000, 'the reconnect once the server is back');
      // A settings change applies without a restart: the new radius is the new filter.
      const logins = server.logins.length;
      await saveOgn({ radiusKm: 12 });
      await until(() => server.logins.length > logins && server.clients === 1, 10_000, 'the login with the new filter');
      expect(server.logins.at(-1)).toMatch(/filter r\/44\.1000\/-79\.6000\/12$/);
      await saveOgn({ radiusKm: 10 });
      await until(
        () => server.logins.at(-1)!.endsWith('/10') && server.clients === 1,
        10_000,
        'the login with the radius back',
      );
    },
  );

  it(
    'record mode: the waiting request launched at the takeoff behind the paired tug with its tow ' +
      'pilot, its release height and off-tow time, landed at the landing, billed as taps',
    async () => {
      const lines = windowOf(A);
      const events = detected(lines).filter((e) => e.address === A.address);
      const takeoff = events.find((e) => e.kind === 'takeoff')!;
      const release = events.find((e) => e.kind === 'release')!;
      const landing = events.find((e) => e.kind === 'landing')!;
      expect(release.kind === 'release' && release.tugAddress).toBe(A.tugAddress);
      const flightId = await request(
        people.pat,
        { glider: 'ASK-21', launchType: 'Variable' },
        A.takeoffMs - 10 * 60_000,
      );
      await replay(lines);
      const row = await flightRow(flightId);
      const heightFt = releaseHeightInUnit(release.kind === 'release' ? release.releaseHeightMetres : 0, 'ft');
      expect({
        launchedAt: row.launched_at?.getTime(),
        tug: row.tug,
        towPilot: row.tow_pilot,
        releaseHeight: row.release_height,
        offTowAt: row.off_tow_at?.getTime(),
        landedAt: row.landed_at?.getTime(),
      }).toEqual({
        launchedAt: takeoff.timeMs,
        tug: TUG_IDS[A.tugAddress!],
        towPilot: people.tom.userId,
        releaseHeight: heightFt,
        offTowAt: release.timeMs,
        landedAt: landing.timeMs,
      });
      const listed = (await api.get('/api/list-items/?type=FLIGHT', await cookie(people.pat)))
        .json()
        .items.find((f: { id: string }) => f.id === flightId);
      expect(listed.fromOgn.map((e: { action: string }) => e.action)).toEqual(['Launch', 'ReleaseHeight', 'Landing']);

      // The same flight tapped in Bravo at the same times costs the same.
      t.clock.set(A.takeoffMs - 10 * 60_000);
      const twin = flightBody(bea.userId, { glider: 'ASK-21', launchType: 'Variable' });
      expect((await api.post('/api/update-item/', twin, await cookie(bea))).statusCode).toBe(200);
      const tap = async (body: Record<string, unknown>, at: number) => {
        t.clock.set(at);
        const response = await api.post(
          '/api/update-flight/',
          { id: twin.id, idempotencyKey: randomUUID(), ...body },
          await cookie(bea),
        );
        expect(response.statusCode, response.body).toBe(200);
      };
      await tap({ action: 'Launch', tug: 'C-GTOW', time: takeoff.timeMs }, takeoff.timeMs);
      await tap({ action: 'ReleaseHeight', releaseHeight: heightFt, time: release.timeMs }, release.timeMs);
      await tap({ action: 'Landing', time: landing.timeMs }, landing.timeMs);
      expect(await balanceOf(t.db, alpha, people.pat.userId)).toBe(await balanceOf(t.db, bravo, bea.userId));
      expect(await balanceOf(t.db, alpha, people.pat.userId)).toBeLessThan(0);
    },
  );

  it('a replay of the same beacons by a detector started afresh records nothing twice', async () => {
    const before = await t.db
      .selectFrom('flight_action')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('club_id', '=', alpha)
      .executeTakeFirstOrThrow();
    const ledger = await t.db
      .selectFrom('ledger_transaction')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('club_id', '=', alpha)
      .executeTakeFirstOrThrow();
    // Another elevation: the feed makes a new detector for the club, which hears the same flight again.
    t.clock.set(A.takeoffMs - 240_000);
    await saveOgn({ elevationMetres: 251 });
    await new Promise((resolve) => setTimeout(resolve, 600));
    await replay(windowOf(A));
    await saveOgn({ elevationMetres: 250 });
    const after = await t.db
      .selectFrom('flight_action')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('club_id', '=', alpha)
      .executeTakeFirstOrThrow();
    const ledgerAfter = await t.db
      .selectFrom('ledger_transaction')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('club_id', '=', alpha)
      .executeTakeFirstOrThrow();
    expect([Number(after.n), Number(ledgerAfter.n)]).toEqual([Number(before.n), Number(ledger.n)]);
    const line = (await api.get('/api/get-ogn-line', await cookie(people.pat))).json();
    expect(line.detections).toEqual([]);
  });

  it('suggest mode: the takeoff offered with its tug and height, one tap records it as a launch would', async () => {
    expect((await saveOgn({ mode: 'suggest' })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const lines = windowOf(B);
    const events = detected(lines).filter((e) => e.address === B.address);
    const takeoff = events.find((e) => e.kind === 'takeoff')!;
    const release = events.find((e) => e.kind === 'release')!;
    const flightId = await request(people.mo, { glider: 'DG-1000', launchType: '2000 ft' }, B.takeoffMs - 10 * 60_000);
    await replay(lines);
    expect((await flightRow(flightId)).launched_at).toBeNull();
    const line = (await api.get('/api/get-ogn-line', await cookie(people.fran))).json();
    expect(line).toMatchObject({ mode: 'suggest', state: 'receiving' });
    const suggestion = line.detections.find((d: { kind: string }) => d.kind === 'takeoff');
    expect(suggestion).toMatchObject({
      status: 'suggested',
      glider: 'DG-1000',
      happenedAt: takeoff.timeMs,
      tug: TUG_IDS[B.tugAddress!],
      releaseHeight: releaseHeightInUnit(release.kind === 'release' ? release.releaseHeightMetres : 0, 'ft'),
      flightId,
    });
    expect(line.detections.find((d: { kind: string }) => d.kind === 'landing')).toMatchObject({
      status: 'suggested',
      flightId,
    });
    const accepted = await api.post(
      '/api/decide-ogn-detection',
      { id: suggestion.id, decision: 'accept' },
      await cookie(people.fran),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const row = await flightRow(flightId);
    expect([row.launched_at?.getTime(), row.tug, row.tow_pilot, row.off_tow_at?.getTime()]).toEqual([
      takeoff.timeMs,
      TUG_IDS[B.tugAddress!],
      people.tom.userId,
      release.timeMs,
    ]);
    // A second tap on the same suggestion by someone else is told who launched it.
    const again = await api.post(
      '/api/decide-ogn-detection',
      { id: suggestion.id, decision: 'accept' },
      await cookie(people.pat),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Already launched by Fran Flier at /);
  });

  it('a takeoff with no waiting request is listed as unmatched, for the crew to assign or dismiss', async () => {
    await saveOgn({ mode: 'record' });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const lines = windowOf(C);
    const takeoff = detected(lines).find((e) => e.address === C.address && e.kind === 'takeoff')!;
    await replay(lines);
    const line = (await api.get('/api/get-ogn-line', await cookie(people.pat))).json();
    const unmatched = line.detections.find((d: { status: string }) => d.status === 'unmatched');
    expect(unmatched).toMatchObject({ kind: 'takeoff', glider: '1-26', happenedAt: takeoff.timeMs, flightId: null });
    const noFlight = await api.post(
      '/api/decide-ogn-detection',
      { id: unmatched.id, decision: 'accept' },
      await cookie(people.pat),
    );
    expect(noFlight.statusCode).toBe(400);
    const dismissed = await api.post(
      '/api/decide-ogn-detection',
      { id: unmatched.id, decision: 'dismiss' },
      await cookie(people.pat),
    );
    expect(dismissed.statusCode).toBe(200);
    expect(
      (await api.get('/api/get-ogn-line', await cookie(people.pat)))
        .json()
        .detections.some((d: { id: number }) => d.id === unmatched.id),
    ).toBe(false);
    // Bravo sees none of it.
    const outsider = await api.post(
      '/api/decide-ogn-detection',
      { id: unmatched.id, decision: 'dismiss', club: bravo },
      await cookie(people.pat),
    );
    expect(outsider.statusCode).toBe(403);
  });
});
