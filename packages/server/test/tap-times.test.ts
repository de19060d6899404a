import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ChargeBreakdown } from '@flightline/domain/api/charges';
import type { FlightRecord } from '@flightline/domain/api/types';
import { lateEntryLine } from '@flightline/domain/flights/late-entry';
import { listedItems } from '@flightline/domain/api/listed-items';
import { callAs, refusal, type CallInput } from './helpers/api.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';
import { balanceOf, checkInTowPilot, depositFor, flightBody, lineSnapshot } from './helpers/flights.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import type { Person } from './helpers/test-app.ts';

const MINUTE = 60_000;
const ZONE = 'America/Toronto';
/** 2025-07-12 in Toronto (EDT, UTC−4): the club's day starts at 04:00 UTC. */
const DAY_START = Date.parse('2025-07-12T04:00:00Z');
/** HH:MM on the club's day, as epoch ms. */
const at = (clock: string, seconds = 0) => {
  const [h, m] = clock.split(':').map(Number);
  return DAY_START + (h! * 60 + m!) * MINUTE + seconds * 1000;
};

/**
 * Tap times can't bill what was not flown or jump the queue (issue 25 item
 * 2; docs/flight-line.md "Time", docs/offline.md "Tap times"). The outbox's
 * honest late taps keep their times; a launch before its request, or a
 * release height before its launch, is refused; a tap older than its arrival
 * by more than the club's allowance is kept but marked entered late, with who
 * sent it, and a request entered late queues by its arrival. Figures by hand:
 * ASK-21 at 50¢/min, '2000 ft' $40.00, no tax.
 */
