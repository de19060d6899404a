import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TugStatus } from '@flightline/domain/api/types';
import { listTugStatuses } from '../src/modules/tugs/service.ts';
import { callAs, callRaw, NOT_ACTIVATED, NOT_YOUR_CLUB, refusal, type CallInput } from './helpers/api.ts';

import { openTwoClubs, type TwoClubsAndPeople } from './helpers/clubs.ts';

const NOW = Date.parse('2025-07-10T15:00:00Z');

/**
 * The tugs' log: GET /api/get-tugs and POST /api/create-tow/ — each kind of
 * event, the last readings and the checked-in pilot they give, the Hobbs and
 * decimal rules, who may log, other clubs, idempotent retries, and that the
 * log cannot be changed.
 */
describe('tugs: get-tugs and create-tow', () => {
  let { t, alpha, bravo, ids, cookies } = {} as TwoClubsAndPeople;

  beforeAll(async () => {
    ({ t, alpha, bravo, ids, cookies } = await openTwoClubs(
      { now: NOW },
      {
        people: (clubs) => ({
          zoe: { club: clubs.alpha, first: 'Zoe', last: 'Towner', flags: { is_tow_pilot: true } },
          adam: { club: clubs.alpha, first: 'Adam', last: 'Yorke', flags: { is_tow_pilot: true } },
          crew: { club: clubs.alpha, first: 'Casey', last: 'Crew' },
          expiredTow: {
            club: clubs.alpha,
            first: 'Ed',
            last: 'Expired',
            flags: { is_tow_pilot: true, active_expiration: '2025-07-09' },
          },
          inactiveTow: {
            club: clubs.alpha,
            first: 'Ina',
            last: 'Inactive',
            flags: { is_tow_pilot: true, is_active: false },
          },
          bravoTow: { club: clubs.bravo, first: 'Bea', last: 'Bravo', flags: { is_tow_pilot: true } },
        }),
      },
    ));
    await t.db
      .insertInto('tug')
      .values([
        { club_id: alpha, id: 'C-GTUG', aircraft_type: 'Piper Pawnee', status: 'Ready' },
        { club_id: alpha, id: 'C-FTOW', aircraft_type: 'Citabria', status: 'Not ready' },
        { club_id: alpha, id: 'C-GAAA', aircraft_type: 'Husky', status: 'Ready' },
        { club_id: bravo, id: 'C-GBRV', aircraft_type: 'Maule', status: 'Ready' },
      ])
      .execute();
  });
  afterAll(() => t.close());

  type TowInput = CallInput<'POST /api/create-tow/'>;
  const tow = (role: string, data: TowInput['data'], extra: Omit<TowInput, 'data'> = {}) =>
    callAs(t, cookies[role], 'POST /api/create-tow/', { idempotencyKey: randomUUID(), ...extra, data });
  /** A tug event create-tow does not take, sent on purpose: the refusal tests' wrong readings. */
  const towRaw = (role: string, data: Record<string, unknown>) =>
    callRaw(t, cookies[role], 'POST /api/create-tow/', { idempotencyKey: randomUUID(), data });
  const tugOf = async (id: string, role = 'crew'): Promise<TugStatus> => {
    const response = await callAs(t, cookies[role], 'GET /api/get-tugs', {});
    expect(response.statusCode).toBe(200);
    return response.json().tugs.find((tug) => tug.id === id)!;
  };
  const eventCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('tow_event')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it(
    'lists every tug of the club by registration, with no ' + 'readings yet, and the active tow pilots by full name',
    async () => {
      const response = await callAs(t, cookies.crew, 'GET /api/get-tugs', { club: alpha });
      expect(response.statusCode).toBe(200);
      const page = response.json();
      const blank = {
        lastHobbs: null,
        lastOilHobbs: null,
        lastFuelHobbs: null,
        lastPilotHobbs: null,
        currentPilot: '',
        pilotName: '',
      };
      expect(page.tugs).toEqual([
        { id: 'C-FTOW', aircraftType: 'Citabria', status: 'Not ready', ...blank },
        { id: 'C-GAAA', aircraftType: 'Husky', status: 'Ready', ...blank },
        { id: 'C-GTUG', aircraftType: 'Piper Pawnee', status: 'Ready', ...blank },
      ]);
      // Expired and inactive tow pilots and other clubs' are not choices; Casey is not a tow pilot.
      expect(page.towPilots).toEqual([
        { userID: ids.adam, first: 'Adam', last: 'Yorke' },
        { userID: ids.zoe, first: 'Zoe', last: 'Towner' },
      ]);
    },
  );

  it('checks a tow pilot in: the answer and the tug show the pilot and the reading', async () => {
    const response = await tow('crew', {
      tug: 'C-GTUG',
      hobbs: 1234.5,
      pilot: ids.zoe,
      time: NOW - 60_000,
      by: 'ignored',
    });
    expect(response.statusCode).toBe(200);
    const expected: TugStatus = {
      id: 'C-GTUG',
      aircraftType: 'Piper Pawnee',
      status: 'Ready',
      lastHobbs: 1234.5,
      lastOilHobbs: null,
      lastFuelHobbs: null,
      lastPilotHobbs: 1234.5,
      currentPilot: ids.zoe!,
      pilotName: 'Zoe Towner',
    };
    expect(response.json()).toEqual({
      statusCode: 200,
      message: 'Zoe Towner checked in on C-GTUG at 1234.50 h',
      tug: expected,
    });
    expect(await tugOf('C-GTUG')).toEqual(expected);
    const row = await t.db
      .selectFrom('tow_event')
      .selectAll()
      .where('club_id', '=', alpha)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tug: 'C-GTUG',
      kind: 'checkIn',
      hobbs_hundredths: 123450,
      fuel_centilitres: 0,
      pilot: ids.zoe,
      by: ids.crew, // the session's member, not the body's `by`
    });
    expect(row.happened_at.getTime()).toBe(NOW - 60_000);
  });

  it('records a refuel with decimals exactly, and the last fuel reading', async () => {
    const response = await tow('zoe', { tug: 'C-GTUG', hobbs: 1235.29, fuel: 40.07 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Refuel of 40.07 L on C-GTUG at 1235.29 h recorded');
    expect(body.tug).toMatchObject({
      lastHobbs: 1235.29,
      lastFuelHobbs: 1235.29,
      lastOilHobbs: null,
      lastPilotHobbs: 1234.5,
      currentPilot: ids.zoe,
    });
    const row = await t.db
      .selectFrom('tow_event')
      .selectAll()
      .where('club_id', '=', alpha)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'refuel', hobbs_hundredths: 123529, fuel_centilitres: 4007, pilot: null });
    expect(row.happened_at.getTime()).toBe(NOW);
  });

  it('records an oil change at the same reading (equal to the last is allowed)', async () => {
    const response = await tow('crew', { tug: 'C-GTUG', hobbs: 1235.29, oil: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Oil change on C-GTUG at 1235.29 h recorded',
      tug: {
        lastHobbs: 1235.29,
        lastOilHobbs: 1235.29,
        lastFuelHobbs: 1235.29,
        lastPilotHobbs: 1234.5,
        currentPilot: ids.zoe,
        pilotName: 'Zoe Towner',
      },
    });
  });

  it("refuses a Hobbs below the tug's last reading, for every kind, and records nothing", async () => {
    const before = await eventCount();
    for (const data of [
      { hobbs: 1235.28, fuel: 10 },
      { hobbs: 1200, oil: true },
      { hobbs: 0, pilotLogOut: true },
      { hobbs: 1235, pilot: ids.adam },
    ]) {
      const response = await tow('crew', { tug: 'C-GTUG', ...data });
      expect(response.json(), JSON.stringify(data)).toEqual(
        refusal(400, `Hobbs ${data.hobbs.toFixed(2)} is below the last reading of C-GTUG (1235.29 h)`),
      );
    }
    expect(await eventCount()).toBe(before);
  });

  it('checks the pilot out: the tug has no pilot, and a second check out is refused', async () => {
    const response = await tow('crew', { tug: 'C-GTUG', hobbs: 1236, pilotLogOut: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Zoe Towner checked out of C-GTUG at 1236.00 h',
      tug: { lastHobbs: 1236, lastPilotHobbs: 1236, currentPilot: '', pilotName: '' },
    });
    expect(await tugOf('C-GTUG')).toMatchObject({ currentPilot: '', pilotName: '', lastPilotHobbs: 1236 });
    const before = await eventCount();
    const again = await tow('crew', { tug: 'C-GTUG', hobbs: 1236, pilotLogOut: true });
    expect(again.json()).toEqual(refusal(409, 'No pilot is checked in on C-GTUG'));
    const never = await tow('crew', { tug: 'C-GAAA', hobbs: 10, pilotLogOut: true });
    expect(never.json()).toEqual(refusal(409, 'No pilot is checked in on C-GAAA'));
    expect(await eventCount()).toBe(before);
  });

  it("a check in while another pilot is checked in records that pilot's check out first (a shift change)", async () => {
    expect((await tow('crew', { tug: 'C-GAAA', hobbs: 500, pilot: ids.adam })).statusCode).toBe(200);
    const before = await eventCount();
    const response = await tow('crew', { tug: 'C-GAAA', hobbs: 501.75, pilot: ids.zoe });
    expect(response.json()).toMatchObject({
      message: 'Zoe Towner checked in on C-GAAA at 501.75 h',
      tug: { currentPilot: ids.zoe, pilotName: 'Zoe Towner', lastPilotHobbs: 501.75, lastHobbs: 501.75 },
    });
    const rows = await t.db
      .selectFrom('tow_event')
      .selectAll()
      .where('club_id', '=', alpha)
      .where('tug', '=', 'C-GAAA')
      .orderBy('id')
      .execute();
    expect(await eventCount()).toBe(before + 2);
    expect(rows.map((row) => [row.kind, row.hobbs_hundredths, row.pilot])).toEqual([
      ['checkIn', 50000, ids.adam],
      ['checkOut', 50175, null],
      ['checkIn', 50175, ids.zoe],
    ]);
    // Checking in the pilot already checked in is a mistake, not a shift change.
    const twice = await tow('crew', { tug: 'C-GAAA', hobbs: 502, pilot: ids.zoe });
    expect(twice.json()).toEqual(refusal(409, 'Zoe Towner is already checked in on C-GAAA'));
    // Each tug has its own pilot: Zoe on C-GAAA, nobody on C-GTUG.
    expect(await tugOf('C-GTUG')).toMatchObject({ currentPilot: '' });
  });

  it("the line page's listTugStatuses gives the same tugs as get-tugs, for one club only", async () => {
    const page = (await callAs(t, cookies.crew, 'GET /api/get-tugs', {})).json();
    expect(await listTugStatuses(t.db, alpha)).toEqual(page.tugs);
    expect((await listTugStatuses(t.db, bravo)).map((tug) => tug.id)).toEqual(['C-GBRV']);
  });

  it('checks in only active tow pilots of the club', async () => {
    const before = await eventCount();
    const cases: [string | undefined, number, string][] = [
      [ids.crew, 400, 'Casey Crew is not a tow pilot: an admin can set Tow Pilot in Administration'],
      [ids.expiredTow, 400, 'Ed Expired is not an active member of this club'],
      [ids.inactiveTow, 400, 'Ina Inactive is not an active member of this club'],
      [ids.bravoTow, 404, 'No such member at this club'],
      ['no-such-user', 404, 'No such member at this club'],
    ];
    for (const [pilot, status, message] of cases) {
      const response = await tow('crew', { tug: 'C-FTOW', hobbs: 10, pilot });
      expect(response.json()).toEqual(refusal(status, message));
    }
    expect(await eventCount()).toBe(before);
  });

  it('accepts 2 decimals and refuses more, negatives, wrong types and missing fields (nothing recorded)', async () => {
    const before = await eventCount();
    const bad: [Record<string, unknown>, string][] = [
      [{ tug: 'C-FTOW', hobbs: 10.123, oil: true }, 'Invalid body: data.hobbs: Hobbs has at most 2 decimals'],
      [{ tug: 'C-FTOW', hobbs: 10, fuel: 5.555 }, 'Invalid body: data.fuel: Fuel has at most 2 decimals'],
      [{ tug: 'C-FTOW', hobbs: -1, oil: true }, 'Invalid body: data.hobbs: Hobbs must not be negative'],
      [{ tug: 'C-FTOW', hobbs: 10, fuel: -5 }, 'Invalid body: data.fuel: Fuel must not be negative'],
      [
        { tug: 'C-FTOW', hobbs: '10', oil: true },
        'Invalid body: data.hobbs: Invalid input: expected number, received string',
      ],
      [{ tug: 'C-FTOW', oil: true }, 'Invalid body: data.hobbs: Invalid input: expected number, received undefined'],
      [{ tug: '', hobbs: 10, oil: true }, 'Invalid body: data.tug: Choose a tug'],
      [
        { tug: 'C-FTOW', hobbs: 10, oil: 'yes' },
        'Invalid body: data.oil: Invalid input: expected boolean, received string',
      ],
      [{ tug: 'C-FTOW', hobbs: 10, colour: 'red', oil: true }, 'Invalid body: data: Unrecognized key: "colour"'],
      [
        { tug: 'C-FTOW', hobbs: 10 },
        'Nothing to record: choose a tow pilot to check in, check out, an oil change, or enter the fuel added',
      ],
      [
        { tug: 'C-FTOW', hobbs: 10, fuel: 0 },
        'Nothing to record: choose a tow pilot to check in, check out, an oil change, or enter the fuel added',
      ],
      [
        { tug: 'C-FTOW', hobbs: 10, oil: true, fuel: 20 },
        'Send one tow event at a time: check in, check out, refuel or oil change',
      ],
      [
        { tug: 'C-FTOW', hobbs: 10, pilot: ids.zoe, pilotLogOut: true },
        'Send one tow event at a time: check in, check out, refuel or oil change',
      ],
      [
        { tug: 'C-FTOW', hobbs: 10, oil: true, time: NOW + 6 * 60_000 },
        "The time of the tow event is in the future: check the phone's clock",
      ],
    ];
    for (const [data, message] of bad) {
      const response = await towRaw('crew', data);
      expect(response.json(), JSON.stringify(data)).toEqual(refusal(400, message));
    }
    expect(
      (
        await callRaw(t, cookies.crew, 'POST /api/create-tow/', {
          data: { tug: 'C-FTOW', hobbs: 10, oil: true },
          extra: 1,
        })
      ).json(),
    ).toEqual(refusal(400, 'Invalid body: Unrecognized key: "extra"'));
    expect(await eventCount()).toBe(before);
    // 0.29 and 99999.99 are not exact binary numbers; they are stored exactly.
    const ok = await tow('crew', { tug: 'C-FTOW', hobbs: 0.29, fuel: 0.29, time: NOW + 4 * 60_000 });
    expect(ok.json()).toMatchObject({
      message: 'Refuel of 0.29 L on C-FTOW at 0.29 h recorded',
      tug: { lastHobbs: 0.29, lastFuelHobbs: 0.29 },
    });
    const big = await tow('crew', { tug: 'C-FTOW', hobbs: 99999.99, fuel: 12.1 });
    expect(big.json()).toMatchObject({ tug: { lastHobbs: 99999.99, lastFuelHobbs: 99999.99 } });
    const rows = await t.db
      .selectFrom('tow_event')
      .selectAll()
      .where('club_id', '=', alpha)
      .where('tug', '=', 'C-FTOW')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.hobbs_hundredths, row.fuel_centilitres])).toEqual([
      [29, 29],
      [9_999_999, 1210],
    ]);
  });

  it(
    'keeps the tap time of an event sent later, refuses one tapped ' +
      'before today, and replays a retry after midnight',
    async () => {
      const tapped = NOW - 7 * 60_000;
      const key = randomUUID();
      const late = await tow('crew', { tug: 'C-GAAA', hobbs: 600, oil: true, time: tapped }, { idempotencyKey: key });
      expect(late.statusCode).toBe(200);
      const row = await t.db
        .selectFrom('tow_event')
        .select('happened_at')
        .where('idempotency_key', '=', key)
        .executeTakeFirstOrThrow();
      expect(row.happened_at.getTime()).toBe(tapped);
      // The club's day (Toronto) starts at 04:00 UTC.
      const before = await eventCount();
      const yesterday = await tow('crew', {
        tug: 'C-GAAA',
        hobbs: 601,
        oil: true,
        time: Date.parse('2025-07-10T04:00:00Z') - 1,
      });
      expect(yesterday.json()).toEqual(
        refusal(400, "The time of the tow event is before today (2025-07-10): log today's events only"),
      );
      expect(await eventCount()).toBe(before);
      t.clock.set(Date.parse('2025-07-11T05:00:00Z'));
      try {
        const again = await tow(
          'crew',
          { tug: 'C-GAAA', hobbs: 600, oil: true, time: tapped },
          { idempotencyKey: key },
        );
        expect(again.json()).toEqual(late.json());
      } finally {
        t.clock.set(NOW);
      }
      expect(await eventCount()).toBe(before);
    },
  );

  it('refuses tugs of other clubs, other clubs named, inactive members and visitors', async () => {
    const before = await eventCount();
    expect((await tow('crew', { tug: 'C-GBRV', hobbs: 10, oil: true })).json()).toEqual(
      refusal(404, 'No tug C-GBRV at this club'),
    );
    expect((await tow('crew', { tug: 'N-NONE', hobbs: 10, oil: true })).json()).toEqual(
      refusal(404, 'No tug N-NONE at this club'),
    );
    expect((await tow('crew', { tug: 'C-GTUG', hobbs: 2000, oil: true }, { club: bravo })).json()).toEqual(
      refusal(403, NOT_YOUR_CLUB),
    );
    expect((await callAs(t, cookies.crew, 'GET /api/get-tugs', { club: bravo })).json()).toEqual(
      refusal(403, NOT_YOUR_CLUB),
    );
    for (const role of ['expiredTow', 'inactiveTow']) {
      expect((await tow(role, { tug: 'C-GTUG', hobbs: 2000, oil: true })).json()).toEqual(refusal(403, NOT_ACTIVATED));
      expect((await callAs(t, cookies[role], 'GET /api/get-tugs', {})).json()).toEqual(refusal(403, NOT_ACTIVATED));
    }
    expect(
      (await callAs(t, undefined, 'POST /api/create-tow/', { data: { tug: 'C-GTUG', hobbs: 2000, oil: true } }))
        .statusCode,
    ).toBe(401);
    expect((await callAs(t, undefined, 'GET /api/get-tugs', {})).statusCode).toBe(401);
    expect(await eventCount()).toBe(before);
    // Bravo sees its own tug and pilots only.
    const page = (await callAs(t, cookies.bravoTow, 'GET /api/get-tugs', {})).json();
    expect(page.tugs.map((tug) => tug.id)).toEqual(['C-GBRV']);
    expect(page.towPilots.map((pilot) => pilot.userID)).toEqual([ids.bravoTow]);
  });

  it(
    'records once for the same idempotency key, answering the ' + 'first answer again — also when the two race',
    async () => {
      const key = randomUUID();
      const data = { tug: 'C-GTUG', hobbs: 1240.1, pilot: ids.adam };
      const first = await tow('crew', data, { idempotencyKey: key });
      expect(first.statusCode).toBe(200);
      const before = await eventCount();
      const retry = await tow('crew', data, { idempotencyKey: key });
      expect(retry.json()).toEqual(first.json());
      expect(await eventCount()).toBe(before);

      // A check out retried: the message still names whose shift it ended.
      const outKey = randomUUID();
      const out = await tow('crew', { tug: 'C-GTUG', hobbs: 1241, pilotLogOut: true }, { idempotencyKey: outKey });
      expect(out.json()).toMatchObject({ message: 'Adam Yorke checked out of C-GTUG at 1241.00 h' });
      const outRetry = await tow('crew', { tug: 'C-GTUG', hobbs: 1241, pilotLogOut: true }, { idempotencyKey: outKey });
      expect(outRetry.json()).toEqual(out.json());

      // Two phones send the same refuel at once: one row.
      const raceKey = randomUUID();
      const refuel = { tug: 'C-GTUG', hobbs: 1242, fuel: 30 };
      const [a, b] = await Promise.all([
        tow('zoe', refuel, { idempotencyKey: raceKey }),
        tow('zoe', refuel, { idempotencyKey: raceKey }),
      ]);
      expect(a.statusCode).toBe(200);
      expect(b.json()).toEqual(a.json());
      const keyed = await t.db
        .selectFrom('tow_event')
        .select('id')
        .where('club_id', '=', alpha)
        .where('idempotency_key', '=', raceKey)
        .execute();
      expect(keyed).toHaveLength(1);

      // Two phones retry the same check in, then the same check out, at once: each recorded once, both answered alike
      // (the second is not told 'already checked in' or 'No pilot is checked in').
      for (const data of [
        { tug: 'C-GTUG', hobbs: 1242.5, pilot: ids.zoe },
        { tug: 'C-GTUG', hobbs: 1242.5, pilotLogOut: true },
      ]) {
        const twinKey = randomUUID();
        const [one, two] = await Promise.all([
          tow('crew', data, { idempotencyKey: twinKey }),
          tow('crew', data, { idempotencyKey: twinKey }),
        ]);
        expect(one.statusCode, JSON.stringify(one.json())).toBe(200);
        expect(two.json()).toEqual(one.json());
      }
      const shift = await t.db
        .selectFrom('tow_event')
        .select(['kind', 'pilot'])
        .where('club_id', '=', alpha)
        .where('tug', '=', 'C-GTUG')
        .orderBy('id', 'desc')
        .limit(3)
        .execute();
      expect(shift).toEqual([
        { kind: 'checkOut', pilot: null },
        { kind: 'checkIn', pilot: ids.zoe },
        { kind: 'refuel', pilot: null },
      ]);

      // The key reused for another event is refused, not replayed.
      expect((await tow('zoe', { tug: 'C-GTUG', hobbs: 1243, oil: true }, { idempotencyKey: raceKey })).json()).toEqual(
        refusal(
          409,
          'This idempotency key was already used for a refuel of C-GTUG; send a new key for a new tow event',
        ),
      );
    },
  );

  it('two different events on one tug at once are taken one after the other', async () => {
    const [low, high] = await Promise.all([
      tow('crew', { tug: 'C-GAAA', hobbs: 600, fuel: 10 }),
      tow('zoe', { tug: 'C-GAAA', hobbs: 700, oil: true }),
    ]);
    expect(high.statusCode).toBe(200);
    // Whichever is taken first decides: the lower reading after the higher one is refused, never stored out of order.
    if (low.statusCode !== 200)
      expect(low.json()).toEqual(refusal(400, 'Hobbs 600.00 is below the last reading of C-GAAA (700.00 h)'));
    expect((await tugOf('C-GAAA')).lastHobbs).toBe(700);
  });

  it('the log is append-only: the database refuses to change or delete an event', async () => {
    const row = await t.db
      .selectFrom('tow_event')
      .select('id')
      .where('club_id', '=', alpha)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await expect(sql`update tow_event set hobbs_hundredths = 0 where id = ${row.id}`.execute(t.db)).rejects.toThrow(
      'tow_event rows are an append-only log and cannot be changed or deleted',
    );
    await expect(sql`delete from tow_event where id = ${row.id}`.execute(t.db)).rejects.toThrow(
      'tow_event rows are an append-only log and cannot be changed or deleted',
    );
    const still = await t.db
      .selectFrom('tow_event')
      .select('hobbs_hundredths')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(still.hobbs_hundredths).toBe(123450);
  });
});
