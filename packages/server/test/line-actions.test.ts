import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { callAs, callRaw, refusal, type CallInput } from './helpers/api.ts';
import {
  balanceOf,
  checkInTowPilot,
  createIntro,
  depositFor,
  flightBody,
  gliderStatus,
  lineSnapshot,
} from './helpers/flights.ts';
import { posting, postingsOf } from './helpers/ledger.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import type { Person } from './helpers/test-app.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';
import { lockDateValues } from '../src/modules/clubs/repo.ts';

/** 12:00 on 2025-07-12 in Toronto (EDT, UTC−4). */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const MINUTE = 60_000;
/** The club's day starts at 04:00 UTC. */
const DAY_START = Date.parse('2025-07-12T04:00:00Z');

describe('line actions: POST /api/update-flight/', () => {
  let { t, alpha, bravo } = {} as TwoClubs;
  let { pat, mo, crew, towy, tilly, sleeper, outsider } = {} as LinePeople;
  const cookie = (person: Person) => t.cookieFor(person.email);
  const act = async (body: CallInput<'POST /api/update-flight/'>, as: Person = crew) =>
    callAs(t, await cookie(as), 'POST /api/update-flight/', body);
  /** A body update-flight does not take, sent on purpose: a refusal test's missing field or unknown action. */
  const actRaw = async (body: object, as: Person = crew) =>
    callRaw(t, await cookie(as), 'POST /api/update-flight/', body);
  /**
   * A flight on the line (the pilot asks for it at the start of the club's
   * day, so any time of the day may launch it: no launch before its request);
   * answers its id.
   */
  const place = async (data: Record<string, unknown> = {}, as: Person = pat, user: Person = as): Promise<string> => {
    const body = flightBody(user.userId, data);
    t.clock.set(DAY_START);
    const response = await callAs(t, await cookie(as), 'POST /api/update-item/', body);
    t.clock.set(NOW);
    expect(response.statusCode).toBe(200);
    return body.id;
  };
  const flightRow = (id: string) =>
    t.db.selectFrom('flight').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** The distinct ledger entries that name a flight in their postings. */
  const entriesOf = async (id: string) =>
    (
      await sql<{ id: number; type: string }>`
      select distinct t.id, t.transaction_type as type from ledger_transaction t join posting p on
      p.transaction_id = t.id
       where p.flight_id = ${id} order by t.id`.execute(t.db)
    ).rows;

  /** A refused action answers exactly `status` and `message` (and the `extra` fields), and changes nothing. */
  const refused = async (
    body: CallInput<'POST /api/update-flight/'> | { wrong: object },
    status: number,
    message: string,
    as: Person = crew,
    extra: object = {},
  ) => {
    const before = await lineSnapshot(t.db, alpha);
    const response = 'wrong' in body ? await actRaw(body.wrong, as) : await act(body, as);
    expect(response.json()).toEqual({ ...refusal(status, message), ...extra });
    expect(response.statusCode).toBe(status);
    expect(await lineSnapshot(t.db, alpha)).toEqual(before);
  };

  beforeAll(async () => {
    ({ t, alpha, bravo } = await openTwoClubs({ now: NOW }, { fleet: true }));
    // Cory launches flights here as a member of the crew, not as a tow pilot.
    ({ pat, mo, crew, towy, tilly, sleeper, outsider } = await createLinePeople(
      t.db,
      { alpha, bravo },
      ['pat', 'mo', 'crew', 'towy', 'tilly', 'sleeper', 'outsider'],
      { crew: {} },
    ));
    await depositFor(t.db, alpha, pat.userId, 50000, NOW - 86_400_000);
    await depositFor(t.db, alpha, mo.userId, 50000, NOW - 86_400_000);
    await depositFor(t.db, bravo, outsider.userId, 50000, NOW - 86_400_000);
    await checkInTowPilot(t.db, alpha, 'C-GTOW', towy.userId, NOW - 3 * 60 * MINUTE);
  });
  afterAll(() => t.close());

  describe('launch', () => {
    it(
      "sets the launch time, accepted time, tug and the tug's checked-in " +
        'tow pilot; the fixed launch is charged to the pilot',
      async () => {
        const id = await place();
        const before = await balanceOf(t.db, alpha, pat.userId);
        const response = await act({ id, action: 'Launch', time: NOW - 60 * MINUTE, tug: 'C-GTOW' });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toMatchObject({
          statusCode: 200,
          message: 'Flight launched',
          flight: {
            id,
            launchedAt: NOW - 60 * MINUTE,
            acceptedAt: NOW - 60 * MINUTE,
            landedAt: null,
            tug: 'C-GTOW',
            towPilot: towy.userId,
            // Costs are shown to the flight's own user only.
            launchCost: null,
            flightCost: null,
          },
        });
        expect(body.flight.launchTransaction).toEqual(expect.any(Number));
        expect(await balanceOf(t.db, alpha, pat.userId)).toBe(before - 4000);
        expect(await postingsOf(t.db, body.flight.launchTransaction!)).toEqual([
          posting(2100, 4000, { member: pat.userId }),
          posting(4100, -4000),
        ]);
        expect(await gliderStatus(t.db, alpha, 'ASK-21')).toBe('Flying');

        const own = await callAs(t, await cookie(pat), 'GET /api/ground-status', {});
        expect(own.json().flights.find((f: { id: string }) => f.id === id)).toMatchObject({
          launchCost: 4000,
          flightCost: null,
        });

        // A second Launch names who pressed the one that stands, and when the flight went up (11:00 in Toronto).
        await refused({ id, action: 'Launch' }, 409, 'Already launched by Cory Crew at 11:00', mo, {
          launchedBy: 'Cory Crew',
          launchedById: crew.userId,
          launchedAt: NOW - 60 * MINUTE,
        });
        await act({ id, action: 'UndoLaunch' });
        await act({ id, action: 'CancelRequest' });
      },
    );

    it('two phones press Launch at once: one 200, one 409, one charge', async () => {
      const id = await place();
      const before = await balanceOf(t.db, alpha, pat.userId);
      const c = await cookie(crew);
      const [a, b] = await Promise.all([
        callAs(t, c, 'POST /api/update-flight/', { id, action: 'Launch', tug: 'C-GTOW' }),
        callAs(t, c, 'POST /api/update-flight/', { id, action: 'Launch', tug: 'C-GTOW' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect((a.statusCode === 409 ? a : b).json()).toEqual({
        ...refusal(409, 'Already launched by Cory Crew at 12:00'),
        launchedBy: 'Cory Crew',
        launchedById: crew.userId,
        launchedAt: NOW,
      });
      expect(await entriesOf(id)).toEqual([{ id: expect.any(Number), type: 'Launch' }]);
      expect(await balanceOf(t.db, alpha, pat.userId)).toBe(before - 4000);
      const launches = await t.db
        .selectFrom('flight_action')
        .select('action')
        .where('flight_id', '=', id)
        .where('action', '=', 'Launch')
        .execute();
      expect(launches.length).toBe(1);
      await act({ id, action: 'UndoLaunch' });
      await act({ id, action: 'CancelRequest' });
    });

    it(
      'a tow pilot sent is kept; one who is not a tow pilot, not ' +
        'active or unknown is refused, as is an unknown tug',
      async () => {
        const id = await place();
        await refused({ id, action: 'Launch', tug: 'C-FAKE' }, 400, 'Unknown tug C-FAKE');
        await refused(
          { id, action: 'Launch', tug: 'C-GTOW', towPilot: mo.userId },
          400,
          'Mo Member is not a tow pilot',
        );
        await refused(
          { id, action: 'Launch', tug: 'C-GTOW', towPilot: sleeper.userId },
          400,
          'The tow pilot is not an active member of the club',
        );
        await refused(
          { id, action: 'Launch', tug: 'C-GTOW', towPilot: outsider.userId },
          400,
          'The tow pilot is not an active member of the club',
        );
        const response = await act({ id, action: 'Launch', tug: 'C-GTOW', towPilot: tilly.userId });
        expect(response.json().flight).toMatchObject({ tug: 'C-GTOW', towPilot: tilly.userId, launchedAt: NOW });
        await act({ id, action: 'UndoLaunch' });
        // No tug (a winch or self launch): no tow pilot either.
        const bare = await act({ id, action: 'Launch' });
        expect(bare.json().flight).toMatchObject({ tug: '', towPilot: '' });
        await act({ id, action: 'UndoLaunch' });
        await act({ id, action: 'CancelRequest' });
      },
    );

    it(
      'the time: never in the future (a phone a minute ahead ' + 'counts as now), never before the flight’s day',
      async () => {
        const id = await place();
        await refused({ id, action: 'Launch', time: NOW + 3 * MINUTE }, 400, 'The launch time is in the future');
        await refused(
          { id, action: 'Launch', time: DAY_START - 1 },
          400,
          "The launch time is before the flight's day (2025-07-12)",
        );
        const skewed = await act({ id, action: 'Launch', time: NOW + MINUTE });
        expect(skewed.json().flight.launchedAt).toBe(NOW);
        await act({ id, action: 'UndoLaunch' });
        const early = await act({ id, action: 'Launch', time: DAY_START });
        expect(early.json().flight.launchedAt).toBe(DAY_START);
        await act({ id, action: 'UndoLaunch' });
        await act({ id, action: 'CancelRequest' });
      },
    );
  });

  describe('tap times and late deliveries (the field outbox)', () => {
    it(
      'every action keeps the time it was tapped, sent minutes later: the ' +
        'launch, landing, undos, release height and removal',
      async () => {
        const tapped = (minutesAgo: number) => NOW - minutesAgo * MINUTE;
        const id = await place({ launchType: 'Variable' });
        const steps = [
          { id, action: 'Launch', time: tapped(50), tug: 'C-GTOW' },
          { id, action: 'ReleaseHeight', time: tapped(45), releaseHeight: 1200 },
          { id, action: 'Landing', time: tapped(30) },
          { id, action: 'UndoLanding', time: tapped(29) },
          { id, action: 'UndoLaunch', time: tapped(28) },
          { id, action: 'CancelRequest', time: tapped(27) },
        ] satisfies CallInput<'POST /api/update-flight/'>[];
        for (const step of steps) {
          const { action, time } = step;
          const response = await act({ ...step, idempotencyKey: randomUUID() });
          expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
          if (action === 'Launch') expect(response.json().flight.launchedAt).toBe(time);
          if (action === 'Landing') expect(response.json().flight.landedAt).toBe(time);
          if (action === 'CancelRequest') expect(response.json().flight.cancelledAt).toBe(time);
        }
        const actions = await t.db
          .selectFrom('flight_action')
          .select(['action', 'happened_at', 'entered_at'])
          .where('flight_id', '=', id)
          .where('action', '!=', 'Create')
          .orderBy('id')
          .execute();
        expect(actions.map((a) => [a.action, a.happened_at.getTime()])).toEqual(
          steps.map(({ action, time }) => [action, time]),
        );
        // When it reached the server is kept beside it.
        expect(actions.every((a) => a.entered_at.getTime() === NOW)).toBe(true);
      },
    );

    it('an undo or removal tapped in the future or before the flight’s day is refused like a launch', async () => {
      const id = await place();
      await refused({ id, action: 'CancelRequest', time: NOW + 3 * MINUTE }, 400, 'The removal time is in the future');
      await refused(
        { id, action: 'CancelRequest', time: DAY_START - 1 },
        400,
        "The removal time is before the flight's day (2025-07-12)",
      );
      await act({ id, action: 'Launch', time: NOW - 10 * MINUTE });
      await refused({ id, action: 'UndoLaunch', time: NOW + 3 * MINUTE }, 400, 'The undo time is in the future');
      await refused(
        { id, action: 'ReleaseHeight', releaseHeight: 500, time: DAY_START - 1 },
        400,
        "The release height time is before the flight's day (2025-07-12)",
      );
      await act({ id, action: 'UndoLaunch' });
      await act({ id, action: 'CancelRequest' });
    });

    it('a second Launch names the launcher of the launch that stands: after an undo, the new one', async () => {
      const id = await place();
      await act({ id, action: 'Launch', time: NOW - 20 * MINUTE }, mo);
      await act({ id, action: 'UndoLaunch' }, crew);
      await act({ id, action: 'Launch', time: NOW - 5 * MINUTE }, towy);
      const second = await act({ id, action: 'Launch', time: NOW - 6 * MINUTE, idempotencyKey: randomUUID() }, crew);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({
        message: 'Already launched by Toby Tow at 11:55',
        launchedBy: 'Toby Tow',
        launchedById: towy.userId,
        launchedAt: NOW - 5 * MINUTE,
      });
      // A refused key stays free: it is not a replay of anything.
      expect(
        await t.db
          .selectFrom('flight_action')
          .select('id')
          .where('flight_id', '=', id)
          .where('action', '=', 'Launch')
          .execute(),
      ).toHaveLength(2);
      await act({ id, action: 'UndoLaunch' });
      await act({ id, action: 'CancelRequest' });
    });
  });

  describe('landing and the undo actions', () => {
    it(
      'Landing: only after launch, not before the launch time, once; the ' +
        'glider is Ready and the rental charged by whole minutes',
      async () => {
        const id = await place();
        await refused({ id, action: 'Landing' }, 409, 'Flight not launched yet');
        await act({ id, action: 'Launch', time: NOW - 60 * MINUTE, tug: 'C-GTOW' });
        await refused(
          { id, action: 'Landing', time: NOW - 61 * MINUTE },
          409,
          'Landing time is before the launch time',
        );
        await refused({ id, action: 'Landing', time: NOW + 5 * MINUTE }, 400, 'The landing time is in the future');
        const before = await balanceOf(t.db, alpha, pat.userId);
        // 49 minutes 30 seconds: 50 whole minutes at 50¢.
        const landed = await act({ id, action: 'Landing', time: NOW - 10 * MINUTE - 30_000 });
        expect(landed.statusCode).toBe(200);
        expect(landed.json()).toMatchObject({
          message: 'Flight landed',
          flight: { landedAt: NOW - 10 * MINUTE - 30_000 },
        });
        expect(await gliderStatus(t.db, alpha, 'ASK-21')).toBe('Ready');
        expect(await balanceOf(t.db, alpha, pat.userId)).toBe(before - 2500);
        await refused({ id, action: 'Landing' }, 409, 'Flight already landed');
        await refused({ id, action: 'UndoLaunch' }, 409, 'Flight already landed: undo the landing first');
        await refused({ id, action: 'CancelRequest' }, 409, 'Flight already launched: undo the launch first');

        // Undo landing: flying again, the rental reversed exactly.
        const undone = await act({ id, action: 'UndoLanding' });
        expect(undone.json()).toMatchObject({
          message: 'Landing undone',
          flight: { landedAt: null, landingTransaction: null },
        });
        expect(await gliderStatus(t.db, alpha, 'ASK-21')).toBe('Flying');
        expect(await balanceOf(t.db, alpha, pat.userId)).toBe(before);
        await refused({ id, action: 'UndoLanding' }, 409, 'Flight not landed yet');

        // Undo launch: waiting again, the launch charge reversed, the glider still Flying (on the line).
        const balanceLaunched = await balanceOf(t.db, alpha, pat.userId);
        const unlaunched = await act({ id, action: 'UndoLaunch' });
        expect(unlaunched.json()).toMatchObject({
          message: 'Launch undone',
          flight: {
            launchedAt: null,
            acceptedAt: null,
            tug: '',
            towPilot: '',
            releaseHeight: 0,
            launchTransaction: null,
          },
        });
        expect(await balanceOf(t.db, alpha, pat.userId)).toBe(balanceLaunched + 4000);
        expect(await gliderStatus(t.db, alpha, 'ASK-21')).toBe('Flying');
        await refused({ id, action: 'UndoLaunch' }, 409, 'Flight not launched yet');
        expect((await entriesOf(id)).map((e) => e.type)).toEqual(['Launch', 'Rental', 'Reversal', 'Reversal']);
        await act({ id, action: 'CancelRequest' });
      },
    );

    it('Undo landing refuses when the glider went up on another flight meanwhile', async () => {
      const first = await place({ glider: 'DG-1000' });
      await act({ id: first, action: 'Launch', time: NOW - 50 * MINUTE });
      await act({ id: first, action: 'Landing', time: NOW - 20 * MINUTE });
      const second = await place({ glider: 'DG-1000' }, mo);
      await refused(
        { id: first, action: 'UndoLanding' },
        409,
        'Glider DG-1000 is on another flight now: land or remove that flight first',
      );
      await act({ id: second, action: 'CancelRequest' });
      expect((await act({ id: first, action: 'UndoLanding' })).statusCode).toBe(200);
      await act({ id: first, action: 'Landing', time: NOW - 20 * MINUTE });
    });

    it(
      'CancelRequest: only while waiting; the glider Ready; the flight ' +
        'leaves the line; a cancelled flight takes no action',
      async () => {
        const id = await place({ glider: '1-26' });
        const response = await act({ id, action: 'CancelRequest' });
        expect(response.json()).toMatchObject({
          message: 'Flight removed from the flight line',
          flight: { cancelledAt: NOW },
        });
        expect(await gliderStatus(t.db, alpha, '1-26')).toBe('Ready');
        const line = await callAs(t, await cookie(crew), 'GET /api/ground-status', {});
        expect(line.json().flights.map((f: { id: string }) => f.id)).not.toContain(id);
        for (const action of ['CancelRequest', 'Launch', 'Landing', 'UndoLaunch', 'UndoLanding'] as const) {
          await refused({ id, action }, 409, 'Flight was cancelled');
        }
        await refused({ id, action: 'ReleaseHeight', releaseHeight: 1000 }, 409, 'Flight was cancelled');
      },
    );

    it(
      'an intro flight: its intro is paid from Intro A/P at launch, nothing ' +
        'charged to the pilot; removing it from the line frees the intro',
      async () => {
        const introId = await createIntro(t.db, alpha, { sn: 'LIN234' });
        const id = await place({ flyWith: 'Intro', introRef: introId, launchType: '' });
        const before = await balanceOf(t.db, alpha, pat.userId);
        const launched = await act({ id, action: 'Launch', time: NOW - 40 * MINUTE, tug: 'C-GTOW' });
        expect(launched.json().flight).toMatchObject({ launchCost: null });
        expect(await postingsOf(t.db, launched.json().flight.launchTransaction!)).toEqual([
          posting(2120, 15000, { intro: introId }),
          posting(4300, -15000),
        ]);
        await act({ id, action: 'Landing', time: NOW - 20 * MINUTE });
        expect(await balanceOf(t.db, alpha, pat.userId)).toBe(before);

        const other = await place({
          flyWith: 'Intro',
          introRef: await createIntro(t.db, alpha, { sn: 'LIN567' }),
          launchType: '',
          glider: 'DG-1000',
        });
        await act({ id: other, action: 'CancelRequest' });
        const freed = await t.db
          .selectFrom('intro')
          .select('flight_ref')
          .where('sn', '=', 'LIN567')
          .executeTakeFirstOrThrow();
        expect(freed.flight_ref).toBeNull();
        const kept = await t.db
          .selectFrom('intro')
          .select('flight_ref')
          .where('id', '=', introId)
          .executeTakeFirstOrThrow();
        expect(kept.flight_ref).toBe(id);
      },
    );
  });

  describe('release height', () => {
    it('a whole number above 0: 0, negative, fractional or missing are refused (400)', async () => {
      const id = await place({ glider: 'DG-1000' });
      await act({ id, action: 'Launch', time: NOW - 30 * MINUTE });
      for (const releaseHeight of [0, -5, 1500.5]) {
        await refused(
          { id, action: 'ReleaseHeight', releaseHeight },
          400,
          'Invalid body: releaseHeight: Must set a release height before submitting',
        );
      }
      await refused(
        { wrong: { id, action: 'ReleaseHeight' } },
        400,
        'Invalid body: releaseHeight: Invalid input: expected number, received undefined',
      );
      await act({ id, action: 'UndoLaunch' });
      await refused({ id, action: 'ReleaseHeight', releaseHeight: 2000 }, 409, 'Flight not launched yet');
      await act({ id, action: 'CancelRequest' });
    });

    it(
      'set once; set again answers 409 with who set it and the height; ' +
        'overwrite changes it (a variable launch is recharged)',
      async () => {
        const id = await place({ launchType: 'Variable' });
        const before = await balanceOf(t.db, alpha, pat.userId);
        await act({ id, action: 'Launch', time: NOW - 60 * MINUTE, tug: 'C-GTOW' });
        // A variable launch waits for its height.
        expect(await balanceOf(t.db, alpha, pat.userId)).toBe(before);
        const set = await act({ id, action: 'ReleaseHeight', releaseHeight: 2350 }, towy);
        expect(set.json()).toMatchObject({
          message: 'Release height set',
          flight: { releaseHeight: 2350, releaseSetBy: towy.userId },
        });
        // $30.00 for the first 1000 ft, 14 × $2.50 for 1350 ft more.
        expect(await balanceOf(t.db, alpha, pat.userId)).toBe(before - 6500);

        const conflictResponse = await act({ id, action: 'ReleaseHeight', releaseHeight: 3000 });
        expect(conflictResponse.statusCode).toBe(409);
        expect(conflictResponse.json()).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: 'Release height already set',
          releaseSetBy: 'Toby Tow',
          currentReleaseHeight: 2350,
        });
        expect((await flightRow(id)).release_height).toBe(2350);

        const overwritten = await act({ id, action: 'ReleaseHeight', releaseHeight: 3000, overwrite: true });
        expect(overwritten.json().flight).toMatchObject({ releaseHeight: 3000, releaseSetBy: crew.userId });
        // 30 + 20 × 2.50 = $80.00; the $65.00 charge reversed.
        expect(await balanceOf(t.db, alpha, pat.userId)).toBe(before - 8000);

        // Landing 50 minutes after the launch in ASK-21 at 50¢: $25.00.
        await act({ id, action: 'Landing', time: NOW - 10 * MINUTE });
        expect(await balanceOf(t.db, alpha, pat.userId)).toBe(before - 8000 - 2500);
        const own = (await callAs(t, await cookie(pat), 'GET /api/ground-status', {}))
          .json()
          .flights.find((f: { id: string }) => f.id === id);
        expect(own).toMatchObject({ launchCost: 8000, flightCost: 2500, releaseHeight: 3000 });
      },
    );
  });

  describe('money end to end', () => {
    it('a shared Member flight: each charge split in two, the odd cent to the pilot', async () => {
      const id = await place({ flyWith: 'Member', passengerID: mo.userId, shareCost: true, glider: 'DG-1000' });
      const patBefore = await balanceOf(t.db, alpha, pat.userId);
      const moBefore = await balanceOf(t.db, alpha, mo.userId);
      await act({ id, action: 'Launch', time: NOW - 61 * MINUTE, tug: 'C-GTOW' });
      // 41 minutes in DG-1000 at 80¢ = $32.80 → $16.40 each; the $40.00 tow → $20.00 each.
      await act({ id, action: 'Landing', time: NOW - 20 * MINUTE });
      expect(await balanceOf(t.db, alpha, pat.userId)).toBe(patBefore - 2000 - 1640);
      expect(await balanceOf(t.db, alpha, mo.userId)).toBe(moBefore - 2000 - 1640);
    });

    it(
      'a variable launch with a release height and a landing: the ' +
        'exact tow and rental, reversed exactly by the undos',
      async () => {
        const id = await place({ launchType: 'Variable' }, mo);
        const before = await balanceOf(t.db, alpha, mo.userId);
        await act({ id, action: 'Launch', time: NOW - 47 * MINUTE, tug: 'C-GTOW' });
        await act({ id, action: 'ReleaseHeight', releaseHeight: 1000 });
        await act({ id, action: 'Landing', time: NOW - 14 * MINUTE });
        // $30.00 tow to 1000 ft; 33 minutes × 50¢ = $16.50.
        expect(await balanceOf(t.db, alpha, mo.userId)).toBe(before - 3000 - 1650);
        await act({ id, action: 'UndoLanding' });
        await act({ id, action: 'UndoLaunch' });
        expect(await balanceOf(t.db, alpha, mo.userId)).toBe(before);
        await act({ id, action: 'CancelRequest' });
      },
    );
  });

  describe('retries', () => {
    it('the same idempotency key twice: the first answer, one action, one charge', async () => {
      const id = await place();
      const key = `launch-${randomUUID()}`;
      const first = await act({ id, action: 'Launch', tug: 'C-GTOW', idempotencyKey: key });
      expect(first.statusCode).toBe(200);
      const before = await lineSnapshot(t.db, alpha);
      const again = await act({ id, action: 'Launch', tug: 'C-GTOW', idempotencyKey: key });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await lineSnapshot(t.db, alpha)).toEqual(before);
      await refused(
        { id, action: 'Landing', idempotencyKey: key },
        409,
        `This idempotency key was already used for Launch of flight ${id}; send a new key for a new action`,
      );
      await act({ id, action: 'UndoLaunch' });
      await act({ id, action: 'CancelRequest' });
    });

    it('the same key sent twice at once: both answer the one launch', async () => {
      const id = await place();
      const key = `launch-${randomUUID()}`;
      const c = await cookie(crew);
      const [a, b] = await Promise.all([
        callAs(t, c, 'POST /api/update-flight/', { id, action: 'Launch', idempotencyKey: key }),
        callAs(t, c, 'POST /api/update-flight/', { id, action: 'Launch', idempotencyKey: key }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json()).toEqual(b.json());
      expect(await entriesOf(id)).toEqual([{ id: expect.any(Number), type: 'Launch' }]);
      await act({ id, action: 'UndoLaunch' });
      await act({ id, action: 'CancelRequest' });
    });
  });

  describe('who and which flight', () => {
    it(
      'a club parameter naming another club: 403; another ' + 'club’s flight, an unknown or malformed id: 404',
      async () => {
        const id = await place();
        await refused({ id, action: 'Launch', club: bravo }, 403, 'That club is not your active club');
        const theirs = flightBody(outsider.userId);
        expect((await callAs(t, await cookie(outsider), 'POST /api/update-item/', theirs)).statusCode).toBe(200);
        await refused({ id: theirs.id, action: 'Launch' }, 404, 'Flight not found');
        await refused({ id: randomUUID(), action: 'Launch' }, 404, 'Flight not found');
        await refused({ id: 'not-a-flight', action: 'Launch' }, 404, 'Flight not found');
        // And the other way round.
        const fromBravo = await callAs(t, await cookie(outsider), 'POST /api/update-flight/', { id, action: 'Launch' });
        expect(fromBravo.json()).toEqual(refusal(404, 'Flight not found'));
        await act({ id, action: 'CancelRequest' });
      },
    );

    it('an inactive member: 403; any active member may act (line crew rotates)', async () => {
      const id = await place();
      await refused(
        { id, action: 'Launch' },
        403,
        'Your account has not been activated at this club, Contact a club admin to have your account activated.',
        sleeper,
      );
      expect((await act({ id, action: 'Launch' }, mo)).statusCode).toBe(200);
      expect((await act({ id, action: 'UndoLaunch' }, pat)).statusCode).toBe(200);
      await act({ id, action: 'CancelRequest' }, towy);
    });

    it(
      'ChangeFlight is a log edit, not a line action: a crew member ' +
        'without log rights is refused; an unknown action is refused',
      async () => {
        const id = await place();
        const edit = {
          id,
          action: 'ChangeFlight',
          glider: 'DG-1000',
          user: pat.userId,
          flyWith: 'Alone',
          pilotInCharge: true,
          shareCost: false,
          launchType: 'Aerotow',
          launchedAt: null,
          landedAt: null,
          releaseHeight: 0,
        } satisfies CallInput<'POST /api/update-flight/'>;
        await refused(edit, 403, 'Only an admin or a member who can edit flight logs can change a flight');
        const partial = await actRaw({ id, action: 'ChangeFlight', glider: 'DG-1000' });
        expect(partial.statusCode).toBe(400);
        expect(partial.json().message).toMatch(/^Invalid body: user: /);
        const response = await actRaw({ id, action: 'Teleport' });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toMatch(/^Invalid body: action: /);
        await act({ id, action: 'CancelRequest' });
      },
    );

    it('a flight on or before the lock date takes no action', async () => {
      const id = await place();
      await t.db
        .updateTable('club')
        .set(lockDateValues('2025-07-12', 'America/Toronto'))
        .where('id', '=', alpha)
        .execute();
      await refused(
        { id, action: 'Launch' },
        409,
        'Flight is locked: its day is on or before the lock date 2025-07-12',
      );
      const listed = (await callAs(t, await cookie(crew), 'GET /api/ground-status', {}))
        .json()
        .flights.find((f: { id: string }) => f.id === id);
      expect(listed!.flightLocked).toBe(true);
    });
  });
});
