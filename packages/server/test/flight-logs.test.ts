import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightRecord, LogsData } from '@flightline/domain/api/types';
import { refusal } from './helpers/api.ts';
import { createIntro, insertFlight } from './helpers/flights.ts';
import { setClubAccounting } from './helpers/ledger.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import type { Person } from './helpers/test-app.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

/** 12:00 on 2025-07-12 in Toronto (EDT, UTC−4). */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const TODAY = '2025-07-12';
const MINUTE = 60_000;

describe('flight logs: GET /api/serve-logs', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let { pat, ann, ed, gail, towy, gone, sleeper, outsider } = {} as LinePeople;
  const ids: Record<string, string> = {};
  const intros: Record<string, string> = {};
  const cookie = (person: Person) => t.cookieFor(person.email);
  const logs = async (query: string, as: Person = pat): Promise<LogsData> => {
    const response = await api.get(`/api/serve-logs${query}`, await cookie(as));
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  /**
   * A flight straight into the table: `day` at `hour` local (EDT), flown for
   * 30 minutes unless cancelled or waiting, with the costs billing would have
   * stored.
   */
  const flight = async (
    name: string,
    day: string,
    hour: number,
    values: {
      user: Person;
      glider?: string;
      flyWith?: 'Alone' | 'Member' | 'Intro';
      passenger?: Person;
      towPilot?: Person;
      introId?: string;
      cancelled?: boolean;
      waiting?: boolean;
      clubId?: string;
    },
  ) => {
    const at = Date.parse(`${day}T${String(hour + 4).padStart(2, '0')}:00:00Z`);
    const flown = !values.cancelled && !values.waiting;
    const id = await insertFlight(t.db, {
      club_id: values.clubId ?? alpha,
      day,
      user_id: values.user.userId,
      first: 'P',
      last: 'Q',
      fly_with: values.flyWith ?? 'Alone',
      passenger_id: values.passenger?.userId ?? null,
      glider: values.glider ?? 'ASK-21',
      launch_type: '2000 ft',
      intro_id: values.introId ?? null,
      submitted_at: new Date(at),
      launched_at: flown ? new Date(at + MINUTE) : null,
      landed_at: flown ? new Date(at + 31 * MINUTE) : null,
      cancelled_at: values.cancelled ? new Date(at + 2 * MINUTE) : null,
      tow_pilot: values.towPilot?.userId ?? null,
      tug: values.towPilot ? 'C-GTOW' : null,
      launch_cost_cents: flown ? 4_000 : null,
      flight_cost_cents: flown ? 1_500 : null,
    });
    if (values.introId)
      await t.db.updateTable('intro').set({ flight_ref: id }).where('id', '=', values.introId).execute();
    ids[name] = id;
  };
  const idsOf = (data: LogsData) =>
    data.flights.map((f) => Object.entries(ids).find(([, id]) => id === f.id)?.[0] ?? f.id);

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs({ now: NOW }, { fleet: true }));
    ({ pat, ann, ed, gail, towy, gone, sleeper, outsider } = await createLinePeople(
      t.db,
      { alpha, bravo },
      ['pat', 'ann', 'ed', 'gail', 'towy', 'gone', 'sleeper', 'outsider'],
      { ann: { is_instructor: true } },
    ));
    intros.flown = await createIntro(t.db, alpha, { sn: 'FLOWN1', first: 'Ivy' });
    intros.free = await createIntro(t.db, alpha, { sn: 'FREE01' });
    intros.refunded = await createIntro(t.db, alpha, { sn: 'REFD01', refunded: true });

    await flight('patToday', TODAY, 10, { user: pat, towPilot: towy });
    await flight('annToday', TODAY, 11, { user: ann, glider: 'DG-1000', flyWith: 'Member', passenger: pat });
    await flight('cancelledToday', TODAY, 11, { user: pat, cancelled: true });
    await flight('waitingToday', TODAY, 12, { user: ann, waiting: true });
    await flight('introYesterday', '2025-07-11', 14, { user: ann, flyWith: 'Intro', introId: intros.flown });
    await flight('goneLastMonth', '2025-06-20', 9, { user: gone });
    await flight('patLastYear', '2024-08-01', 9, { user: pat });
    await flight('patLongAgo', '2019-05-04', 9, { user: pat });
    await flight('bravoToday', TODAY, 10, { user: outsider, clubId: bravo });
  });

  afterAll(async () => {
    await t?.close();
  });

  it(
    "today by default: the day's flights in submission order, " + "cancelled ones left out, other clubs' never",
    async () => {
      const data = await logs('');
      expect(data).toMatchObject({ startDate: TODAY, endDate: TODAY, canEdit: false, lockDate: null });
      expect(idsOf(data)).toEqual(['patToday', 'annToday', 'waitingToday']);
      expect(data.gliders).toBeUndefined();
      expect(data.intros).toBeUndefined();
    },
  );

  it('a range of whole club days, as dates or as instants (taken as their club day)', async () => {
    expect(idsOf(await logs(`?startDate=2025-06-01&endDate=${TODAY}`))).toEqual([
      'goneLastMonth',
      'introYesterday',
      'patToday',
      'annToday',
      'waitingToday',
    ]);
    expect(idsOf(await logs('?startDate=2025-07-11&endDate=2025-07-11'))).toEqual(['introYesterday']);
    // 2025-07-12T03:30Z is still the 11th in Toronto.
    const instant = await logs(
      `?startDate=${Date.parse('2025-07-12T03:30:00Z')}&endDate=${Date.parse('2025-07-12T03:30:00Z')}`,
    );
    expect(instant).toMatchObject({ startDate: '2025-07-11', endDate: '2025-07-11' });
    expect(idsOf(instant)).toEqual(['introYesterday']);
  });

  it('costs only on the caller’s own flights, never on intro flights', async () => {
    const mine = await logs(`?startDate=2025-07-11&endDate=${TODAY}`);
    const byName = (data: LogsData, name: string) => data.flights.find((f) => f.id === ids[name])!;
    expect(byName(mine, 'patToday')).toMatchObject({ launchCost: 4_000, flightCost: 1_500 });
    // Pat flew with Ann, but Ann's flight is Ann's to see.
    expect(byName(mine, 'annToday')).toMatchObject({ launchCost: null, flightCost: null });
    const hers = await logs(`?startDate=2025-07-11&endDate=${TODAY}`, ann);
    expect(byName(hers, 'annToday')).toMatchObject({ launchCost: 4_000, flightCost: 1_500 });
    expect(byName(hers, 'introYesterday')).toMatchObject({
      launchCost: null,
      flightCost: null,
      introRef: intros.flown,
    });
  });

  it(
    "pilots: the club's active members with their flags, and " + 'those on the flights who are no longer active',
    async () => {
      const today = await logs('');
      const names = (data: LogsData) => data.pilots.map((p) => `${p.first} ${p.last}`);
      expect(names(today)).toEqual(['Ed Editor', 'Gail Ground', 'Pat Pilot', 'Toby Tow', 'Ann Zed']);
      expect(today.pilots.find((p) => p.userID === gail.userId)).toEqual({
        userID: gail.userId,
        first: 'Gail',
        last: 'Ground',
        groundOnly: true,
        isInstructor: false,
        isTowPilot: false,
        isActive: true,
      });
      expect(today.pilots.find((p) => p.userID === ann.userId)).toMatchObject({
        isInstructor: true,
        groundOnly: false,
      });
      expect(today.pilots.find((p) => p.userID === towy.userId)).toMatchObject({ isTowPilot: true });
      const june = await logs('?startDate=2025-06-20&endDate=2025-06-20');
      expect(june.pilots.find((p) => p.userID === gone.userId)).toMatchObject({
        first: 'Gus',
        last: 'Gone',
        isActive: false,
      });
      expect(june.pilots.find((p) => p.userID === sleeper.userId)).toBeUndefined();
    },
  );

  it(
    'with includeSetup: every glider, launch type (inactive too) ' +
      'and tug, and the intros a flight may take or holds',
    async () => {
      const data = await logs(`?startDate=2025-07-11&endDate=${TODAY}&includeSetup=true`);
      expect(data.gliders!.map((g) => g.id).sort()).toEqual(['1-26', 'ASK-21', 'Blanik', 'DG-1000']);
      expect(data.launches!.map((l) => l.id).sort()).toEqual(['2000 ft', 'Variable', 'Winch']);
      expect(data.tugs!.map((tug) => tug.id)).toEqual(['C-GTOW']);
      expect(data.intros!.map((i) => i.SN).sort()).toEqual(['FLOWN1', 'FREE01']);
      expect((await logs('?includeSetup=false')).gliders).toBeUndefined();
    },
  );

  it("a member's logbook: their flights as pilot, second person or tow pilot, over many years", async () => {
    const book = await logs(`?startDate=2005-01-01&endDate=${TODAY}&userID=${pat.userId}`);
    expect(idsOf(book)).toEqual(['patLongAgo', 'patLastYear', 'patToday', 'annToday']);
    expect(idsOf(await logs(`?startDate=2025-01-01&endDate=${TODAY}&userID=${towy.userId}`))).toEqual(['patToday']);
    expect((await api.get(`/api/serve-logs?userID=${outsider.userId}`, await cookie(pat))).json()).toEqual(
      refusal(404, 'Member not found'),
    );
  });

  it('the range: in order, at most a year for the whole club, real dates', async () => {
    const refused = async (query: string, message: string) => {
      const response = await api.get(`/api/serve-logs${query}`, await cookie(pat));
      expect(response.json()).toEqual(refusal(400, message));
    };
    await refused(`?startDate=${TODAY}&endDate=2025-07-11`, 'The end date is before the start date');
    await refused(
      `?startDate=2024-07-11&endDate=${TODAY}`,
      "Choose a range of at most a year, or one member's logbook",
    );
    // A leap year's whole year is fine.
    expect((await logs('?startDate=2024-01-01&endDate=2024-12-31')).flights.map((f) => f.id)).toEqual([
      ids.patLastYear,
    ]);
    await refused('?startDate=2025-02-30', 'Invalid query: startDate: startDate must be a date like 2025-07-10');
    await refused('?startDate=yesterday', 'Invalid query: startDate: startDate must be a date like 2025-07-10');
    await refused(`?startDate=1900-01-01&endDate=${TODAY}&userID=${pat.userId}`, 'Choose a range of at most 60 years');
    await refused('?includeSetup=yes', 'Invalid query: includeSetup: Use true or false');
  });

  it('canEdit for admins and log editors; the lock date locks the day’s flights', async () => {
    expect((await logs('', ed)).canEdit).toBe(true);
    await setClubAccounting(t.db, alpha, { lockDate: '2025-07-11' });
    const data = await logs('?startDate=2025-07-11&endDate=2025-07-12', ed);
    expect(data.lockDate).toBe('2025-07-11');
    expect(data.flights.map((f: FlightRecord) => [f.dateString, f.flightLocked])).toEqual([
      ['2025-07-11', true],
      [TODAY, false],
      [TODAY, false],
      [TODAY, false],
    ]);
    await setClubAccounting(t.db, alpha, { lockDate: null });
  });

  it('rights: every active member reads the logs; inactive 403; another club named 403; signed out 401', async () => {
    expect((await logs('', gail)).flights).toHaveLength(3);
    expect((await api.get('/api/serve-logs', await cookie(sleeper))).statusCode).toBe(403);
    expect((await api.get(`/api/serve-logs?club=${bravo}`, await cookie(pat))).json()).toEqual(
      refusal(403, 'That club is not your active club'),
    );
    expect((await api.get('/api/serve-logs')).statusCode).toBe(401);
    expect(idsOf(await logs('', outsider))).toEqual(['bravoToday']);
  });
});
