import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_YOUR_CLUB, refusal } from './helpers/api.ts';
import { openTwoClubs, signInPeople, type TwoClubs } from './helpers/clubs.ts';

/** 12:00 on Monday 1 September 2025 in Toronto (EDT, UTC−4): the club's today is 2025-09-01. */
const NOW = Date.parse('2025-09-01T16:00:00Z');
/** A Toronto wall-clock time in summer 2025 (EDT, UTC−4). */
const edt = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-04:00`);
const GLIDER_RIGHT = 'Only an admin or a member who can update gliders can create or change gliders';
const ADMIN_DETAILS = 'Only an admin can change glider details other than status and maintenance date';
const JULY = 'startDate=2025-07-01&endDate=2025-07-31';

/**
 * Glider logbooks (issue 17, item 3): a glider's aircraft type and
 * maintenance date — who may set them and what is refused — and each
 * glider's flights and figures against the flights below, worked out by hand.
 * A launch counts once launched and not cancelled, a flight and its minutes
 * once landed; since maintenance counts the flights of the maintenance date
 * and after.
 */
describe('glider logbooks', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let ids = {} as Record<'admin' | 'gliders' | 'member' | 'ida' | 'bravoAdmin', string>;
  let cookies = {} as Record<'admin' | 'gliders' | 'member' | 'ida' | 'bravoAdmin', string>;

  const flight = (
    club: string,
    values: {
      day: string;
      user: string;
      glider: string;
      launched?: string;
      landed?: string;
      cancelled?: string;
      instructor?: string;
      launchType?: string;
    },
  ) =>
    t.db
      .insertInto('flight')
      .values({
        club_id: club,
        id: randomUUID(),
        day: values.day,
        user_id: values.user,
        first: values.user === ids.member ? 'Mo' : 'Ada',
        last: values.user === ids.member ? 'Member' : 'Admin',
        fly_with: values.instructor ? 'Instructor' : 'Alone',
        passenger_id: values.instructor ?? null,
        pilot_in_charge: false,
        glider: values.glider,
        launch_type: values.launchType ?? '2000 ft',
        submitted_at: edt(values.day, '09:00'),
        launched_at: values.launched ? edt(values.day, values.launched) : null,
        landed_at: values.landed ? edt(values.day, values.landed) : null,
        cancelled_at: values.cancelled ? edt(values.day, values.cancelled) : null,
      })
      .execute();

  const save = (who: keyof typeof cookies, id: string, data: unknown, club?: string) =>
    api.post('/api/update-item/', { ...(club ? { club } : {}), type: 'GLIDER', id, data }, cookies[who]);
  const gliderRow = (club: string, id: string) =>
    t.db.selectFrom('glider').selectAll().where('club_id', '=', club).where('id', '=', id).executeTakeFirstOrThrow();
  const setMark = async (day: string | null) => {
    const response = await save('gliders', 'ASK-21', { maintenanceDate: day });
    expect(response.statusCode, response.body).toBe(200);
  };
  const read = async (url: string, who: keyof typeof cookies = 'member') => {
    const response = await api.get(url, cookies[who]);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs({ now: NOW }, { fleet: true }));
    ({ ids, cookies } = await signInPeople(t, {
      admin: { club: alpha, first: 'Ada', last: 'Admin', flags: { is_admin: true } },
      gliders: { club: alpha, first: 'Gil', last: 'Gliders', flags: { can_update_gliders: true } },
      member: { club: alpha, first: 'Mo', last: 'Member' },
      ida: { club: alpha, first: 'Ida', last: 'Instructor', flags: { is_instructor: true } },
      bravoAdmin: { club: bravo, flags: { is_admin: true } },
    }));
    // ASK-21: 10 June, 30 min; 5 July, 30 min; 6 July, Mo with Ida instructing on the variable launch, 45 min;
    // 12 July, cancelled before launch; 2 August, launched and not landed yet.
    await flight(alpha, { day: '2025-06-10', user: ids.admin, glider: 'ASK-21', launched: '10:00', landed: '10:30' });
    await flight(alpha, { day: '2025-07-05', user: ids.admin, glider: 'ASK-21', launched: '10:20', landed: '10:50' });
    await flight(alpha, {
      day: '2025-07-06',
      user: ids.member,
      instructor: ids.ida,
      glider: 'ASK-21',
      launched: '13:40',
      landed: '14:25',
      launchType: 'Variable',
    });
    await flight(alpha, { day: '2025-07-12', user: ids.member, glider: 'ASK-21', cancelled: '09:30' });
    await flight(alpha, { day: '2025-08-02', user: ids.admin, glider: 'ASK-21', launched: '15:00' });
    // DG-1000: 5 July, 60 min. Bravo's ASK-21 flies too, and is none of alpha's figures.
    await flight(alpha, { day: '2025-07-05', user: ids.admin, glider: 'DG-1000', launched: '11:05', landed: '12:05' });
    await flight(bravo, {
      day: '2025-07-05',
      user: ids.bravoAdmin,
      glider: 'ASK-21',
      launched: '10:10',
      landed: '11:10',
    });
  });
  afterAll(() => t.close());

  describe('aircraft type and maintenance date (update-item GLIDER)', () => {
    it('an admin sets the aircraft type; lists and the logs show it', async () => {
      const response = await save('admin', 'ASK-21', { aircraftType: 'ASK 21' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().item).toMatchObject({ id: 'ASK-21', aircraftType: 'ASK 21', maintenanceDate: null });
      expect((await gliderRow(alpha, 'ASK-21')).aircraft_type).toBe('ASK 21');
      const listed = await read('/api/list-items/?type=GLIDER');
      expect(listed.items.find((g: { id: string }) => g.id === 'ASK-21').aircraftType).toBe('ASK 21');
      // The personal logbook CSV takes its Glider type from the logs' gliders (web logbook-summary).
      const logs = await read('/api/serve-logs?startDate=2025-07-06&includeSetup=true');
      expect(logs.gliders.find((g: { id: string }) => g.id === 'ASK-21').aircraftType).toBe('ASK 21');
    });

    it(
      'a holder of Can Update Gliders sets the maintenance ' + 'date, but not the type (403, nothing changes)',
      async () => {
        const before = await gliderRow(alpha, 'DG-1000');
        const refused = await save('gliders', 'DG-1000', { aircraftType: 'DG 1000' });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual(refusal(403, ADMIN_DETAILS));
        const both = await save('gliders', 'DG-1000', { maintenanceDate: '2025-07-01', aircraftType: 'DG 1000' });
        expect(both.json()).toEqual(refusal(403, ADMIN_DETAILS));
        expect(await gliderRow(alpha, 'DG-1000')).toEqual(before);
        const set = await save('gliders', 'DG-1000', { maintenanceDate: '2025-07-01' });
        expect(set.statusCode, set.body).toBe(200);
        expect(set.json().item).toMatchObject({ id: 'DG-1000', maintenanceDate: '2025-07-01', aircraftType: '' });
        expect(await gliderRow(alpha, 'DG-1000')).toEqual({ ...before, maintenance_date: '2025-07-01' });
        const cleared = await save('gliders', 'DG-1000', { maintenanceDate: null });
        expect(cleared.json().item.maintenanceDate).toBeNull();
      },
    );

    it('a plain member is refused (403); another club named is refused (403); nothing changes', async () => {
      const before = await gliderRow(alpha, 'ASK-21');
      const member = await save('member', 'ASK-21', { maintenanceDate: '2025-07-01' });
      expect(member.statusCode).toBe(403);
      expect(member.json()).toEqual(refusal(403, GLIDER_RIGHT));
      const foreign = await save(
        'bravoAdmin',
        'ASK-21',
        { maintenanceDate: '2025-07-01', aircraftType: 'Hacked' },
        alpha,
      );
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual(refusal(403, NOT_YOUR_CLUB));
      expect(await gliderRow(alpha, 'ASK-21')).toEqual(before);
    });

    it.each([
      ['2025-02-30', 'Invalid glider: maintenanceDate: Use a real date like 2026-06-30'],
      ['2025-7-1', 'Invalid glider: maintenanceDate: Use a real date like 2026-06-30'],
      ['1899-12-31', 'Invalid glider: maintenanceDate: Use a date between 1900-01-01 and 9999-12-31'],
      ['2025-09-02', "The maintenance date must not be in the future: the club's today is 2025-09-01"],
    ])('a maintenance date of %s is refused (400) and nothing changes', async (day, message) => {
      const before = await gliderRow(alpha, 'ASK-21');
      const response = await save('admin', 'ASK-21', { maintenanceDate: day });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(refusal(400, message));
      expect(await gliderRow(alpha, 'ASK-21')).toEqual(before);
    });

    it("today's date is accepted, at creation too; an aircraft type over 60 characters is refused (400)", async () => {
      const created = await save('gliders', 'C-GNEW', {
        aircraftType: 'Schweizer 1-26',
        maintenanceDate: '2025-09-01',
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().item).toMatchObject({
        id: 'C-GNEW',
        aircraftType: 'Schweizer 1-26',
        maintenanceDate: '2025-09-01',
      });
      const long = await save('admin', 'C-GNEW', { aircraftType: 'x'.repeat(61) });
      expect(long.json()).toEqual(
        refusal(400, 'Invalid glider: aircraftType: Aircraft type must be at most 60 characters'),
      );
    });
  });

  describe('GET /api/get-glider-logbook/:glider and /api/get-glider-logbooks', () => {
    it(
      "one glider: July's flights by day with seats and durations, July's " +
        "totals, all time's, and since 6 July (that day's flight counted)",
      async () => {
        await setMark('2025-07-06');
        expect(await read(`/api/get-glider-logbook/ASK-21?${JULY}`)).toEqual({
          glider: 'ASK-21',
          aircraftType: 'ASK 21',
          status: 'Ready',
          maintenanceDate: '2025-07-06',
          startDate: '2025-07-01',
          endDate: '2025-07-31',
          // The cancelled request of 12 July is not a flight.
          flights: [
            {
              id: expect.any(String),
              day: '2025-07-05',
              p1: 'Ada Admin',
              p2: '',
              launchType: '2000 ft',
              launchedAt: edt('2025-07-05', '10:20').getTime(),
              landedAt: edt('2025-07-05', '10:50').getTime(),
              minutes: 30,
            },
            {
              id: expect.any(String),
              day: '2025-07-06',
              p1: 'Ida Instructor',
              p2: 'Mo Member',
              launchType: 'Variable',
              launchedAt: edt('2025-07-06', '13:40').getTime(),
              landedAt: edt('2025-07-06', '14:25').getTime(),
              minutes: 45,
            },
          ],
          range: {
            launches: 2,
            flights: 2,
            minutes: 75,
            byLaunchType: [
              { launchType: '2000 ft', launches: 1 },
              { launchType: 'Variable', launches: 1 },
            ],
          },
          // 30 + 30 + 45 landed; the flight still up on 2 August is a launch only.
          allTime: {
            launches: 4,
            flights: 3,
            minutes: 105,
            byLaunchType: [
              { launchType: '2000 ft', launches: 3 },
              { launchType: 'Variable', launches: 1 },
            ],
          },
          // 6 July (on the date) and 2 August; 5 July, the day before, is not.
          sinceMaintenance: {
            launches: 2,
            flights: 1,
            minutes: 45,
            byLaunchType: [
              { launchType: '2000 ft', launches: 1 },
              { launchType: 'Variable', launches: 1 },
            ],
          },
        });
      },
    );

    it(
      'the maintenance date a day earlier takes in the 5 July ' + 'flight; none set, no since-maintenance figures',
      async () => {
        await setMark('2025-07-05');
        expect((await read(`/api/get-glider-logbook/ASK-21?${JULY}`)).sinceMaintenance).toEqual({
          launches: 3,
          flights: 2,
          minutes: 75,
          byLaunchType: [
            { launchType: '2000 ft', launches: 2 },
            { launchType: 'Variable', launches: 1 },
          ],
        });
        await setMark('2025-08-03');
        expect((await read(`/api/get-glider-logbook/ASK-21?${JULY}`)).sinceMaintenance).toEqual({
          launches: 0,
          flights: 0,
          minutes: 0,
          byLaunchType: [],
        });
        await setMark(null);
        const body = await read('/api/get-glider-logbook/DG-1000?startDate=2025-08-01&endDate=2025-08-31');
        expect(body).toMatchObject({
          flights: [],
          range: { launches: 0, flights: 0, minutes: 0, byLaunchType: [] },
          allTime: { launches: 1, flights: 1, minutes: 60 },
          sinceMaintenance: null,
        });
      },
    );

    it(
      "the index: every glider by registration with all time's " + 'figures and, where a date is set, those since it',
      async () => {
        await setMark('2025-07-06');
        const zero = { launches: 0, flights: 0, minutes: 0 };
        expect(await read('/api/get-glider-logbooks')).toEqual({
          gliders: [
            {
              glider: '1-26',
              aircraftType: '',
              status: 'Ready',
              maintenanceDate: null,
              allTime: zero,
              sinceMaintenance: null,
            },
            {
              glider: 'ASK-21',
              aircraftType: 'ASK 21',
              status: 'Ready',
              maintenanceDate: '2025-07-06',
              allTime: { launches: 4, flights: 3, minutes: 105 },
              sinceMaintenance: { launches: 2, flights: 1, minutes: 45 },
            },
            {
              glider: 'Blanik',
              aircraftType: '',
              status: 'Not ready',
              maintenanceDate: null,
              allTime: zero,
              sinceMaintenance: null,
            },
            {
              glider: 'C-GNEW',
              aircraftType: 'Schweizer 1-26',
              status: 'Not ready',
              maintenanceDate: '2025-09-01',
              allTime: zero,
              sinceMaintenance: zero,
            },
            {
              glider: 'DG-1000',
              aircraftType: '',
              status: 'Ready',
              maintenanceDate: null,
              allTime: { launches: 1, flights: 1, minutes: 60 },
              sinceMaintenance: null,
            },
          ],
        });
      },
    );

    it("another club's member sees their own club's gliders only; naming another club is refused (403)", async () => {
      const bravoBook = await read(
        '/api/get-glider-logbook/ASK-21?startDate=2025-07-01&endDate=2025-07-31',
        'bravoAdmin',
      );
      expect(bravoBook.allTime).toEqual({
        launches: 1,
        flights: 1,
        minutes: 60,
        byLaunchType: [{ launchType: '2000 ft', launches: 1 }],
      });
      for (const url of [
        `/api/get-glider-logbooks?club=${alpha}`,
        `/api/get-glider-logbook/ASK-21?${JULY}&club=${alpha}`,
      ]) {
        const response = await api.get(url, cookies.bravoAdmin);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual(refusal(403, NOT_YOUR_CLUB));
      }
    });

    it('an unknown glider is 404; a bad or reversed range is 400', async () => {
      const unknown = await api.get(`/api/get-glider-logbook/C-GONE?${JULY}`, cookies.member);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual(refusal(404, 'The club has no glider C-GONE'));
      const reversed = await api.get(
        '/api/get-glider-logbook/ASK-21?startDate=2025-07-31&endDate=2025-07-01',
        cookies.member,
      );
      expect(reversed.statusCode).toBe(400);
      const bad = await api.get(
        '/api/get-glider-logbook/ASK-21?startDate=2025-02-30&endDate=2025-07-01',
        cookies.member,
      );
      expect(bad.statusCode).toBe(400);
    });
  });
});
