import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from './helpers/api.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';
import { insertFlight } from './helpers/flights.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import type { Person } from './helpers/test-app.ts';

const NOW = Date.parse('2025-09-01T16:00:00Z');
/** A Toronto wall-clock time in July or August 2025 (EDT, UTC−4). */
const edt = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-04:00`);
const RANGE = '/api/get-club-metrics?startDate=2025-07-01&endDate=2025-08-31';

/**
 * Club metrics (issue 17, item 2): each figure against the flights below,
 * worked out by hand. A flight counts once landed and not cancelled; a launch
 * once launched; waits and hours in whole minutes.
 */
describe('club metrics: GET /api/get-club-metrics', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let { admin, ida, sam, mo, tom, outsider } = {} as LinePeople;
  const cookie = (person: Person) => t.cookieFor(person.email);

  const flight = (
    club: string,
    values: {
      day: string;
      user: Person;
      glider: string;
      submitted: string;
      launched?: string;
      landed?: string;
      cancelled?: string;
      passenger?: Person;
    },
  ) =>
    insertFlight(t.db, {
      club_id: club,
      day: values.day,
      user_id: values.user.userId,
      fly_with: values.passenger ? 'Instructor' : 'Alone',
      passenger_id: values.passenger?.userId ?? null,
      glider: values.glider,
      launch_type: '2000 ft',
      submitted_at: edt(values.day, values.submitted),
      launched_at: values.launched ? edt(values.day, values.launched) : null,
      landed_at: values.landed ? edt(values.day, values.landed) : null,
      cancelled_at: values.cancelled ? edt(values.day, values.cancelled) : null,
      tug: values.launched ? 'C-GTOW' : null,
      tow_pilot: values.launched ? tom.userId : null,
    });

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs({ now: NOW }, { fleet: true }));
    ({ admin, ida, sam, mo, tom, outsider } = await createLinePeople(t.db, { alpha, bravo }, [
      'admin',
      'ida',
      'sam',
      'mo',
      'tom',
      'outsider',
    ]));
    // Saturday 5 July: Sam solo, waited 20 min, flew 30; Sam with Ida instructing, waited 5, flew 60.
    await flight(alpha, {
      day: '2025-07-05',
      user: sam,
      glider: 'ASK-21',
      submitted: '10:00',
      launched: '10:20',
      landed: '10:50',
    });
    await flight(alpha, {
      day: '2025-07-05',
      user: sam,
      passenger: ida,
      glider: 'DG-1000',
      submitted: '11:00',
      launched: '11:05',
      landed: '12:05',
    });
    // Sunday 6 July: Mo, waited 40, flew 45. Saturday 12 July: Mo's request cancelled before launch.
    await flight(alpha, {
      day: '2025-07-06',
      user: mo,
      glider: 'ASK-21',
      submitted: '13:00',
      launched: '13:40',
      landed: '14:25',
    });
    await flight(alpha, { day: '2025-07-12', user: mo, glider: 'ASK-21', submitted: '09:00', cancelled: '09:30' });
    // Saturday 2 August: Sam launched at 15:00 after 10 min and not landed yet; another club's flight.
    await flight(alpha, { day: '2025-08-02', user: sam, glider: '1-26', submitted: '14:50', launched: '15:00' });
    await flight(bravo, {
      day: '2025-08-02',
      user: outsider,
      glider: 'ASK-21',
      submitted: '10:00',
      launched: '10:10',
      landed: '11:10',
    });
  });
  afterAll(() => t.close());

  it(
    'adds up flights, hours and launches by period, tug, tow pilot, ' +
      'glider, weekday and hour, the wait and the active members',
    async () => {
      const response = await api.get(RANGE, await cookie(admin));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        startDate: '2025-07-01',
        endDate: '2025-08-31',
        // 30 + 60 + 45 minutes landed; four launches (the one still up counts as a launch only).
        totals: { flights: 3, minutes: 135, launches: 4 },
        byPeriod: {
          day: [
            { period: '2025-07-05', flights: 2, minutes: 90 },
            { period: '2025-07-06', flights: 1, minutes: 45 },
          ],
          // Saturday and Sunday are the end of the week that began on Monday 30 June.
          week: [{ period: '2025-06-30', flights: 3, minutes: 135 }],
          month: [{ period: '2025-07', flights: 3, minutes: 135 }],
          season: [{ period: '2025', flights: 3, minutes: 135 }],
        },
        byTug: [{ tug: 'C-GTOW', launches: 4 }],
        byTowPilot: [{ userID: tom.userId, name: 'Tom Tow', launches: 4 }],
        byGlider: [
          { glider: 'ASK-21', launches: 2, flights: 2, minutes: 75 },
          { glider: 'DG-1000', launches: 1, flights: 1, minutes: 60 },
          { glider: '1-26', launches: 1, flights: 0, minutes: 0 },
        ],
        byWeekday: [
          { weekday: 6, launches: 3 },
          { weekday: 7, launches: 1 },
        ],
        byHour: [
          { hour: 10, launches: 1 },
          { hour: 11, launches: 1 },
          { hour: 13, launches: 1 },
          { hour: 15, launches: 1 },
        ],
        // Waits of 20, 5, 40 and 10 minutes: 18.75 on average (19), the median the lower middle one (10).
        wait: { launches: 4, averageMinutes: 19, medianMinutes: 10 },
        activeMembers: [
          { month: '2025-07', members: 3 },
          { month: '2025-08', members: 1 },
        ],
      });
    },
  );

  it('an instructor may read them; a member may not; a range with no flying answers zeros', async () => {
    expect((await api.get(RANGE, await cookie(ida))).statusCode).toBe(200);
    expect((await api.get(RANGE, await cookie(sam))).json()).toEqual(
      refusal(403, 'Only admins and instructors can see the club metrics'),
    );
    const empty = (
      await api.get('/api/get-club-metrics?startDate=2024-01-01&endDate=2024-12-31', await cookie(admin))
    ).json();
    expect(empty.totals).toEqual({ flights: 0, minutes: 0, launches: 0 });
    expect(empty.wait).toEqual({ launches: 0, averageMinutes: null, medianMinutes: null });
    const backwards = await api.get(
      '/api/get-club-metrics?startDate=2025-08-31&endDate=2025-07-01',
      await cookie(admin),
    );
    expect(backwards.statusCode).toBe(400);
  });

  it(
    "hours are each flight's minutes as every screen shows them, to the " +
      'nearest (issue 25 item 11): 5 min 51 s is 6, 29 s is 0, 1 h is 60',
    async () => {
      const at = (hhmmss: string) => new Date(`2025-06-14T${hhmmss}-04:00`);
      for (const [launched, landed] of [
        ['10:00:00', '10:05:51'],
        ['11:00:00', '11:00:29'],
        ['12:00:00', '13:00:00'],
      ] as const) {
        await insertFlight(t.db, {
          club_id: alpha,
          day: '2025-06-14',
          user_id: mo.userId,
          fly_with: 'Alone',
          glider: 'ASK-21',
          launch_type: '2000 ft',
          submitted_at: at('09:00:00'),
          launched_at: at(launched),
          landed_at: at(landed),
        });
      }
      const day = (
        await api.get('/api/get-club-metrics?startDate=2025-06-14&endDate=2025-06-14', await cookie(admin))
      ).json();
      expect(day.totals).toEqual({ flights: 3, minutes: 66, launches: 3 });
    },
  );
});
