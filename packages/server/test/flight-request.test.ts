import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { FLOWN_ALONE } from '@flightline/domain/flights/crew-rules';
import { isWellFormedSerial } from '@flightline/domain/money/intro-serial';
import { waitingFlightFields } from '@flightline/domain/flights/waiting-flight';
import type { UpdateItemInput } from '@flightline/domain/schemas/items';
import { callAs, refusal } from './helpers/api.ts';
import {
  balanceOf,
  createFleet,
  createIntro,
  depositFor,
  flightBody,
  flightPlaced,
  flightReplayed,
  gliderStatus,
  lineSnapshot,
} from './helpers/flights.ts';
import { posting, postingsOf } from './helpers/ledger.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import type { Person } from './helpers/test-app.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

/** 12:00 on 2025-07-12 in Toronto (EDT, UTC−4). */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const TODAY = '2025-07-12';

describe('requesting a flight: update-item FLIGHT', () => {
  let { t, api, alpha, bravo } = {} as TwoClubs;
  let { pat, ian, mo, gail, poor, sleeper, outsider, tess, alex } = {} as LinePeople;
  const cookie = (person: Person) => t.cookieFor(person.email);
  const request = async (body: UpdateItemInput, as: Person = pat) =>
    callAs(t, await cookie(as), 'POST /api/update-item/', body);
  const cancel = async (id: string, as: Person = pat) =>
    callAs(t, await cookie(as), 'POST /api/update-flight/', { id, action: 'CancelRequest' });

  /** A refused request answers exactly `status` and `message`, and changes nothing. */
  const refused = async (body: UpdateItemInput, status: number, message: string, as: Person = pat) => {
    const before = await lineSnapshot(t.db, alpha);
    const response = await request(body, as);
    expect(response.json()).toEqual(refusal(status, message));
    expect(response.statusCode).toBe(status);
    expect(await lineSnapshot(t.db, alpha)).toEqual(before);
  };

  beforeAll(async () => {
    ({ t, api, alpha, bravo } = await openTwoClubs({ now: NOW }));
    await createFleet(t.db, alpha, { minimumLevelCents: 1000 });
    ({ pat, ian, mo, gail, poor, sleeper, outsider, tess, alex } = await createLinePeople(t.db, { alpha, bravo }, [
      'pat',
      'ian',
      'mo',
      'gail',
      'poor',
      'sleeper',
      'outsider',
      'tess',
      'alex',
    ]));
    await createFleet(t.db, bravo);
    for (const person of [pat, ian, mo, gail]) await depositFor(t.db, alpha, person.userId, 20000, NOW - 86_400_000);
    await depositFor(t.db, alpha, poor.userId, 500, NOW - 86_400_000);
  });
  afterAll(() => t.close());

  describe('an Alone flight', () => {
    it(
      'goes on the line: the flight as stored, the glider Flying, ' + 'the Create action logged, the payer balance',
      async () => {
        const body = flightBody(pat.userId, { towSpeed: 0, weight: 82 }, { date: TODAY });
        const response = await request(body);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          statusCode: 200,
          message: 'Flight placed on the flight line: ASK-21',
          balanceCents: 20000,
          item: {
            id: body.id,
            dateString: TODAY,
            user: pat.userId,
            first: 'Pat',
            last: 'Pilot',
            flyWith: 'Alone',
            ...FLOWN_ALONE,
            glider: 'ASK-21',
            launchType: '2000 ft',
            // The glider's launch speed when the phone sent none.
            towSpeed: 60,
            submittedAt: NOW,
            queuedAt: NOW,
            ...waitingFlightFields(),
          },
        });
        expect(await gliderStatus(t.db, alpha, 'ASK-21')).toBe('Flying');
        const actions = await t.db
          .selectFrom('flight_action')
          .select(['action', 'by', 'idempotency_key'])
          .where('flight_id', '=', body.id)
          .execute();
        expect(actions).toEqual([{ action: 'Create', by: pat.userId, idempotency_key: null }]);
        const row = await t.db
          .selectFrom('flight')
          .select(['weight_kg', 'submitted_by', 'glider_weight_kg'])
          .where('id', '=', body.id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ weight_kg: 82, submitted_by: pat.userId, glider_weight_kg: 360 });
        await cancel(body.id);
        expect(await gliderStatus(t.db, alpha, 'ASK-21')).toBe('Ready');
      },
    );

    it(
      'the same flight id sent again by the same member answers ' + 'the first answer (200) and places nothing new',
      async () => {
        const body = flightBody(pat.userId, { glider: 'DG-1000' });
        const first = await request(body);
        expect(first.statusCode).toBe(200);
        const before = await lineSnapshot(t.db, alpha);
        const again = await request(body);
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual(first.json());
        expect(await lineSnapshot(t.db, alpha)).toEqual(before);
        await cancel(body.id);
      },
    );

    it('the same id sent twice at once places one flight and both answer it', async () => {
      const body = flightBody(pat.userId, { glider: 'DG-1000' });
      const c = await cookie(pat);
      const before = await lineSnapshot(t.db, alpha);
      const [a, b] = await Promise.all([
        callAs(t, c, 'POST /api/update-item/', body),
        callAs(t, c, 'POST /api/update-item/', body),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json()).toEqual(b.json());
      expect((await lineSnapshot(t.db, alpha)).flights.length).toBe(before.flights.length + 1);
      await cancel(body.id);
    });

    it('two members asking for the same glider at once: one flight, one 409', async () => {
      const [a, b] = await Promise.all([
        request(flightBody(pat.userId, { glider: 'DG-1000' }), pat),
        request(flightBody(mo.userId, { glider: 'DG-1000' }), mo),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect((a.statusCode === 409 ? a : b).json()).toEqual(refusal(409, 'Glider DG-1000 is already flying'));
      const placed = a.statusCode === 200 ? a : b;
      await cancel(flightPlaced(placed).item.id, placed === a ? pat : mo);
    });

    it("someone else's flight id is refused (409), whatever the club", async () => {
      const body = flightBody(pat.userId, { glider: 'DG-1000' });
      expect((await request(body)).statusCode).toBe(200);
      await refused(
        { ...body, data: { ...body.data, user: mo.userId } },
        409,
        `Flight id ${body.id} is already used: send a new id for a new flight`,
        mo,
      );
      const response = await request({ ...body, data: { ...body.data, user: outsider.userId } }, outsider);
      expect(response.json()).toEqual(
        refusal(409, `Flight id ${body.id} is already used: send a new id for a new flight`),
      );
      await cancel(body.id);
    });

    it(
      'submittedAt is the tap: a request the outbox sends 4 ' + 'minutes later is submitted when it was tapped',
      async () => {
        const tappedAt = NOW - 4 * 60_000;
        const body = flightBody(pat.userId, { glider: 'DG-1000', submittedAt: tappedAt }, { date: TODAY });
        const response = await request(body);
        expect(response.statusCode).toBe(200);
        expect(flightPlaced(response).item.submittedAt).toBe(tappedAt);
        const created = await t.db
          .selectFrom('flight_action')
          .select(['happened_at', 'entered_at'])
          .where('flight_id', '=', body.id)
          .executeTakeFirstOrThrow();
        expect([created.happened_at.getTime(), created.entered_at.getTime()]).toEqual([tappedAt, NOW]);
        // A phone a minute ahead counts as now (Mo's flight: Pat is on the line already).
        const skewed = flightBody(mo.userId, { glider: '1-26', submittedAt: NOW + 60_000 });
        expect(flightPlaced(await request(skewed)).item.submittedAt).toBe(NOW);
        await cancel(body.id);
        await cancel(skewed.id);
      },
    );

    it('submittedAt in the future or before today in the club’s zone is refused', async () => {
      await refused(
        flightBody(pat.userId, { submittedAt: NOW + 3 * 60_000 }),
        400,
        "The request's time is in the future: check the phone's clock",
      );
      // 00:00 in Toronto is 04:00 UTC.
      const midnight = Date.parse('2025-07-12T04:00:00Z');
      await refused(
        flightBody(pat.userId, { submittedAt: midnight - 1 }),
        400,
        'This request was made before today (2025-07-12): flights are requested on the day they fly',
      );
      const first = flightBody(pat.userId, { glider: 'DG-1000', submittedAt: midnight });
      expect(flightPlaced(await request(first)).item.submittedAt).toBe(midnight);
      await cancel(first.id);
    });

    it(
      'a request delivered again after midnight answers its first ' + 'answer: the replay comes before the day checks',
      async () => {
        const body = flightBody(pat.userId, { glider: 'DG-1000', submittedAt: NOW - 60_000 }, { date: TODAY });
        const first = await request(body);
        expect(first.statusCode).toBe(200);
        t.clock.set(Date.parse('2025-07-13T04:30:00Z'));
        try {
          const again = await request(body);
          expect(again.statusCode).toBe(200);
          expect(again.json()).toEqual(first.json());
        } finally {
          t.clock.set(NOW);
        }
        await cancel(body.id);
      },
    );

    it('a member may place a flight for another pilot, who pays', async () => {
      const body = flightBody(mo.userId, { glider: '1-26' });
      const response = await request(body, pat);
      expect(response.statusCode).toBe(200);
      expect(response.json().item).toMatchObject({ user: mo.userId, first: 'Mo', last: 'Member', towSpeed: 55 });
      await cancel(body.id);
    });
  });

  describe(
    "the pilot's balance in the answer: the pilot's own, or any " + "pilot's for an admin or a Can Add Funds holder",
    () => {
      const place = async (pilot: Person, as: Person) => {
        const body = flightBody(pilot.userId, { glider: 'DG-1000' });
        const first = await request(body, as);
        expect(first.statusCode).toBe(200);
        const replayed = await request(body, as);
        const stored = await t.db
          .selectFrom('flight_action')
          .select('response')
          .where('flight_id', '=', body.id)
          .where('action', '=', 'Create')
          .executeTakeFirstOrThrow();
        await cancel(body.id, as);
        return {
          first: flightPlaced(first),
          replayed: replayed.json(),
          stored: stored.response as Record<string, unknown>,
        };
      };

      it('a plain member placing their own flight gets their exact balance, on a replay too', async () => {
        const { first, replayed } = await place(pat, pat);
        expect(first.balanceCents).toBe(20000);
        expect(replayed).toEqual(first);
      });

      it(
        'a plain member placing a flight for another pilot gets no balance: ' +
          'not in the answer, the replay or the stored answer',
        async () => {
          const { first, replayed, stored } = await place(mo, pat);
          expect(first.item.user).toBe(mo.userId);
          expect(first).not.toHaveProperty('balanceCents');
          expect(replayed).toEqual(first);
          expect(stored).not.toHaveProperty('balanceCents');
        },
      );

      it("a Can Add Funds holder placing a flight for another pilot gets that pilot's balance", async () => {
        const { first, replayed } = await place(mo, tess);
        expect(first.balanceCents).toBe(20000);
        expect(replayed).toEqual(first);
      });

      it("an admin placing a flight for another pilot gets that pilot's balance", async () => {
        const { first, replayed } = await place(mo, alex);
        expect(first.balanceCents).toBe(20000);
        expect(replayed).toEqual(first);
      });

      it(
        "a replay hides another pilot's balance from a plain member even where " +
          'the stored answer holds one, or there is no stored answer',
        async () => {
          // Rows as an older server wrote them: an answer holding Mo's balance, and a flight with no stored answer.
          const withBalance = randomUUID();
          const unanswered = randomUUID();
          const at = new Date(NOW);
          for (const id of [withBalance, unanswered]) {
            await t.db
              .insertInto('flight')
              .values({
                club_id: alpha,
                id,
                day: TODAY,
                user_id: mo.userId,
                first: 'Mo',
                last: 'Member',
                fly_with: 'Alone',
                glider: 'ASK-21',
                launch_type: '2000 ft',
                submitted_at: at,
                submitted_by: pat.userId,
                cancelled_at: at,
              })
              .execute();
          }
          await t.db
            .insertInto('flight_action')
            .values({
              club_id: alpha,
              flight_id: withBalance,
              action: 'Create',
              by: pat.userId,
              happened_at: at,
              entered_at: at,
              response: JSON.stringify({
                statusCode: 200,
                message: 'Flight placed on the flight line: ASK-21',
                item: { user: mo.userId },
                balanceCents: 20000,
              }),
            })
            .execute();
          for (const id of [withBalance, unanswered]) {
            const replayed = await request(flightBody(mo.userId, {}, { id }), pat);
            expect(replayed.statusCode).toBe(200);
            expect(flightReplayed(replayed).item.user).toBe(mo.userId);
            expect(replayed.json()).not.toHaveProperty('balanceCents');
          }
        },
      );
    },
  );

  describe('the second person', () => {
    it('Instructor: the instructor is the pilot in command, named from their record', async () => {
      const body = flightBody(pat.userId, {
        flyWith: 'Instructor',
        passengerID: ian.userId,
        passengerFirst: 'x',
        passengerLast: 'y',
        pilotInCharge: true,
      });
      const response = await request(body);
      expect(response.statusCode).toBe(200);
      expect(response.json().item).toMatchObject({
        flyWith: 'Instructor',
        passengerID: ian.userId,
        passengerFirst: 'Ian',
        passengerLast: 'Instructor',
        pilotInCharge: false,
        shareCost: false,
      });
      await cancel(body.id);
    });

    it('Member sharing the cost: both payers above the minimum; the member is named from their record', async () => {
      const body = flightBody(pat.userId, {
        flyWith: 'Member',
        passengerID: mo.userId,
        shareCost: true,
        pilotInCharge: false,
      });
      const response = await request(body);
      expect(response.statusCode).toBe(200);
      expect(response.json().item).toMatchObject({
        flyWith: 'Member',
        passengerID: mo.userId,
        passengerFirst: 'Mo',
        passengerLast: 'Member',
        shareCost: true,
        pilotInCharge: false,
      });
      await cancel(body.id);
    });

    it('Friend: the names as given; no member, no sharing', async () => {
      const body = flightBody(pat.userId, {
        flyWith: 'Friend',
        passengerFirst: 'Fran',
        passengerLast: 'Friend',
        shareCost: true,
        passengerID: mo.userId,
      });
      const response = await request(body);
      expect(response.statusCode).toBe(200);
      expect(response.json().item).toMatchObject({
        flyWith: 'Friend',
        passengerID: '',
        passengerFirst: 'Fran',
        passengerLast: 'Friend',
        shareCost: false,
        pilotInCharge: true,
      });
      await cancel(body.id);
    });
  });

  describe('refusals, in the domain rules order, each changing nothing', () => {
    it('a club parameter naming another club: 403', async () => {
      await refused(flightBody(pat.userId, {}, { club: bravo }), 403, 'That club is not your active club');
    });

    it('an inactive member: 403', async () => {
      await refused(
        flightBody(sleeper.userId),
        403,
        'Your account has not been activated at this club, Contact a club admin to have your account activated.',
        sleeper,
      );
    });

    it('malformed requests: 400 with the field', async () => {
      await refused(
        flightBody(pat.userId, { flyWith: 'Balloon' }),
        400,
        'Invalid flight request: flyWith: Invalid option: expected one ' +
          'of "Alone"|"Instructor"|"Member"|"Intro"|"Friend"',
      );
      await refused(flightBody(pat.userId, { glider: '' }), 400, 'Invalid flight request: glider: No glider selected');
      await refused(
        flightBody(pat.userId, { weight: -1 }),
        400,
        'Invalid flight request: weight: Too small: expected number to be >=0',
      );
      await refused(
        { ...flightBody(pat.userId), id: 'flight-1' },
        400,
        'The flight id must be a UUID made by the phone',
      );
      await refused(
        flightBody(pat.userId, {}, { date: '2025-07-11' }),
        400,
        "Flights are requested for today (2025-07-12 in the club's time zone), not 2025-07-11",
      );
    });

    it('the pilot: an active member of the club, and not ground only', async () => {
      await refused(flightBody(gail.userId), 403, 'Selected pilot is non flying');
      await refused(flightBody(gail.userId), 403, 'Selected pilot is non flying', gail);
      await refused(flightBody(sleeper.userId), 400, 'Selected pilot is not an active member of the club');
      await refused(flightBody(outsider.userId), 400, 'Selected pilot is not an active member of the club');
    });

    it('Instructor: the second person must be an instructor, not the pilot', async () => {
      await refused(
        flightBody(pat.userId, { flyWith: 'Instructor', passengerID: mo.userId }),
        400,
        'Mo Member is not an instructor',
      );
      await refused(
        flightBody(ian.userId, { flyWith: 'Instructor', passengerID: ian.userId }),
        400,
        'The instructor must be someone other than the pilot',
      );
      await refused(
        flightBody(pat.userId, { flyWith: 'Instructor' }),
        400,
        'Second person not identified: choose the instructor',
      );
    });

    it('Member: an active member other than the pilot, who flies', async () => {
      await refused(
        flightBody(pat.userId, { flyWith: 'Member', passengerID: pat.userId }),
        400,
        'The member must be someone other than the pilot',
      );
      await refused(
        flightBody(pat.userId, { flyWith: 'Member', passengerID: sleeper.userId }),
        400,
        'The member is not an active member of the club',
      );
      await refused(
        flightBody(pat.userId, { flyWith: 'Member', passengerID: gail.userId }),
        403,
        'Gail Ground is non flying',
      );
    });

    it('Friend: both names', async () => {
      await refused(
        flightBody(pat.userId, { flyWith: 'Friend', passengerFirst: 'Fran' }),
        400,
        "Second person not identified: enter the friend's first and last name",
      );
    });

    it('the glider: known, Ready, not flying, with a second seat for two', async () => {
      await refused(flightBody(pat.userId, { glider: 'ZZ-9' }), 400, 'Unknown glider ZZ-9');
      await refused(flightBody(pat.userId, { glider: 'Blanik' }), 409, 'Glider Blanik is not ready');
      await refused(
        flightBody(pat.userId, { glider: '1-26', flyWith: 'Member', passengerID: mo.userId }),
        400,
        'Glider 1-26 has one seat: choose a multi-seat glider to fly with someone',
      );
      const flying = flightBody(mo.userId);
      expect((await request(flying, mo)).statusCode).toBe(200);
      await refused(flightBody(pat.userId), 409, 'Glider ASK-21 is already flying');
      await cancel(flying.id, mo);
    });

    it('the launch type: chosen, and active at the club', async () => {
      await refused(flightBody(pat.userId, { launchType: '' }), 400, 'No launch type selected');
      await refused(
        flightBody(pat.userId, { launchType: 'Winch' }),
        400,
        "Unknown launch type Winch: choose one of the club's launch types",
      );
    });

    it('the funds: the payer, and a member sharing the cost, at or above the minimum level', async () => {
      await refused(flightBody(poor.userId), 409, 'Insufficient funds');
      await refused(
        flightBody(pat.userId, { flyWith: 'Member', passengerID: poor.userId, shareCost: true }),
        409,
        "Insufficient funds: Penny Poor, who shares the cost, is below the club's minimum balance",
      );
      // Not sharing, the member's balance is not theirs to check.
      const body = flightBody(pat.userId, { flyWith: 'Member', passengerID: poor.userId, shareCost: false });
      expect((await request(body)).statusCode).toBe(200);
      await cancel(body.id);
    });
  });

  describe('intro flights', () => {
    it(
      'a pre-purchased intro, expired but allowed: linked to the flight, the ' +
        'intro launch flown, no funds needed, renamed on the way',
      async () => {
        const introId = await createIntro(t.db, alpha, {
          sn: 'EXP234',
          purchaseDate: '2024-06-01',
          staleDate: '2025-06-01',
        });
        const body = flightBody(poor.userId, {
          flyWith: 'Intro',
          launchType: '',
          introRef: introId,
          updateIntro: { id: introId, recipientFirst: 'Iris' },
        });
        const response = await request(body, poor);
        expect(response.statusCode).toBe(200);
        expect(response.json().item).toMatchObject({
          flyWith: 'Intro',
          introRef: introId,
          launchType: '2000 ft',
          passengerFirst: 'Iris',
          passengerLast: 'Intro',
          pilotInCharge: true,
        });
        expect(flightPlaced(response).intro).toBeUndefined();
        const intro = await t.db
          .selectFrom('intro')
          .select(['flight_ref', 'recipient_first'])
          .where('id', '=', introId)
          .executeTakeFirstOrThrow();
        expect(intro).toEqual({ flight_ref: body.id, recipient_first: 'Iris' });

        // Used: no second flight may take it.
        await refused(
          flightBody(pat.userId, { flyWith: 'Intro', glider: 'DG-1000', introRef: introId }),
          409,
          'Intro EXP234 is already on a flight',
        );
        // Removed from the line, the intro is free again.
        expect((await cancel(body.id, poor)).statusCode).toBe(200);
        expect(
          (await t.db.selectFrom('intro').select('flight_ref').where('id', '=', introId).executeTakeFirstOrThrow())
            .flight_ref,
        ).toBeNull();
      },
    );

    it('refunded, cancelled, unknown or another club’s intros are refused', async () => {
      const refunded = await createIntro(t.db, alpha, { sn: 'REF234', refunded: true });
      const cancelled = await createIntro(t.db, alpha, { sn: 'CAN234', cancelled: true });
      const theirs = await createIntro(t.db, bravo, { sn: 'BRV234' });
      await refused(flightBody(pat.userId, { flyWith: 'Intro', introRef: refunded }), 409, 'Intro REF234 was refunded');
      await refused(
        flightBody(pat.userId, { flyWith: 'Intro', introRef: cancelled }),
        409,
        'Intro CAN234 was cancelled',
      );
      await refused(flightBody(pat.userId, { flyWith: 'Intro', introRef: theirs }), 400, `Unknown intro ${theirs}`);
      await refused(flightBody(pat.userId, { flyWith: 'Intro', introRef: 'nope' }), 400, 'Unknown intro nope');
      await refused(
        flightBody(pat.userId, { flyWith: 'Intro' }),
        400,
        'Second person not identified: choose a pre-purchased intro or sell a new one',
      );
      const good = await createIntro(t.db, alpha, { sn: 'GUD234' });
      await refused(
        flightBody(pat.userId, {
          flyWith: 'Intro',
          introRef: good,
          updateIntro: { id: refunded, recipientFirst: 'X' },
        }),
        400,
        'updateIntro must name the intro chosen for the flight',
      );
      await refused(
        flightBody(pat.userId, { updateIntro: { id: good, recipientFirst: 'X' } }),
        400,
        'newIntro and updateIntro go with an Intro flight only',
      );
    });

    it(
      'a new intro sold on the spot: a fresh serial, the price of the intro ' +
        'launch, Dr 1000 [Cash] / Cr 2120 [intro], linked to the flight',
      async () => {
        const body = flightBody(pat.userId, {
          flyWith: 'Intro',
          launchType: '',
          newIntro: {
            introType: 'Intro flight',
            recipientFirst: 'Nia',
            recipientLast: 'New',
            payment: 'cash',
            paymentRef: 'R-77',
          },
        });
        const response = await request(body);
        expect(response.statusCode).toBe(200);
        const intro = flightPlaced(response).intro!;
        expect(isWellFormedSerial(intro.SN)).toBe(true);
        expect(intro).toEqual({
          id: intro.id,
          SN: intro.SN,
          recipientFirst: 'Nia',
          recipientLast: 'New',
          recipientEmail: '',
          buyerFirst: '',
          buyerLast: '',
          buyerEmail: '',
          launchType: 'Intro flight',
          priceCents: 15000,
          payment: 'Cash',
          paymentRef: 'R-77',
          date: TODAY,
          note: '',
          staleDate: '2026-07-12',
          flightRef: body.id,
          taxStatus: 'exempt',
          taxRates: [],
          refunded: false,
          cancelled: false,
        });
        expect(response.json().item).toMatchObject({
          introRef: intro.id,
          passengerFirst: 'Nia',
          passengerLast: 'New',
          launchType: '2000 ft',
        });
        const entry = await t.db
          .selectFrom('ledger_transaction')
          .select(['id', 'transaction_type', 'description'])
          .where('club_id', '=', alpha)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        expect(entry).toMatchObject({
          transaction_type: 'Intro Sale',
          description: `Intro ${intro.SN} sold (Cash) ref R-77`,
        });
        expect(await postingsOf(t.db, entry.id)).toEqual([
          posting(1000, 15000, { transfer: 'Cash' }),
          posting(2120, -15000, { intro: intro.id }),
        ]);
        // The pilot paid nothing for it.
        expect(await balanceOf(t.db, alpha, pat.userId)).toBe(20000);
        await cancel(body.id);
      },
    );

    it(
      'a new intro with a serial given keeps it; a serial in use, an ' +
        'unknown payment method or intro launch are refused',
      async () => {
        const sale = { introType: 'Intro flight', recipientFirst: 'Nia', recipientLast: 'New', payment: 'Cash' };
        const body = flightBody(pat.userId, { flyWith: 'Intro', newIntro: { ...sale, SN: 'gift-01' } });
        const response = await request(body);
        expect(flightPlaced(response).intro?.SN).toBe('GIFT-01');
        await cancel(body.id);
        await refused(
          flightBody(pat.userId, { flyWith: 'Intro', newIntro: { ...sale, SN: 'Gift-01' } }),
          409,
          'Serial number GIFT-01 is already used: enter another or leave it empty',
        );
        await refused(
          flightBody(pat.userId, { flyWith: 'Intro', newIntro: { ...sale, payment: 'Bitcoin' } }),
          400,
          'Unknown payment method Bitcoin: use one of Cash, Card',
        );
        await refused(
          flightBody(pat.userId, { flyWith: 'Intro', newIntro: { ...sale, introType: 'Aerobatics' } }),
          400,
          "Unknown intro launch Aerobatics: choose one of the club's intro launches",
        );
        const introId = await createIntro(t.db, alpha, { sn: 'BTH234' });
        await refused(
          flightBody(pat.userId, { flyWith: 'Intro', introRef: introId, newIntro: sale }),
          400,
          'Choose a pre-purchased intro or sell a new one, not both',
        );
        // A sale whose flight is refused is not sold either (one transaction).
        await refused(
          flightBody(pat.userId, { flyWith: 'Intro', glider: 'Blanik', newIntro: sale }),
          409,
          'Glider Blanik is not ready',
        );
      },
    );
  });

  describe('update-item INTRO and PILOT weight', () => {
    const update = async (id: string, data: object, as: Person) =>
      api.post('/api/update-item/', { type: 'INTRO', id, data }, await cookie(as));

    it(
      'any active member renames the passenger of an intro a flight ' + 'can take; a used one only on their own flight',
      async () => {
        const introId = await createIntro(t.db, alpha, { sn: 'REN234' });
        const renamed = await update(introId, { recipientFirst: 'Rae', recipientLast: 'Renamed' }, mo);
        expect(renamed.statusCode).toBe(200);
        expect(renamed.json()).toMatchObject({
          statusCode: 200,
          message: 'Intro updated successfully',
          item: { id: introId, recipientFirst: 'Rae', recipientLast: 'Renamed' },
        });

        const body = flightBody(pat.userId, { flyWith: 'Intro', introRef: introId });
        expect((await request(body)).statusCode).toBe(200);
        expect((await update(introId, { id: introId, recipientLast: 'Pilot-Own' }, pat)).statusCode).toBe(200);
        const other = await update(introId, { recipientLast: 'Meddler' }, mo);
        expect(other.json()).toEqual(
          refusal(
            403,
            'Only an admin or a member who can add intros can rename the ' +
              'passenger of an intro that is used, refunded or cancelled',
          ),
        );
        const refunded = await createIntro(t.db, alpha, { sn: 'RFN234', refunded: true });
        expect((await update(refunded, { recipientFirst: 'X' }, mo)).statusCode).toBe(403);
        await cancel(body.id);
      },
    );

    it(
      'flightRef confirms the link the flight made; unlinking a ' + 'live link or linking another flight is refused',
      async () => {
        const introId = await createIntro(t.db, alpha, { sn: 'LNK234' });
        const body = flightBody(pat.userId, { flyWith: 'Intro', introRef: introId });
        expect((await request(body)).statusCode).toBe(200);
        const confirmed = await update(introId, { flightRef: body.id }, mo);
        expect(confirmed.json().item.flightRef).toBe(body.id);
        expect((await update(introId, { flightRef: '' }, mo)).json()).toEqual(
          refusal(409, `Intro LNK234 is on flight ${body.id}: remove the flight from the line first`),
        );
        const other = flightBody(mo.userId, { glider: 'DG-1000' });
        expect((await request(other, mo)).statusCode).toBe(200);
        expect((await update(introId, { flightRef: other.id }, mo)).json()).toEqual(
          refusal(409, `Intro LNK234 is not on flight ${other.id}: choose the intro when requesting the flight`),
        );
        expect((await update(introId, { flightRef: randomUUID() }, mo)).json()).toEqual(
          refusal(404, 'Flight not found'),
        );
        await cancel(body.id);
        await cancel(other.id, mo);
        expect((await update(introId, { flightRef: '' }, mo)).json().item.flightRef).toBe('');
      },
    );

    it(
      'bad INTRO updates: another club, unknown intro, a refund ' + 'by a member who may not refund, empty data',
      async () => {
        const introId = await createIntro(t.db, alpha, { sn: 'BAD234' });
        expect(
          (
            await api.post(
              '/api/update-item/',
              { club: bravo, type: 'INTRO', id: introId, data: { recipientFirst: 'X' } },
              await cookie(mo),
            )
          ).json(),
        ).toEqual(refusal(403, 'That club is not your active club'));
        expect((await update(introId, { recipientFirst: 'X' }, outsider)).json()).toEqual(
          refusal(404, 'Intro not found'),
        );
        expect((await update(randomUUID(), { recipientFirst: 'X' }, mo)).json()).toEqual(
          refusal(404, 'Intro not found'),
        );
        expect((await update(introId, { action: 'Refund' }, mo)).json()).toEqual(
          refusal(403, 'User is not authorized (603)'),
        );
        expect((await update(introId, {}, mo)).json()).toEqual(
          refusal(
            400,
            'Invalid data: INTRO data must be a passenger rename ' +
              '(recipientFirst, recipientLast) or a flight link (flightRef)',
          ),
        );
        expect((await update(introId, { recipientFirst: '' }, mo)).statusCode).toBe(400);
      },
    );

    it("update-item PILOT {weight}: one's own weight, not someone else's", async () => {
      const own = await callAs(t, await cookie(pat), 'POST /api/update-item/', {
        type: 'PILOT',
        id: pat.userId,
        data: { weight: 84 },
      });
      expect(own.json()).toEqual({
        statusCode: 200,
        message: 'Weight saved',
        item: { userID: pat.userId, weight: 84 },
      });
      const other = await callAs(t, await cookie(pat), 'POST /api/update-item/', {
        type: 'PILOT',
        id: mo.userId,
        data: { weight: 84 },
      });
      expect(other.json()).toEqual(refusal(403, 'You can only change your own weight'));
    });
  });
});
