import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';
import { checkInTowPilot, depositFor, flightBody } from './helpers/flights.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import type { Person } from './helpers/test-app.ts';

/** 12:00 on 2025-07-12 in Toronto (EDT, UTC−4). */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const MINUTE = 60_000;

/**
 * A pilot's logbook totals over all time (issue 17, item 3): every flight
 * they flew in the club as pilot or second person, by role and launch type;
 * cancelled and unlanded flights, and other clubs' flights, left out.
 */
describe('logbook totals: GET /api/get-logbook-totals', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let { sam, ida, crew } = {} as LinePeople;
  const cookie = (person: Person) => t.cookieFor(person.email);
  const act = async (body: object) => {
    const response = await api.post('/api/update-flight/', body, await cookie(crew));
    expect(response.statusCode, response.body).toBe(200);
  };
  /** Requested by `pilot`, launched `ago` minutes before now and landed `minutes` later (or left in the air). */
  const fly = async (pilot: Person, data: Record<string, unknown>, ago: number, minutes: number | null) => {
    const body = flightBody(pilot.userId, data);
    // Requested just before its launch: no launch before its request.
    t.clock.set(NOW - ago * MINUTE - MINUTE);
    const placed = await api.post('/api/update-item/', body, await cookie(pilot)).finally(() => t.clock.set(NOW));
    expect(placed.statusCode, placed.body).toBe(200);
    await act({ id: body.id, action: 'Launch', time: NOW - ago * MINUTE, tug: 'C-GTOW' });
    if (minutes !== null)
      await act({ id: body.id, action: 'Landing', time: NOW - ago * MINUTE + minutes * MINUTE + 29_000 });
    return body.id;
  };
  const totals = async (as: Person) => {
    const response = await api.get('/api/get-logbook-totals', await cookie(as));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().allTime;
  };

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs({ now: NOW }, { fleet: true }));
    ({ sam, ida, crew } = await createLinePeople(t.db, { alpha, bravo }, ['sam', 'ida', 'crew']));
    for (const who of [sam, ida]) await depositFor(t.db, alpha, who.userId, 50_000, NOW - 86_400_000);
    await checkInTowPilot(t.db, alpha, 'C-GTOW', crew.userId, NOW - 5 * 60 * MINUTE);
    // Sam: 35 minutes dual with Ida (she instructs), 50 minutes solo on the variable launch, and a flight still up.
    await fly(
      sam,
      { flyWith: 'Instructor', passengerID: ida.userId, pilotInCharge: false, glider: 'DG-1000' },
      240,
      35,
    );
    await fly(sam, { launchType: 'Variable' }, 180, 50);
    await fly(sam, {}, 60, null);
  });
  afterAll(() => t.close());

  it(
    'the pilot: flights and flown minutes by role (P1 solo, P2 dual) ' +
      'and launches by type; a flight still up is not counted',
    async () => {
      expect(await totals(sam)).toEqual({
        flights: 2,
        minutes: 85,
        byRole: {
          P1: { flights: 1, minutes: 50 },
          P2: { flights: 1, minutes: 35 },
          Instructor: { flights: 0, minutes: 0 },
        },
        launches: [
          { launchType: '2000 ft', count: 1 },
          { launchType: 'Variable', count: 1 },
        ],
      });
    },
  );

  it('the instructor: the dual flight as Instructor', async () => {
    expect(await totals(ida)).toEqual({
      flights: 1,
      minutes: 35,
      byRole: {
        P1: { flights: 0, minutes: 0 },
        P2: { flights: 0, minutes: 0 },
        Instructor: { flights: 1, minutes: 35 },
      },
      launches: [{ launchType: '2000 ft', count: 1 }],
    });
  });

  it('another club named is refused; a member of another club sees only their own club', async () => {
    const foreign = await api.get(`/api/get-logbook-totals?club=${bravo}`, await cookie(sam));
    expect(foreign.statusCode).toBe(403);
    const { outsider } = await createLinePeople(t.db, { alpha, bravo }, ['outsider']);
    expect((await totals(outsider)).flights).toBe(0);
  });
});
