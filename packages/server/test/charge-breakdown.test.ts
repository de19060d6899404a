import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variableTowDetail } from '@flightline/domain/fixtures/charge-breakdown';
import { insertEntry } from '../src/modules/ledger/posting-repo.ts';
import { callAs, callRaw, refusal, type CallInput } from './helpers/api.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';
import { checkInTowPilot, depositFor, flightBody } from './helpers/flights.ts';
import { setClubAccounting } from './helpers/ledger.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import type { Person } from './helpers/test-app.ts';

/** 12:00 on 2025-07-12 in Toronto (EDT, UTC−4). */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const MINUTE = 60_000;

/**
 * Charges people understand (issue 17, item 4): every charge on a member's
 * account opens a breakdown — for a flight's tow and rental, the price rule's
 * figures as the ledger posted them, frozen with the entry. Figures are
 * computed by hand in each test.
 */
describe('charge breakdowns: GET /api/get-charge-breakdown', () => {
  let { t, alpha, bravo } = {} as TwoClubs;
  let { pat, mo, admin, crew, outsider } = {} as LinePeople;
  const cookie = (person: Person) => t.cookieFor(person.email);
  const act = async (body: CallInput<'POST /api/update-flight/'>) => {
    const response = await callAs(t, await cookie(crew), 'POST /api/update-flight/', body);
    expect(response.statusCode, response.body).toBe(200);
  };
  /**
   * A flight requested 80 minutes ago, launched 70 minutes ago, and landed after `flownMs` (20 minutes unless
   * given).
   */
  const fly = async (
    user: Person,
    data: Record<string, unknown>,
    releaseHeight?: number,
    flownMs = 20 * MINUTE,
  ): Promise<string> => {
    const body = flightBody(user.userId, data);
    // Requested before its launch: no launch before the request.
    t.clock.set(NOW - 80 * MINUTE);
    const placed = await callAs(t, await cookie(user), 'POST /api/update-item/', body);
    t.clock.set(NOW);
    expect(placed.statusCode, placed.body).toBe(200);
    const launchedAt = NOW - 70 * MINUTE;
    await act({ id: body.id, action: 'Launch', time: launchedAt, tug: 'C-GTOW' });
    if (releaseHeight !== undefined)
      await act({ id: body.id, action: 'ReleaseHeight', releaseHeight, time: launchedAt + 5 * MINUTE });
    await act({ id: body.id, action: 'Landing', time: launchedAt + flownMs });
    return body.id;
  };
  const entries = (flightId: string) =>
    t.db
      .selectFrom('flight')
      .select(['launch_transaction', 'landing_transaction'])
      .where('id', '=', flightId)
      .executeTakeFirstOrThrow();
  const breakdown = async (transactionId: number | null, as: Person, user?: Person) =>
    callAs(t, await cookie(as), 'GET /api/get-charge-breakdown', { transactionId, user: user?.userId });

  beforeAll(async () => {
    ({ t, alpha, bravo } = await openTwoClubs({ now: NOW }, { fleet: true }));
    ({ pat, mo, admin, crew, outsider } = await createLinePeople(t.db, { alpha, bravo }, [
      'pat',
      'mo',
      'admin',
      'crew',
      'outsider',
    ]));
    for (const who of [pat, mo]) await depositFor(t.db, alpha, who.userId, 50_000, NOW - 86_400_000);
    await checkInTowPilot(t.db, alpha, 'C-GTOW', crew.userId, NOW - 3 * 60 * MINUTE);
    // 13 % HST on top of the variable launch and of ASK-21's rental.
    await setClubAccounting(t.db, alpha, { taxRates: { HST: 0.13 } });
    await t.db
      .updateTable('launch_type')
      .set({ tax_status: 'exclusive', tax_names: ['HST'] })
      .where('club_id', '=', alpha)
      .where('id', '=', 'Variable')
      .execute();
    await t.db
      .updateTable('glider')
      .set({ tax_status: 'exclusive', tax_names: ['HST'], block_rule_ids: ['SEASON'] })
      .where('club_id', '=', alpha)
      .where('id', '=', 'ASK-21')
      .execute();
  });
  afterAll(() => t.close());

  it(
    'a variable tow: the ranges the release height crossed, each ' +
      'with its segments and cost, the tax and the total',
    async () => {
      // 1,250 ft: 0–1000 is one started segment of 1000 ($30.00); 1000–1250 is 3 started segments of 100 at $2.50
      // ($7.50).
      const id = await fly(pat, { launchType: 'Variable' }, 1250);
      const { launch_transaction } = await entries(id);
      const response = await breakdown(launch_transaction, pat);
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json();
      // $37.50 + 13 % ($4.875, rounded half away from zero to $4.88) = $42.38.
      expect(answer).toMatchObject({
        transactionId: launch_transaction,
        transactionType: 'Launch',
        reverses: null,
        memberId: pat.userId,
        netCents: 3750,
        taxes: [{ name: 'HST', cents: 488 }],
        totalCents: 4238,
      });
      expect(answer.flight).toEqual(variableTowDetail(id, pat.userId));
      // What the member's account was charged, to the cent.
      const posted = await t.db
        .selectFrom('posting')
        .select('amount_cents')
        .where('transaction_id', '=', launch_transaction!)
        .where('member_id', '=', pat.userId)
        .executeTakeFirstOrThrow();
      expect(posted.amount_cents).toBe(4238);
    },
  );

  it(
    'a rental: minutes flown and billed, the rate, the tax — ' + 'and a later price change does not rewrite it',
    async () => {
      // 61 minutes and 1 second flown: 62 minutes billed at 50¢ = $31.00, HST $4.03.
      const id = await fly(pat, { launchType: '2000 ft' }, undefined, 61 * MINUTE + 1000);
      const { landing_transaction } = await entries(id);
      const before = (await breakdown(landing_transaction, pat)).json();
      expect(before).toMatchObject({
        transactionType: 'Rental',
        netCents: 3100,
        taxes: [{ name: 'HST', cents: 403 }],
        totalCents: 3503,
      });
      expect(before.flight).toMatchObject({
        kind: 'rental',
        glider: 'ASK-21',
        launchedAt: NOW - 70 * MINUTE,
        landedAt: NOW - 70 * MINUTE + 61 * MINUTE + 1000,
        minutesBilled: 62,
        rateCentsPerMinute: 50,
        listCents: 3100,
        taxRates: [{ name: 'HST', rate: 0.13 }],
      });
      await t.db
        .updateTable('glider')
        .set({ rate_cents_per_minute: 99 })
        .where('club_id', '=', alpha)
        .where('id', '=', 'ASK-21')
        .execute();
      await setClubAccounting(t.db, alpha, { taxRates: { HST: 0.05 } });
      try {
        expect((await breakdown(landing_transaction, pat)).json()).toEqual(before);
      } finally {
        await t.db
          .updateTable('glider')
          .set({ rate_cents_per_minute: 50 })
          .where('club_id', '=', alpha)
          .where('id', '=', 'ASK-21')
          .execute();
        await setClubAccounting(t.db, alpha, { taxRates: { HST: 0.13 } });
      }
    },
  );

  it('a block: minutes drawn and left, the excess at its multiplier, only the cash part taxed', async () => {
    await t.db
      .insertInto('block_rule')
      .values({
        club_id: alpha,
        id: 'SEASON',
        name: 'Season 600',
        units: 'minutes',
        amount: 600,
        price_cents: 30_000,
        max_flight_units: 30,
        excess_multiplier: 1.5,
      })
      .execute();
    const bought = await callAs(t, await cookie(admin), 'POST /api/add-transaction/', {
      transactionType: 'Block',
      pilot: mo.userId,
      block: { id: 'SEASON', startDate: '2025-01-01', endDate: '2025-12-31' },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    // 45 minutes: 30 drawn from the block (570 left), 15 beyond its per-flight maximum at 50¢ × 1.5 = $11.25, HST
    // $1.46.
    const id = await fly(mo, { launchType: '2000 ft' }, undefined, 45 * MINUTE);
    const { landing_transaction } = await entries(id);
    const answer = (await breakdown(landing_transaction, mo)).json();
    expect(answer).toMatchObject({ netCents: 1125, taxes: [{ name: 'HST', cents: 146 }], totalCents: 1271 });
    expect(answer.flight?.payers).toEqual([
      {
        memberId: mo.userId,
        name: 'Mo Member',
        listCents: 2250,
        block: { name: 'Season 600', units: 'minutes', drawn: 30, leftAfter: 570, excessMultiplier: 1.5 },
        cashCents: 1125,
        netCents: 1125,
        taxes: [{ name: 'HST', cents: 146 }],
        totalCents: 1271,
      },
    ]);
  });

  it(
    'a shared rental: each payer sees their own part — their share, ' +
      'their block drawn and left — and the other only by name',
    async () => {
      // Mo holds Season 600 (570 minutes left after the test above); Pat holds no block.
      // 70 minutes in ASK-21, 35 each. Pat: 35 min × 50¢ = $17.50 cash. Mo: 30 from the block (its per-flight
      // maximum; 540 left), 5 beyond it at 50¢ × 1.5 = $3.75 cash. Cash $21.25, HST once: 13 % = $2.7625 → $2.76;
      // total $24.01, shared in proportion to 1750 : 375 → Pat $19.77 (1750 + 227 HST), Mo $4.24 (375 + 49 HST).
      const id = await fly(
        pat,
        { flyWith: 'Member', passengerID: mo.userId, shareCost: true, glider: 'ASK-21' },
        undefined,
        70 * MINUTE,
      );
      const { landing_transaction } = await entries(id);
      const patView = (await breakdown(landing_transaction, pat)).json();
      expect(patView).toMatchObject({
        memberId: pat.userId,
        netCents: 1750,
        taxes: [{ name: 'HST', cents: 227 }],
        totalCents: 1977,
        sharedWith: ['Mo Member'],
      });
      // The shared total is the flight's: 70 minutes at 50¢.
      expect(patView.flight).toMatchObject({ kind: 'rental', minutesBilled: 70, listCents: 3500 });
      expect(patView.flight?.payers).toEqual([
        {
          memberId: pat.userId,
          name: 'Pat Pilot',
          listCents: 1750,
          block: null,
          cashCents: 1750,
          netCents: 1750,
          taxes: [{ name: 'HST', cents: 227 }],
          totalCents: 1977,
        },
      ]);
      // Nothing of Mo's block reaches Pat: not its name, the minutes drawn or what it has left.
      expect(JSON.stringify(patView)).not.toMatch(/Season|540/);
      const moView = (await breakdown(landing_transaction, mo)).json();
      expect(moView).toMatchObject({
        memberId: mo.userId,
        netCents: 375,
        taxes: [{ name: 'HST', cents: 49 }],
        totalCents: 424,
        sharedWith: ['Pat Pilot'],
      });
      expect(moView.flight?.payers).toEqual([
        {
          memberId: mo.userId,
          name: 'Mo Member',
          listCents: 1750,
          block: { name: 'Season 600', units: 'minutes', drawn: 30, leftAfter: 540, excessMultiplier: 1.5 },
          cashCents: 375,
          netCents: 375,
          taxes: [{ name: 'HST', cents: 49 }],
          totalCents: 424,
        },
      ]);
      // An admin reading Mo's part sees Mo's, and still not Pat's.
      const adminView = (await breakdown(landing_transaction, admin, mo)).json();
      expect(adminView.flight?.payers.map((p) => p.memberId)).toEqual([mo.userId]);
    },
  );

  it('a shared tow: each member sees their own half, and the other payer by name', async () => {
    const id = await fly(pat, { flyWith: 'Member', passengerID: mo.userId, shareCost: true, glider: 'DG-1000' });
    const { launch_transaction } = await entries(id);
    for (const [who, other] of [
      [pat, 'Mo Member'],
      [mo, 'Pat Pilot'],
    ] as const) {
      const answer = (await breakdown(launch_transaction, who)).json();
      // '2000 ft' is $40.00 with no tax: $20.00 each.
      expect(answer).toMatchObject({
        memberId: who.userId,
        netCents: 2000,
        taxes: [],
        totalCents: 2000,
        sharedWith: [other],
      });
      expect(answer.flight?.payers.map((p) => [p.memberId, p.totalCents])).toEqual([[who.userId, 2000]]);
    }
  });

  it('an undone landing: the reversal shows the same figures taken back, and names the entry it reverses', async () => {
    const id = await fly(pat, { launchType: '2000 ft' }, undefined, 20 * MINUTE);
    const { landing_transaction } = await entries(id);
    await act({ id, action: 'UndoLanding' });
    const reversal = await t.db
      .selectFrom('ledger_transaction')
      .select('id')
      .where('reverses_id', '=', landing_transaction)
      .executeTakeFirstOrThrow();
    const answer = (await breakdown(reversal.id, pat)).json();
    // 20 minutes at 50¢ = $10.00, HST $1.30.
    expect(answer).toMatchObject({
      reverses: landing_transaction,
      netCents: -1000,
      taxes: [{ name: 'HST', cents: -130 }],
      totalCents: -1130,
    });
    expect(answer.flight).toMatchObject({ kind: 'rental', minutesBilled: 20 });
    await act({ id, action: 'Landing', time: NOW - 50 * MINUTE });
  });

  it('a charge without frozen figures is explained from its postings: net and each tax', async () => {
    const entry = await t.db.transaction().execute((trx) =>
      insertEntry(trx, {
        clubId: alpha,
        effectiveAt: new Date(NOW - MINUTE),
        enteredAt: new Date(NOW - MINUTE),
        enteredBy: admin.userId,
        transactionType: 'Fee',
        description: 'Fee: Hangar',
        note: '',
        reference: '',
        idempotencyKey: null,
        reversesId: null,
        lines: [
          { account: 2100, amountCents: 1130, memberId: pat.userId },
          { account: 4900, amountCents: -1000, feeClass: 'Hangar' },
          { account: 2510, amountCents: -130, taxName: 'HST' },
        ],
      }),
    );
    expect((await breakdown(entry, pat)).json()).toMatchObject({
      description: 'Fee: Hangar',
      netCents: 1000,
      taxes: [{ name: 'HST', cents: 130 }],
      totalCents: 1130,
      flight: null,
    });
  });

  it(
    'another member’s charge: 403 for a member, the right figures ' +
      'for an admin; not a charge, or another club’s: 404',
    async () => {
      const id = await fly(pat, { launchType: '2000 ft' });
      const { launch_transaction } = await entries(id);
      expect((await breakdown(launch_transaction, mo, pat)).json()).toEqual(
        refusal(403, "You can only see your own account; an admin or a treasurer can see others'"),
      );
      expect((await breakdown(launch_transaction, mo)).json()).toEqual(
        refusal(404, "This entry is not a charge on this member's account"),
      );
      expect((await breakdown(launch_transaction, admin, pat)).json()).toMatchObject({
        memberId: pat.userId,
        totalCents: 4000,
      });
      const deposit = await t.db
        .selectFrom('posting')
        .select('transaction_id')
        .where('member_id', '=', pat.userId)
        .where('account', '=', 2100)
        .where('amount_cents', '<', 0)
        .executeTakeFirstOrThrow();
      expect((await breakdown(deposit.transaction_id, pat)).json()).toEqual(
        refusal(404, "This entry is not a charge on this member's account"),
      );
      expect((await breakdown(launch_transaction, outsider)).json()).toEqual(refusal(404, 'No such entry'));
      const bad = await callRaw(t, await cookie(pat), 'GET /api/get-charge-breakdown', { transactionId: 'abc' });
      expect(bad.statusCode).toBe(400);
    },
  );
});
