import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { FlightRecord, IntroListItem } from '@flightline/domain/api/types';
import { changeFlightBody } from '@flightline/domain/fixtures/flight';
import { refusal } from './helpers/api.ts';
import { balanceOf, checkInTowPilot, depositFor, flightBody, gliderStatus, lineSnapshot } from './helpers/flights.ts';
import { createBlockRule, posting, postingsOf, setClubAccounting } from './helpers/ledger.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import { createPerson, type Person } from './helpers/test-app.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

/** 12:00 on 2025-07-12 in Toronto (EDT, UTC−4). */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const TODAY = '2025-07-12';
const MINUTE = 60_000;
/** n minutes before NOW. */
const ago = (minutes: number) => NOW - minutes * MINUTE;
const FUNDS = 100_000;

describe('log edits: update-flight ChangeFlight re-bills the flight', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let { ed, admin, mo, gail, ivan, towy, sleeper, outsider } = {} as LinePeople;
  let people = 0;
  let keys = 0;
  const cookie = (person: Person) => t.cookieFor(person.email);
  const act = async (body: object, as: Person) => api.post('/api/update-flight/', body, await cookie(as));
  /** A fresh member with $1,000.00 on account: balances in a test start from FUNDS exactly. */
  const pilot = async (flags: Record<string, boolean> = {}) => {
    people += 1;
    const person = await createPerson(t.db, { club: alpha, first: `Pia${people}`, last: 'Pilot', flags });
    await depositFor(t.db, alpha, person.userId, FUNDS, ago(24 * 60));
    return person;
  };

  /**
   * A flight placed by its pilot, launched behind C-GTOW `launch` minutes ago and landed `land` minutes ago (null:
   * still flying).
   */
  const flown = async (
    who: Person,
    data: Record<string, unknown> = {},
    times: { launch?: number; land?: number | null } = {},
  ) => {
    const body = flightBody(who.userId, data);
    // Requested five minutes before its launch: no launch before the request.
    t.clock.set(ago((times.launch ?? 60) + 5));
    const placed = await api.post('/api/update-item/', body, await cookie(who));
    t.clock.set(NOW);
    expect(placed.statusCode).toBe(200);
    expect(
      (await act({ id: body.id, action: 'Launch', tug: 'C-GTOW', time: ago(times.launch ?? 60) }, who)).statusCode,
    ).toBe(200);
    const land = times.land === undefined ? 30 : times.land;
    if (land !== null)
      expect((await act({ id: body.id, action: 'Landing', time: ago(land) }, who)).statusCode).toBe(200);
    return body.id;
  };
  const record = async (id: string): Promise<FlightRecord> => {
    const items = (await api.get(`/api/list-items/?type=FLIGHT&day=${TODAY}`, await cookie(ed))).json()
      .items as FlightRecord[];
    return items.find((f) => f.id === id)!;
  };
  /** The ChangeFlight body the flight modal sends: the flight as it is, with the edits. */
  const changeBody = async (id: string, edits: Record<string, unknown>) => changeFlightBody(await record(id), edits);
  const change = async (id: string, edits: Record<string, unknown>, as: Person = ed) =>
    act(await changeBody(id, edits), as);
  const changed = async (id: string, edits: Record<string, unknown>, as: Person = ed): Promise<FlightRecord> => {
    const response = await change(id, edits, as);
    expect(response.json()).toMatchObject({ statusCode: 200, message: `Sucessfully updated flight ${id}` });
    return response.json().flight;
  };
  const flightRow = (id: string) =>
    t.db.selectFrom('flight').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const correctionCount = async () =>
    (
      await sql<{ n: number }>`select count(*)::bigint as n from flight_correction where club_id = ${alpha}`.execute(
        t.db,
      )
    ).rows[0]!.n;
  const entry = (id: number) =>
    t.db.selectFrom('ledger_transaction').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const owed = async (introId: string) =>
    ((await api.get('/api/get-intros', await cookie(admin))).json().intros as IntroListItem[]).find(
      (i) => i.id === introId,
    )!.owedCents;

  /**
   * A refused edit answers exactly `status` and `message`, and changes nothing: flights, gliders, ledger, intros,
   * corrections.
   */
  const refused = async (
    id: string,
    edits: Record<string, unknown>,
    status: number,
    message: string,
    as: Person = ed,
  ) => {
    const body = await changeBody(id, edits);
    const before = [await lineSnapshot(t.db, alpha), await correctionCount(), await flightRow(id)];
    const response = await act(body, as);
    expect(response.json()).toEqual(refusal(status, message));
    expect([await lineSnapshot(t.db, alpha), await correctionCount(), await flightRow(id)]).toEqual(before);
  };

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs({ now: NOW }, { fleet: true }));
    await t.db
      .insertInto('glider')
      .values({ club_id: alpha, id: 'Odd', places: 2, status: 'Ready', rate_cents_per_minute: 33 })
      .execute();
    await t.db
      .insertInto('launch_type')
      .values({ club_id: alpha, id: '3000 ft', kind: 'fixed', price_cents: 5_500, height: 3000 })
      .execute();
    ({ ed, admin, mo, gail, ivan, towy, sleeper, outsider } = await createLinePeople(
      t.db,
      { alpha, bravo },
      ['ed', 'admin', 'mo', 'gail', 'ivan', 'towy', 'sleeper', 'outsider'],
      {
        sleeper: { is_active: false, can_edit_logs: true },
        outsider: { is_admin: true },
      },
    ));
    await checkInTowPilot(t.db, alpha, 'C-GTOW', towy.userId, ago(5 * 60));
  });

  afterAll(async () => {
    await t?.close();
  });

  it(
    'the glider (another rate): the rental is reversed and charged ' +
      'again; the tow stays; the correction keeps [old, new]',
    async () => {
      const pia = await pilot();
      const id = await flown(pia);
      // $40.00 tow + 30 min × $0.50.
      expect(await balanceOf(t.db, alpha, pia.userId)).toBe(FUNDS - 4_000 - 1_500);
      const before = await flightRow(id);
      const flight = await changed(id, { glider: 'DG-1000' });
      // 30 min × $0.80.
      expect(await balanceOf(t.db, alpha, pia.userId)).toBe(FUNDS - 4_000 - 2_400);
      const after = await flightRow(id);
      expect(after.launch_transaction).toBe(before.launch_transaction);
      expect(after.landing_transaction).not.toBe(before.landing_transaction);
      expect(await postingsOf(t.db, after.landing_transaction!)).toEqual([
        posting(2100, 2_400, { member: pia.userId }),
        posting(4200, -2_400),
      ]);
      const reversal = await t.db
        .selectFrom('ledger_transaction')
        .selectAll()
        .where('reverses_id', '=', before.landing_transaction)
        .executeTakeFirstOrThrow();
      expect(reversal).toMatchObject({
        transaction_type: 'Reversal',
        note: 'Flight log corrected',
        entered_by: ed.userId,
      });
      expect(reversal.effective_at.getTime()).toBe(NOW);
      expect(flight).toMatchObject({ glider: 'DG-1000', flightCost: null, launchCost: null });
      expect(flight.corrections).toEqual([
        { by: ed.userId, byName: 'Ed Editor', submittedAt: NOW, changes: { glider: ['ASK-21', 'DG-1000'] } },
      ]);
      // The pilot sees their corrected costs.
      const own = (
        (await api.get(`/api/list-items/?type=FLIGHT&day=${TODAY}`, await cookie(pia))).json().items as FlightRecord[]
      ).find((f) => f.id === id)!;
      expect(own).toMatchObject({ launchCost: 4_000, flightCost: 2_400 });
      expect([await gliderStatus(t.db, alpha, 'ASK-21'), await gliderStatus(t.db, alpha, 'DG-1000')]).toEqual([
        'Ready',
        'Ready',
      ]);
    },
  );

  it('the times: takeoff earlier re-posts both charges; landing later only the rental', async () => {
    const pia = await pilot();
    const id = await flown(pia);
    const first = await flightRow(id);
    // 10:50 to 11:30: 40 min.
    await changed(id, { launchedAt: ago(70) });
    expect(await balanceOf(t.db, alpha, pia.userId)).toBe(FUNDS - 4_000 - 2_000);
    const second = await flightRow(id);
    expect(second.launch_transaction).not.toBe(first.launch_transaction);
    expect((await entry(second.launch_transaction!)).effective_at.getTime()).toBe(ago(70));
    // 10:50 to 11:35:30: 45.5 min, charged as 46.
    const flight = await changed(id, { landedAt: ago(24.5) });
    expect(await balanceOf(t.db, alpha, pia.userId)).toBe(FUNDS - 4_000 - 2_300);
    const third = await flightRow(id);
    expect(third.launch_transaction).toBe(second.launch_transaction);
    expect((await entry(third.landing_transaction!)).effective_at.getTime()).toBe(ago(24.5));
    expect(flight.corrections.map((c) => c.changes)).toEqual([
      { launchedAt: [ago(60), ago(70)] },
      { landedAt: [ago(30), ago(24.5)] },
    ]);
  });

  it(
    'the launch type: fixed → other fixed, fixed → variable with ' +
      'its height, then the height of the variable launch',
    async () => {
      const pia = await pilot();
      const id = await flown(pia);
      await changed(id, { launchType: '3000 ft' });
      expect(await balanceOf(t.db, alpha, pia.userId)).toBe(FUNDS - 5_500 - 1_500);
      // 2,350 ft: $30.00 + 14 × $2.50.
      await changed(id, { launchType: 'Variable', releaseHeight: 2350 });
      expect(await balanceOf(t.db, alpha, pia.userId)).toBe(FUNDS - 6_500 - 1_500);
      await changed(id, { releaseHeight: 1000 });
      expect(await balanceOf(t.db, alpha, pia.userId)).toBe(FUNDS - 3_000 - 1_500);
      // Height not known: no tow charge until it is.
      const flight = await changed(id, { releaseHeight: 0 });
      expect(await balanceOf(t.db, alpha, pia.userId)).toBe(FUNDS - 1_500);
      expect(flight).toMatchObject({ launchTransaction: null, releaseSetBy: '' });
      expect(await flightRow(id)).toMatchObject({ launch_cost_cents: null, launch_transaction: null });
    },
  );

  it(
    'blocks: moving to a glider the block does not cover gives the ' +
      'minutes back and charges cash; moving back draws them again',
    async () => {
      await createBlockRule(t.db, alpha, {
        id: 'SEASON',
        name: 'Season',
        units: 'minutes',
        amount: 600,
        priceCents: 30_000,
      });
      await t.db
        .insertInto('glider')
        .values({
          club_id: alpha,
          id: 'Blocky',
          places: 2,
          status: 'Ready',
          rate_cents_per_minute: 50,
          block_rule_ids: ['SEASON'],
        })
        .execute();
      const pia = await pilot();
      const bought = await api.post(
        '/api/add-transaction/',
        {
          transactionType: 'Block',
          pilot: pia.userId,
          block: { id: 'SEASON', startDate: '2025-01-01', endDate: '2025-12-31' },
        },
        await cookie(admin),
      );
      expect(bought.statusCode).toBe(200);
      const minutesLeft = async () =>
        (
          (await api.get(`/api/get-block-balances?userID=${pia.userId}`, await cookie(admin))).json().blocks as {
            blockBalance: number;
          }[]
        )[0]!.blockBalance;
      const id = await flown(pia, { glider: 'Blocky' });
      // 30 minutes from the block, the tow in cash.
      expect([await minutesLeft(), await balanceOf(t.db, alpha, pia.userId)]).toEqual([570, FUNDS - 30_000 - 4_000]);
      await changed(id, { glider: 'DG-1000' });
      expect([await minutesLeft(), await balanceOf(t.db, alpha, pia.userId)]).toEqual([
        600,
        FUNDS - 30_000 - 4_000 - 2_400,
      ]);
      await changed(id, { glider: 'Blocky', landedAt: ago(20) });
      expect([await minutesLeft(), await balanceOf(t.db, alpha, pia.userId)]).toEqual([560, FUNDS - 30_000 - 4_000]);
    },
  );

  it('the release height of a fixed launch changes the log, not the money', async () => {
    const pia = await pilot();
    const id = await flown(pia);
    const before = await flightRow(id);
    const transactions = (await lineSnapshot(t.db, alpha)).transactions;
    const flight = await changed(id, { releaseHeight: 2100 });
    expect((await lineSnapshot(t.db, alpha)).transactions).toBe(transactions);
    expect(await flightRow(id)).toMatchObject({
      launch_transaction: before.launch_transaction,
      landing_transaction: before.landing_transaction,
      release_height: 2100,
      release_set_by: ed.userId,
    });
    expect(flight.corrections.at(-1)!.changes).toEqual({ releaseHeight: [0, 2100] });
  });

  it('the pilot: who paid is refunded, the new pilot is charged', async () => {
    const a = await pilot();
    const b = await pilot();
    const id = await flown(a);
    expect([await balanceOf(t.db, alpha, a.userId), await balanceOf(t.db, alpha, b.userId)]).toEqual([
      FUNDS - 5_500,
      FUNDS,
    ]);
    const flight = await changed(id, { user: b.userId });
    expect([await balanceOf(t.db, alpha, a.userId), await balanceOf(t.db, alpha, b.userId)]).toEqual([
      FUNDS,
      FUNDS - 5_500,
    ]);
    expect(flight.corrections.at(-1)!.changes).toEqual({
      user: [a.userId, b.userId],
      first: [`Pia${people - 1}`, `Pia${people}`],
    });
  });

  it('cost sharing on and off: the odd cent goes to the pilot', async () => {
    const a = await pilot();
    const b = await pilot();
    // 31 min × $0.33 = $10.23 in Odd, with a member not sharing.
    const id = await flown(a, { flyWith: 'Member', passengerID: b.userId, glider: 'Odd' }, { launch: 61, land: 30 });
    expect([await balanceOf(t.db, alpha, a.userId), await balanceOf(t.db, alpha, b.userId)]).toEqual([
      FUNDS - 4_000 - 1_023,
      FUNDS,
    ]);
    await changed(id, { shareCost: true });
    expect([await balanceOf(t.db, alpha, a.userId), await balanceOf(t.db, alpha, b.userId)]).toEqual([
      FUNDS - 2_000 - 512,
      FUNDS - 2_000 - 511,
    ]);
    const shared = await flightRow(id);
    expect(await postingsOf(t.db, shared.landing_transaction!)).toEqual([
      posting(2100, 512, { member: a.userId }),
      posting(2100, 511, { member: b.userId }),
      posting(4200, -1_023),
    ]);
    await changed(id, { shareCost: false });
    expect([await balanceOf(t.db, alpha, a.userId), await balanceOf(t.db, alpha, b.userId)]).toEqual([
      FUNDS - 4_000 - 1_023,
      FUNDS,
    ]);
  });

  it('the second person and the flight type: instructor, friend, alone', async () => {
    const a = await pilot();
    const id = await flown(a, { flyWith: 'Friend', passengerFirst: 'Fred', passengerLast: 'Friend' });
    const flight = await changed(id, {
      flyWith: 'Instructor',
      passengerID: ivan.userId,
      passengerFirst: '',
      passengerLast: '',
      pilotInCharge: false,
    });
    expect(flight).toMatchObject({
      flyWith: 'Instructor',
      passengerID: ivan.userId,
      passengerFirst: 'Ivan',
      passengerLast: 'Instructor',
      pilotInCharge: false,
    });
    // The instructor flight is still the pilot's to pay: nothing re-billed.
    expect(await balanceOf(t.db, alpha, a.userId)).toBe(FUNDS - 5_500);
    const alone = await changed(id, { flyWith: 'Alone', passengerID: '', pilotInCharge: true });
    expect(alone).toMatchObject({ passengerID: '', passengerFirst: '', passengerLast: '', pilotInCharge: true });
    expect(await balanceOf(t.db, alpha, a.userId)).toBe(FUNDS - 5_500);
  });

  it(
    'the intro: the old one unlinked and holding its price ' + 'again, the new one linked and paying the flight',
    async () => {
      const sell = async (sn: string, first: string) =>
        (
          await api.post(
            '/api/create-intro',
            {
              launchType: 'Intro flight',
              payment: 'Cash',
              SN: sn,
              recipientFirst: first,
              recipientLast: 'Guest',
              staleDate: '2026-07-12',
            },
            await cookie(admin),
          )
        ).json().intro.id as string;
      const one = await sell('INTRO1', 'Una');
      const two = await sell('INTRO2', 'Dos');
      const gone = await sell('INTRO3', 'Tres');
      await api.post(
        '/api/update-item/',
        { type: 'INTRO', id: gone, data: { action: 'Refund', id: gone, payment: 'Cash', priceCents: 15_000 } },
        await cookie(admin),
      );
      const a = await pilot();
      const id = await flown(a, { flyWith: 'Intro', introRef: one, launchType: '' });
      expect([await owed(one), await owed(two), await balanceOf(t.db, alpha, a.userId)]).toEqual([0, 15_000, FUNDS]);

      await refused(id, { introRef: gone }, 409, 'Intro INTRO3 was refunded');
      const flight = await changed(id, { introRef: two });
      expect(flight).toMatchObject({
        introRef: two,
        passengerFirst: 'Dos',
        passengerLast: 'Guest',
        launchCost: null,
        flightCost: null,
      });
      expect(flight.corrections.at(-1)!.changes).toEqual({ passengerFirst: ['Una', 'Dos'], introRef: [one, two] });
      expect([await owed(one), await owed(two), await balanceOf(t.db, alpha, a.userId)]).toEqual([15_000, 0, FUNDS]);
      const intros = await t.db
        .selectFrom('intro')
        .select(['id', 'flight_ref'])
        .where('id', 'in', [one, two])
        .orderBy('sn')
        .execute();
      expect(intros).toEqual([
        { id: one, flight_ref: null },
        { id: two, flight_ref: id },
      ]);
      // INTRO1 can fly again.
      const offered = (await api.get('/api/serve-crew', await cookie(a)))
        .json()
        .intros.map((i: { SN: string }) => i.SN);
      expect(offered).toContain('INTRO1');
      expect(offered).not.toContain('INTRO2');

      // Not an intro flight after all: the intro is freed and the pilot pays the tow and the rental.
      await changed(id, { flyWith: 'Alone', introRef: '', passengerFirst: '', passengerLast: '' });
      expect([await owed(two), await balanceOf(t.db, alpha, a.userId)]).toEqual([15_000, FUNDS - 4_000 - 1_500]);
      expect(
        (await t.db.selectFrom('intro').select('flight_ref').where('id', '=', two).executeTakeFirstOrThrow())
          .flight_ref,
      ).toBeNull();
    },
  );

  it(
    'a flight still in the air: a new glider takes the Flying ' +
      'status; a landing time lands it and charges the rental',
    async () => {
      const a = await pilot();
      const id = await flown(a, {}, { launch: 20, land: null });
      expect(await gliderStatus(t.db, alpha, 'ASK-21')).toBe('Flying');
      await changed(id, { glider: 'DG-1000' });
      expect([await gliderStatus(t.db, alpha, 'ASK-21'), await gliderStatus(t.db, alpha, 'DG-1000')]).toEqual([
        'Ready',
        'Flying',
      ]);
      expect(await balanceOf(t.db, alpha, a.userId)).toBe(FUNDS - 4_000);
      await changed(id, { landedAt: ago(5) });
      expect(await gliderStatus(t.db, alpha, 'DG-1000')).toBe('Ready');
      // 15 min × $0.80.
      expect(await balanceOf(t.db, alpha, a.userId)).toBe(FUNDS - 4_000 - 1_200);
    },
  );

  it('the tow pilot and the tug: the log changes, the money does not', async () => {
    const a = await pilot();
    const id = await flown(a);
    const transactions = (await lineSnapshot(t.db, alpha)).transactions;
    const flight = await changed(id, { towPilot: '', tug: '' });
    expect(flight.corrections.at(-1)!.changes).toEqual({ towPilot: [towy.userId, ''], tug: ['C-GTOW', ''] });
    expect((await lineSnapshot(t.db, alpha)).transactions).toBe(transactions);
    await changed(id, { towPilot: towy.userId, tug: 'C-GTOW' });
  });

  it('refuses a locked flight: its day on or before the lock date; nothing changes', async () => {
    const a = await pilot();
    const id = await flown(a);
    await setClubAccounting(t.db, alpha, { lockDate: TODAY });
    await refused(
      id,
      { glider: 'DG-1000' },
      409,
      `Flight ${id} is locked: its day is on or before the lock date ${TODAY}`,
    );
    const listed = (await api.get('/api/serve-logs', await cookie(ed)))
      .json()
      .flights.find((f: FlightRecord) => f.id === id);
    expect(listed.flightLocked).toBe(true);
    await setClubAccounting(t.db, alpha, { lockDate: null });
  });

  it('rights: admin or Can Edit Flight Logs; a member 403; an inactive member 403; another club 404', async () => {
    const a = await pilot();
    const id = await flown(a);
    await refused(
      id,
      { glider: 'DG-1000' },
      403,
      'Only an admin or a member who can edit flight logs can change a flight',
      mo,
    );
    await refused(
      id,
      { glider: 'DG-1000' },
      403,
      'Only an admin or a member who can edit flight logs can change a flight',
      a,
    );
    await refused(
      id,
      { glider: 'DG-1000' },
      403,
      'Your account has not been activated at this club, Contact a club admin to have your account activated.',
      sleeper,
    );
    await refused(id, { glider: 'DG-1000' }, 404, 'Flight not found', outsider);
    await refused(id, { glider: 'DG-1000', club: bravo }, 403, 'That club is not your active club');
    expect((await changed(id, { glider: 'DG-1000' }, admin)).glider).toBe('DG-1000');
  });

  it('refuses what a request would refuse, and an edit that changes nothing; nothing changes', async () => {
    const a = await pilot();
    const b = await pilot();
    const id = await flown(a);
    await refused(id, {}, 400, 'No changes');
    await refused(id, { glider: 'Nimbus' }, 400, 'Unknown glider Nimbus');
    await refused(id, { user: gail.userId }, 400, "Gail Ground is a ground-only member and can't be the pilot");
    await refused(id, { user: sleeper.userId }, 400, 'The pilot is not an active member of the club');
    await refused(id, { user: outsider.userId }, 400, 'The pilot is not an active member of the club');
    await refused(id, { flyWith: 'Instructor', passengerID: b.userId }, 400, `Pia${people} Pilot is not an instructor`);
    await refused(
      id,
      { flyWith: 'Member', passengerID: gail.userId },
      400,
      "Gail Ground is a ground-only member and can't be the member",
    );
    await refused(
      id,
      { flyWith: 'Member', passengerID: a.userId },
      400,
      'The member must be someone other than the pilot',
    );
    await refused(id, { flyWith: 'Member', passengerID: '' }, 400, 'Second person not identified: choose the member');
    await refused(
      id,
      { flyWith: 'Member', passengerID: b.userId, glider: '1-26' },
      400,
      'Glider 1-26 has one seat: choose a multi-seat glider to fly with someone',
    );
    await refused(
      id,
      { flyWith: 'Friend' },
      400,
      "Second person not identified: enter the friend's first and last name",
    );
    await refused(
      id,
      { flyWith: 'Intro', introRef: '' },
      400,
      'Second person not identified: choose the intro of this intro flight',
    );
    await refused(
      id,
      { introRef: 'a3a1c1d2-0000-4000-8000-000000000000' },
      400,
      'An intro goes with an Intro flight only',
    );
    await refused(
      id,
      { launchType: 'Catapult' },
      400,
      "Unknown launch type Catapult: choose one of the club's launch types",
    );
    await refused(id, { launchType: '' }, 400, 'No launch type selected');
    await refused(id, { tug: 'C-GXXX' }, 400, 'Unknown tug C-GXXX');
    await refused(id, { towPilot: mo.userId }, 400, 'Mo Member is not a tow pilot');
    await refused(id, { releaseHeight: -1 }, 400, 'Invalid body: releaseHeight: Release height must be positive');
    await refused(
      id,
      { releaseHeight: 12.5 },
      400,
      'Invalid body: releaseHeight: Release height must be a whole number',
    );
    await refused(
      id,
      { landedAt: ago(90) },
      400,
      'Invalid body: landedAt: The landing time must be after the takeoff time',
    );
    await refused(
      id,
      { landedAt: null },
      400,
      'The landing time is required: undo the landing on the flight line to put the flight back in the air',
    );
    await refused(
      id,
      { launchedAt: null },
      400,
      'Invalid body: landedAt: The landing time must be after the takeoff time',
    );
    await refused(
      id,
      { launchedAt: Date.parse('2025-07-11T20:00:00Z') },
      400,
      `The takeoff time must be on the flight's day (${TODAY})`,
    );
    await refused(id, { landedAt: NOW + 10 * MINUTE }, 400, 'The landing time is in the future');
    await refused(id, { glider: 'DG-1000', surprise: 1 }, 400, 'Invalid body: Unrecognized key: "surprise"');
  });

  it('a waiting or removed flight is not corrected in the log', async () => {
    const a = await pilot();
    const waiting = flightBody(a.userId);
    await api.post('/api/update-item/', waiting, await cookie(a));
    await refused(
      waiting.id,
      { glider: 'DG-1000', launchedAt: ago(10) },
      409,
      `Flight ${waiting.id} has not launched: a waiting flight is changed on the flight line`,
    );
    await act({ id: waiting.id, action: 'CancelRequest' }, a);
    await refused(
      waiting.id,
      { glider: 'DG-1000', launchedAt: ago(10) },
      409,
      `Flight ${waiting.id} was removed from the flight line: there is nothing to correct`,
    );
  });

  it('a glider on another unfinished flight is refused while this one is still flying', async () => {
    const a = await pilot();
    const b = await pilot();
    const flying = await flown(a, {}, { launch: 20, land: null });
    const other = await flown(b, { glider: 'DG-1000' }, { launch: 15, land: null });
    await refused(
      flying,
      { glider: 'DG-1000' },
      409,
      'Glider DG-1000 is on another flight now: land or remove that flight first',
    );
    await act({ id: flying, action: 'Landing', time: ago(1) }, a);
    await act({ id: other, action: 'Landing', time: ago(1) }, b);
  });

  it('the same idempotency key corrects once and answers the same', async () => {
    const a = await pilot();
    const id = await flown(a);
    const body = await changeBody(id, { glider: 'DG-1000', idempotencyKey: `change-key-${++keys}` });
    const first = await act(body, ed);
    const again = await act(body, ed);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await record(id)).corrections).toHaveLength(1);
    expect(await balanceOf(t.db, alpha, a.userId)).toBe(FUNDS - 4_000 - 2_400);
  });

  it('the ledger balances after every correction', async () => {
    const total = await sql<{
      total: number;
    }>`select coalesce(sum(amount_cents), 0)::bigint as total from posting where club_id = ${alpha}`.execute(t.db);
    expect(total.rows[0]!.total).toBe(0);
  });
});
