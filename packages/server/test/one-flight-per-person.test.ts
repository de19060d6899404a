import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { UpdateItemInput } from '@flightline/domain/schemas/items';
import { callAs, refusal, type CallInput } from './helpers/api.ts';
import { checkInTowPilot, depositFor, flightBody, lineSnapshot } from './helpers/flights.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import type { Person } from './helpers/test-app.ts';
import { openAlpha, type AlphaClub } from './helpers/clubs.ts';

/** 12:00 on 2025-07-12 in Toronto (EDT, UTC−4). */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const TODAY = '2025-07-12';
const MINUTE = 60_000;

const onLine = (name: string, glider: string) =>
  `${name} is already on the flight line in ${glider}: land or remove that flight first`;

/**
 * A person — the pilot or the second member — is on at most one unfinished
 * flight (neither landed nor cancelled) at a time (domain rules "Flights";
 * issue 15 item 4): the request service answers 409 naming them and the
 * glider they are on, and the database (migration 0016) refuses every other
 * way to a second one. The race of two requests: one-flight-per-person.postgres.test.ts.
 */
describe('one person, one unfinished flight', () => {
  let { t, alpha } = {} as AlphaClub;
  let { pat, mo, ian, fran } = {} as LinePeople;
  const cookie = (person: Person) => t.cookieFor(person.email);
  /** Requested at 10:00, before any launch the tests tap: no launch before its request. */
  const request = async (body: UpdateItemInput, as: Person = pat) => {
    const c = await cookie(as);
    t.clock.set(NOW - 2 * 60 * MINUTE);
    return callAs(t, c, 'POST /api/update-item/', body).finally(() => t.clock.set(NOW));
  };
  const act = async (body: CallInput<'POST /api/update-flight/'>, as: Person = pat) =>
    callAs(t, await cookie(as), 'POST /api/update-flight/', body);
  const placed = async (body: ReturnType<typeof flightBody>, as: Person = pat) => {
    const response = await request(body, as);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const refused = async (body: UpdateItemInput, message: string, as: Person = pat) => {
    const before = await lineSnapshot(t.db, alpha);
    const response = await request(body, as);
    expect(response.json()).toEqual(refusal(409, message));
    expect(response.statusCode).toBe(409);
    expect(await lineSnapshot(t.db, alpha)).toEqual(before);
  };
  const removeFromLine = async (id: string) =>
    expect((await act({ id, action: 'CancelRequest' })).statusCode).toBe(200);

  beforeAll(async () => {
    ({ t, alpha } = await openAlpha({ now: NOW }, { fleet: true }));
    ({ pat, mo, ian, fran } = await createLinePeople(t.db, { alpha }, ['pat', 'mo', 'ian', 'fran']));
    for (const person of [pat, mo, ian, fran]) await depositFor(t.db, alpha, person.userId, 50_000, NOW - 86_400_000);
    const { towy } = await createLinePeople(t.db, { alpha }, ['towy']);
    await checkInTowPilot(t.db, alpha, 'C-GTOW', towy.userId, NOW - 3 * 60 * MINUTE);
  });
  afterAll(() => t.close());

  it(
    'a pilot waiting in one glider is refused a second (409 ' + 'naming them and the glider); nothing changes',
    async () => {
      const first = flightBody(pat.userId, { glider: 'ASK-21' });
      await placed(first);
      await refused(flightBody(pat.userId, { glider: 'DG-1000' }), onLine('Pat Pilot', 'ASK-21'));
      // Placed by someone else, for Pat: the same.
      await refused(flightBody(pat.userId, { glider: 'DG-1000' }), onLine('Pat Pilot', 'ASK-21'), mo);
      await removeFromLine(first.id);
    },
  );

  it(
    'the second person counts too: a member or instructor on one ' +
      'flight can be neither pilot nor second person of another',
    async () => {
      const shared = flightBody(pat.userId, { glider: 'ASK-21', flyWith: 'Member', passengerID: mo.userId });
      await placed(shared);
      await refused(flightBody(mo.userId, { glider: 'DG-1000' }), onLine('Mo Member', 'ASK-21'), mo);
      await refused(
        flightBody(fran.userId, { glider: 'DG-1000', flyWith: 'Member', passengerID: mo.userId }),
        onLine('Mo Member', 'ASK-21'),
        fran,
      );
      await refused(
        flightBody(fran.userId, { glider: 'DG-1000', flyWith: 'Member', passengerID: pat.userId }),
        onLine('Pat Pilot', 'ASK-21'),
        fran,
      );
      await removeFromLine(shared.id);

      const lesson = flightBody(fran.userId, { glider: 'DG-1000', flyWith: 'Instructor', passengerID: ian.userId });
      await placed(lesson, fran);
      await refused(
        flightBody(pat.userId, { glider: 'ASK-21', flyWith: 'Instructor', passengerID: ian.userId }),
        onLine('Ian Instructor', 'DG-1000'),
      );
      await removeFromLine(lesson.id);
    },
  );

  it('a flight still in the air counts; once landed (or removed) the pilot can be placed again', async () => {
    const first = flightBody(pat.userId, { glider: 'ASK-21' });
    await placed(first);
    expect((await act({ id: first.id, action: 'Launch', tug: 'C-GTOW', time: NOW - 30 * MINUTE })).statusCode).toBe(
      200,
    );
    await refused(flightBody(pat.userId, { glider: 'DG-1000' }), onLine('Pat Pilot', 'ASK-21'));
    expect((await act({ id: first.id, action: 'Landing', time: NOW - 5 * MINUTE })).statusCode).toBe(200);
    const next = flightBody(pat.userId, { glider: 'DG-1000' });
    await placed(next);
    await removeFromLine(next.id);
  });

  it(
    'a retry of the request (same flight id) answers the first ' + 'answer, though its pilot is now on the line',
    async () => {
      const body = flightBody(pat.userId, { glider: '1-26' }, { date: TODAY });
      const first = await placed(body);
      const again = await request(body);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      await removeFromLine(body.id);
    },
  );

  it(
    'undoing a landing refuses to put the pilot back on the line while ' +
      'they are on another flight (409), and changes nothing',
    async () => {
      const landed = flightBody(mo.userId, { glider: 'ASK-21' });
      await placed(landed, mo);
      expect(
        (await act({ id: landed.id, action: 'Launch', tug: 'C-GTOW', time: NOW - 40 * MINUTE }, mo)).statusCode,
      ).toBe(200);
      expect((await act({ id: landed.id, action: 'Landing', time: NOW - 20 * MINUTE }, mo)).statusCode).toBe(200);
      const next = flightBody(mo.userId, { glider: 'DG-1000' });
      await placed(next, mo);
      const before = await lineSnapshot(t.db, alpha);
      const undo = await act({ id: landed.id, action: 'UndoLanding' }, mo);
      expect(undo.json()).toEqual(refusal(409, onLine('Mo Member', 'DG-1000')));
      expect(await lineSnapshot(t.db, alpha)).toEqual(before);
      // Once the other request is removed, the landing can be undone.
      await removeFromLine(next.id);
      expect((await act({ id: landed.id, action: 'UndoLanding' }, mo)).statusCode).toBe(200);
      expect((await act({ id: landed.id, action: 'Landing', time: NOW - 20 * MINUTE }, mo)).statusCode).toBe(200);
    },
  );

  it(
    'the database refuses a second unfinished flight written ' + 'past the service, as pilot or as second person',
    async () => {
      const at = new Date(NOW);
      const row = (values: { user_id: string; passenger_id?: string; glider: string }) => ({
        club_id: alpha,
        id: randomUUID(),
        day: TODAY,
        fly_with: values.passenger_id ? ('Member' as const) : ('Alone' as const),
        launch_type: '2000 ft',
        submitted_at: at,
        ...values,
      });
      const waiting = row({ user_id: fran.userId, passenger_id: ian.userId, glider: 'ASK-21' });
      await t.db.insertInto('flight').values(waiting).execute();
      for (const second of [
        row({ user_id: fran.userId, glider: 'DG-1000' }),
        row({ user_id: pat.userId, passenger_id: ian.userId, glider: 'DG-1000' }),
        row({ user_id: ian.userId, glider: 'DG-1000' }),
      ]) {
        await expect(t.db.insertInto('flight').values(second).execute()).rejects.toMatchObject({
          hint: 'person_on_line',
          code: '23P01',
        });
      }
      // A landed or cancelled second flight is history, not the line.
      await t.db
        .insertInto('flight')
        .values({ ...row({ user_id: fran.userId, glider: 'DG-1000' }), cancelled_at: at })
        .execute();
      // Nor can an update bring one back, or move a person onto a second unfinished flight.
      const other = row({ user_id: mo.userId, glider: 'DG-1000' });
      await t.db.insertInto('flight').values(other).execute();
      await expect(
        t.db
          .updateTable('flight')
          .set({ passenger_id: fran.userId, fly_with: 'Member' })
          .where('id', '=', other.id)
          .execute(),
      ).rejects.toMatchObject({
        hint: 'person_on_line',
      });
      await t.db.updateTable('flight').set({ cancelled_at: at }).where('id', 'in', [waiting.id, other.id]).execute();
    },
  );
});