describe('tap times: bounded, and marked when entered late', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let { pat, mo, fran, crew, towy, admin } = {} as LinePeople;
  const cookie = (person: Person) => t.cookieFor(person.email);
  /** A call as `who`, the server's clock at `receivedAt`. */
  const at_ = async <R>(receivedAt: number, call: () => Promise<R>): Promise<R> => {
    t.clock.set(receivedAt);
    return call();
  };
  const request = async (user: Person, data: Record<string, unknown>, receivedAt: number) => {
    const body = flightBody(user.userId, data);
    const response = await at_(receivedAt, async () => callAs(t, await cookie(user), 'POST /api/update-item/', body));
    expect(response.statusCode, response.body).toBe(200);
    return body.id;
  };
  const act = async (as: Person, body: CallInput<'POST /api/update-flight/'>, receivedAt: number) =>
    at_(receivedAt, async () =>
      callAs(t, await cookie(as), 'POST /api/update-flight/', { idempotencyKey: randomUUID(), ...body }),
    );
  const flightRow = (id: string) =>
    t.db.selectFrom('flight').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const listed = async (as: Person): Promise<FlightRecord[]> =>
    listedItems(
      'FLIGHT',
      (await callAs(t, await cookie(as), 'GET /api/list-items/', { type: 'FLIGHT', day: '2025-07-12' })).json(),
    );
  const setAllowance = async (minutes: number) => {
    const current = (await api.get('/api/get-club-settings', await cookie(admin))).json();
    const response = await api.post(
      '/api/update-club-settings',
      { ...current, lateEntryMinutes: minutes },
      await cookie(admin),
    );
    expect(response.statusCode, response.body).toBe(200);
  };
  const breakdown = async (transactionId: number | null, as: Person): Promise<ChargeBreakdown> =>
    (await api.get(`/api/get-charge-breakdown?transactionId=${transactionId}`, await cookie(as))).json();

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs({ now: at('08:00') }, { fleet: true }));
    ({ pat, mo, fran, crew, towy, admin } = await createLinePeople(t.db, { alpha, bravo }, [
      'pat',
      'mo',
      'fran',
      'crew',
      'towy',
      'admin',
    ]));
    for (const who of [pat, mo, fran]) await depositFor(t.db, alpha, who.userId, 50_000, at('07:00'));
    await checkInTowPilot(t.db, alpha, 'C-GTOW', towy.userId, at('07:30'));
  });
  afterAll(() => t.close());

  it(
    'a launch at 00:01 of a flight requested at 11:58 is refused, and nothing is ' +
      'charged; a phone a minute behind counts as the request time',
    async () => {
      const id = await request(pat, {}, at('11:58'));
      const before = await lineSnapshot(t.db, alpha);
      const balance = await balanceOf(t.db, alpha, pat.userId);
      const early = await act(crew, { id, action: 'Launch', time: at('00:01'), tug: 'C-GTOW' }, at('12:00'));
      expect(early.json()).toEqual(refusal(400, "The launch time can't be before the flight was requested (11:58)"));
      expect(early.statusCode).toBe(400);
      expect(await lineSnapshot(t.db, alpha)).toEqual(before);
      expect(await balanceOf(t.db, alpha, pat.userId)).toBe(balance);
      // Two phones' clocks a minute apart: within the 2-minute skew, the launch is taken as at the request.
      const skewed = await act(crew, { id, action: 'Launch', time: at('11:57'), tug: 'C-GTOW' }, at('12:00'));
      expect(skewed.statusCode, skewed.body).toBe(200);
      expect(skewed.json().flight.launchedAt).toBe(at('11:58'));
      // A release height before the launch, and a landing before it, are refused too.
      const release = await act(
        crew,
        { id, action: 'ReleaseHeight', releaseHeight: 2000, time: at('11:30') },
        at('12:01'),
      );
      expect(release.json()).toEqual(refusal(400, "The release height time can't be before the launch (11:58)"));
      const landing = await act(crew, { id, action: 'Landing', time: at('11:00') }, at('12:01'));
      expect(landing.json()).toEqual(refusal(409, 'Landing time is before the launch time'));
      // Landed at 12:10: 12 minutes × 50¢ = $6.00, and the $40.00 tow — $46.00 in all, not 480 minutes.
      const landed = await act(crew, { id, action: 'Landing', time: at('12:10') }, at('12:10'));
      expect(landed.statusCode, landed.body).toBe(200);
      expect(await balanceOf(t.db, alpha, pat.userId)).toBe(balance - 4600);
    },
  );

  it('a removal before the request, and an undo before the launch, are refused', async () => {
    const id = await request(mo, { glider: 'DG-1000' }, at('12:20'));
    expect((await act(crew, { id, action: 'CancelRequest', time: at('12:00') }, at('12:21'))).json()).toEqual(
      refusal(400, "The removal time can't be before the flight was requested (12:20)"),
    );
    expect((await act(crew, { id, action: 'Launch', time: at('12:25'), tug: 'C-GTOW' }, at('12:25'))).statusCode).toBe(
      200,
    );
    expect((await act(crew, { id, action: 'UndoLaunch', time: at('12:10') }, at('12:26'))).json()).toEqual(
      refusal(400, "The undo time can't be before the launch (12:25)"),
    );
    expect((await act(crew, { id, action: 'UndoLaunch' }, at('12:26'))).statusCode).toBe(200);
    expect((await act(crew, { id, action: 'CancelRequest' }, at('12:26'))).statusCode).toBe(200);
  });

  it(
    'an honest outbox launch 20 minutes late is billed at its tap time; ' +
      'where the club allows 15 minutes it is marked entered late',
    async () => {
      // With the default 30 minutes, 20 minutes late is in time: nothing marked.
      const onTime = await request(pat, {}, at('13:00'));
      expect(
        (await act(crew, { id: onTime, action: 'Launch', time: at('13:05'), tug: 'C-GTOW' }, at('13:25'))).json().flight
          .lateEntries,
      ).toEqual([]);
      expect((await act(crew, { id: onTime, action: 'Landing', time: at('13:20') }, at('13:25'))).statusCode).toBe(200);
      await setAllowance(15);
      try {
        const id = await request(pat, {}, at('14:00'));
        const balance = await balanceOf(t.db, alpha, pat.userId);
        // Tapped offline at 14:10, sent by the outbox at 14:30.
        const launched = await act(crew, { id, action: 'Launch', time: at('14:10'), tug: 'C-GTOW' }, at('14:30'));
        expect(launched.statusCode, launched.body).toBe(200);
        const late = {
          action: 'Launch',
          by: crew.userId,
          byName: 'Cory Crew',
          happenedAt: at('14:10'),
          receivedAt: at('14:30'),
        };
        expect(launched.json().flight).toMatchObject({ launchedAt: at('14:10'), lateEntries: [late] });
        expect((await act(crew, { id, action: 'Landing', time: at('14:52') }, at('14:53'))).statusCode).toBe(200);
        // Billed at the tap times: 42 minutes × 50¢ = $21.00 and the $40.00 tow, the tow effective at 14:10.
        expect(await balanceOf(t.db, alpha, pat.userId)).toBe(balance - 6100);
        const row = await flightRow(id);
        const tow = await t.db
          .selectFrom('ledger_transaction')
          .select('effective_at')
          .where('id', '=', row.launch_transaction!)
          .executeTakeFirstOrThrow();
        expect(tow.effective_at.getTime()).toBe(at('14:10'));
        // The flight's history marks it; the pilot sees who recorded the times their rental used.
        const flight = (await listed(pat)).find((f) => f.id === id)!;
        expect(flight.lateEntries).toEqual([late]);
        expect(lateEntryLine(flight.lateEntries[0]!, ZONE)).toBe(
          'Launch at 14:10 — entered late by Cory Crew, received 14:30',
        );
        const rental = await breakdown(row.landing_transaction, pat);
        expect(rental).toMatchObject({ totalCents: 2100, flight: { minutesBilled: 42 } });
        expect(rental.times).toEqual([
          {
            event: 'launch',
            at: at('14:10'),
            byName: 'Cory Crew',
            receivedAt: at('14:30'),
            enteredLate: true,
            corrected: false,
          },
          {
            event: 'landing',
            at: at('14:52'),
            byName: 'Cory Crew',
            receivedAt: at('14:53'),
            enteredLate: false,
            corrected: false,
          },
        ]);
        const towCharge = await breakdown(row.launch_transaction, pat);
        expect(towCharge.times).toEqual([
          {
            event: 'launch',
            at: at('14:10'),
            byName: 'Cory Crew',
            receivedAt: at('14:30'),
            enteredLate: true,
            corrected: false,
          },
        ]);
      } finally {
        await setAllowance(30);
      }
    },
  );

  it(
    'a landing sent 2 hours late is kept at its time and marked ' + 'with the sender’s name in the flight’s history',
    async () => {
      const id = await request(mo, {}, at('15:00'));
      expect(
        (await act(towy, { id, action: 'Launch', time: at('15:02'), tug: 'C-GTOW' }, at('15:02'))).statusCode,
      ).toBe(200);
      // Toby's phone lost its signal after the landing at 15:40; the outbox sent it at 17:45.
      const landed = await act(towy, { id, action: 'Landing', time: at('15:40') }, at('17:45'));
      expect(landed.statusCode, landed.body).toBe(200);
      expect(landed.json().flight.landedAt).toBe(at('15:40'));
      const row = await flightRow(id);
      // 38 minutes × 50¢ = $19.00, at 15:40.
      expect(row.flight_cost_cents).toBe(1900);
      const actions = await t.db
        .selectFrom('flight_action')
        .select(['action', 'entered_late'])
        .where('flight_id', '=', id)
        .orderBy('id')
        .execute();
      expect(actions).toEqual([
        { action: 'Create', entered_late: false },
        { action: 'Launch', entered_late: false },
        { action: 'Landing', entered_late: true },
      ]);
      const flight = (await listed(crew)).find((f) => f.id === id)!;
      expect(flight.lateEntries.map((entry) => lateEntryLine(entry, ZONE))).toEqual([
        'Landing at 15:40 — entered late by Toby Tow, received 17:45',
      ]);
      expect((await breakdown(row.landing_transaction, mo)).times).toEqual([
        {
          event: 'launch',
          at: at('15:02'),
          byName: 'Toby Tow',
          receivedAt: at('15:02'),
          enteredLate: false,
          corrected: false,
        },
        {
          event: 'landing',
          at: at('15:40'),
          byName: 'Toby Tow',
          receivedAt: at('17:45'),
          enteredLate: true,
          corrected: false,
        },
      ]);
    },
  );

  it('the queue: a request entered late waits where it arrived; one in time keeps its tap time', async () => {
    // Pat asks at 18:00; Mo's request says 00:00:01 but arrives at 18:05 (late: queued at 18:05);
    // Fran's was tapped at 17:45 and arrives at 18:10 (25 minutes: in time, queued at 17:45).
    const first = await request(pat, { glider: 'ASK-21' }, at('18:00'));
    const jumper = await request(mo, { glider: 'DG-1000', submittedAt: at('00:00', 1) }, at('18:05'));
    const honest = await request(fran, { glider: '1-26', submittedAt: at('17:45') }, at('18:10'));
    const waiting = (await listed(crew)).filter((f) => f.launchedAt === null && f.cancelledAt === null);
    expect(waiting.map((f) => [f.id, f.submittedAt, f.queuedAt])).toEqual([
      [honest, at('17:45'), at('17:45')],
      [first, at('18:00'), at('18:00')],
      [jumper, at('00:00', 1), at('18:05')],
    ]);
    expect(waiting[2]!.lateEntries.map((entry) => lateEntryLine(entry, ZONE))).toEqual([
      'Request at 00:00 — entered late by Mo Member, received 18:05',
    ]);
    // The line page reads the same order.
    const ground = (await callAs(t, await cookie(crew), 'GET /api/ground-status', { includePilots: 'false' })).json();
    expect(ground.flights.filter((f) => f.launchedAt === null).map((f) => f.id)).toEqual([honest, first, jumper]);
    // A launch after the real request time is honest whatever the queue: the jumper's 00:01 launch is kept, and marked.
    const launched = await act(crew, { id: jumper, action: 'Launch', time: at('00:01'), tug: 'C-GTOW' }, at('18:11'));
    expect(launched.statusCode, launched.body).toBe(200);
    expect(
      launched
        .json()
        .flight.lateEntries.map((entry: FlightRecord['lateEntries'][number]) => lateEntryLine(entry, ZONE)),
    ).toEqual([
      'Request at 00:00 — entered late by Mo Member, received 18:05',
      'Launch at 00:01 — entered late by Cory Crew, received 18:11',
    ]);
  });
});
