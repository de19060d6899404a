import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../src/db/schema.ts';
import { HttpError, notFound } from '../src/http/errors.ts';
import {
  flightPayers,
  postLandingCharges,
  postLaunchCharges,
  postReleaseHeightCharges,
  reverseLandingCharges,
  reverseLaunchCharges,
  type BillingContext,
  type FlightMoney,
} from '../src/modules/billing/flight-billing.ts';
import { lockFlight, setFlightMoney, type FlightStateRow } from '../src/modules/flights/repo.ts';
import { insertEntry } from '../src/modules/ledger/posting-repo.ts';
import { DEMO_VARIABLE_RANGES } from '../src/seed/demo-club.ts';
import { apiClient, type ApiClient } from './helpers/api.ts';
import { insertFlight } from './helpers/flights.ts';
import { ledgerCounts, posting, postingsOf, setClubAccounting } from './helpers/ledger.ts';
import { createClub, createPerson, createTestApp, type Person, type TestApp } from './helpers/test-app.ts';

/** 12:00 on 2025-11-22 in Toronto (EST, UTC−5): the entered time of every call. */
const NOW = Date.parse('2025-11-22T17:00:00Z');
const DAY = '2025-11-22';
/** 10:00 local on DAY, plus minutes and seconds. */
const at = (minutes: number, seconds = 0, base = '2025-11-22T15:00:00Z') =>
  new Date(Date.parse(base) + (minutes * 60 + seconds) * 1000);

describe('billing of flights', () => {
  let t: TestApp;
  let api: ApiClient;
  let alpha: string;
  let admin: Person;
  let treasurer: Person;
  let crew: Person;
  let adminCookie: string;
  let treasurerCookie: string;
  let gliderCount = 0;

  const ctx = (clubId = alpha, now = NOW): BillingContext => ({ clubId, by: crew.userId, now: new Date(now) });
  const run = <T>(work: (trx: Transaction<DB>) => Promise<T>) => t.db.transaction().execute(work);
  /** Billing is handed the flight row the line has locked, as the line hands it. */
  const lockedFlight = async (trx: Transaction<DB>, flightId: string, clubId = alpha) => {
    const row = await lockFlight(trx, clubId, flightId);
    if (!row) throw notFound('No such flight at this club');
    return row;
  };
  /** Billing's answer for the flight row the line has locked, its money kept on the row as the flight line keeps it. */
  const bill = <T extends { money: FlightMoney | null }>(
    flightId: string,
    clubId: string,
    charge: (trx: Transaction<DB>, flight: FlightStateRow) => Promise<T>,
  ): Promise<T> =>
    run(async (trx) => {
      const answer = await charge(trx, await lockedFlight(trx, flightId, clubId));
      await setFlightMoney(trx, clubId, flightId, answer.money);
      return answer;
    });
  const launch = async (flightId: string, clubId = alpha) =>
    (await bill(flightId, clubId, (trx, flight) => postLaunchCharges(trx, ctx(clubId), flight))).entryId;
  const release = (flightId: string, height: number) =>
    run(async (trx) => {
      await trx
        .updateTable('flight')
        .set({ release_height: height, release_set_by: crew.userId })
        .where('id', '=', flightId)
        .execute();
      const answer = await postReleaseHeightCharges(trx, ctx(), await lockedFlight(trx, flightId));
      await setFlightMoney(trx, alpha, flightId, answer.money);
      return answer.entryId;
    });
  const land = async (flightId: string, clubId = alpha) =>
    (await bill(flightId, clubId, (trx, flight) => postLandingCharges(trx, ctx(clubId), flight))).entryId;
  const undoLaunch = async (flightId: string) =>
    (await bill(flightId, alpha, (trx, flight) => reverseLaunchCharges(trx, ctx(), flight))).reversalIds;
  const undoLanding = async (flightId: string) =>
    (await bill(flightId, alpha, (trx, flight) => reverseLandingCharges(trx, ctx(), flight))).reversalIds;

  /**
   * The member's balance at the end of DAY: the flights land after NOW, and the balance counts entries effective by
   * now.
   */
  const balanceOf = async (member: Person) => {
    t.clock.set(Date.parse('2025-11-23T04:59:00Z'));
    try {
      const response = await api.get(`/api/get-balance?userID=${member.userId}`, adminCookie);
      expect(response.statusCode).toBe(200);
      return response.json().balanceCents as number;
    } finally {
      t.clock.set(NOW);
    }
  };
  const blockBalances = async (member: Person) => {
    const response = await api.get(`/api/get-block-balances?userID=${member.userId}&includeExpired=true`, adminCookie);
    return Object.fromEntries(
      (response.json().blocks as { blockId: string; blockBalance: number }[]).map((b) => [b.blockId, b.blockBalance]),
    );
  };
  /** What `work` answers, once the ledger is seen to hold no entry or posting more than before it. */
  const withNoNewEntries = async <T>(work: () => Promise<T>): Promise<T> => {
    const before = await ledgerCounts(t.db, alpha);
    const answer = await work();
    expect(await ledgerCounts(t.db, alpha)).toEqual(before);
    return answer;
  };
  const member = (first: string, last: string, clubId = alpha) => createPerson(t.db, { club: clubId, first, last });

  /** Buys a block through add-transaction, as the treasurer would; answers the member's block id. */
  const buyBlock = async (who: Person, ruleId: string, startDate: string, endDate: string) => {
    const response = await api.post(
      '/api/add-transaction/',
      { transactionType: 'Block', pilot: who.userId, block: { id: ruleId, startDate, endDate } },
      treasurerCookie,
    );
    expect(response.statusCode).toBe(200);
    const block = await t.db
      .selectFrom('member_block')
      .select('id')
      .where('transaction_id', '=', response.json().transactionId)
      .executeTakeFirstOrThrow();
    return { blockId: block.id, purchaseId: response.json().transactionId as number };
  };

  const glider = async (values: {
    rate: number;
    rules?: string[];
    taxStatus?: 'exempt' | 'inclusive' | 'exclusive';
    taxNames?: string[];
    clubId?: string;
  }) => {
    gliderCount += 1;
    const id = `C-G${String(gliderCount).padStart(3, '0')}`;
    await t.db
      .insertInto('glider')
      .values({
        club_id: values.clubId ?? alpha,
        id,
        places: 2,
        rate_cents_per_minute: values.rate,
        status: 'Ready',
        block_rule_ids: values.rules ?? [],
        tax_status: values.taxStatus ?? 'exempt',
        tax_names: values.taxNames ?? [],
      })
      .execute();
    return id;
  };

  const blockRule = async (rule: {
    id: string;
    name: string;
    units: 'unlimited' | '$' | 'minutes';
    amount: number;
    priceCents: number;
    minFlightUnits?: number;
    maxFlightUnits?: number | null;
    minFlightChargeCents?: number;
    maxFlightChargeCents?: number | null;
    excessMultiplier?: number;
    endsAfterFlyingDays?: number;
    endsAfterDays?: number;
  }) => {
    await t.db
      .insertInto('block_rule')
      .values({
        club_id: alpha,
        id: rule.id,
        name: rule.name,
        units: rule.units,
        amount: rule.amount,
        price_cents: rule.priceCents,
        min_flight_units: rule.minFlightUnits ?? 0,
        max_flight_units: rule.maxFlightUnits ?? null,
        min_flight_charge_cents: rule.minFlightChargeCents ?? 0,
        max_flight_charge_cents: rule.maxFlightChargeCents ?? null,
        excess_multiplier: rule.excessMultiplier ?? 1,
        ends_after_flying_days: rule.endsAfterFlyingDays !== undefined,
        flying_days_count: rule.endsAfterFlyingDays ?? 0,
        ends_after_days: rule.endsAfterDays !== undefined,
        days_count: rule.endsAfterDays ?? 0,
      })
      .execute();
  };

  const launchType = async (
    clubId: string,
    id: string,
    values: {
      kind: 'fixed' | 'variable';
      priceCents: number;
      ranges?: typeof DEMO_VARIABLE_RANGES;
      taxStatus?: 'exempt' | 'inclusive' | 'exclusive';
      taxNames?: string[];
    },
  ) => {
    await t.db
      .insertInto('launch_type')
      .values({
        club_id: clubId,
        id,
        kind: values.kind,
        price_cents: values.priceCents,
        height: values.kind === 'fixed' ? 2000 : null,
        height_ranges: JSON.stringify(values.ranges ?? []),
        tax_status: values.taxStatus ?? 'exempt',
        tax_names: values.taxNames ?? [],
      })
      .execute();
  };

  /** A flight row as the line would leave it, inserted directly. */
  const flight = async (values: {
    pilot: Person;
    glider: string;
    launchType?: string;
    flyWith?: 'Alone' | 'Instructor' | 'Member' | 'Intro' | 'Friend';
    passenger?: Person;
    shareCost?: boolean;
    introId?: string;
    launchedAt?: Date | null;
    landedAt?: Date | null;
    releaseHeight?: number;
    day?: string;
    clubId?: string;
  }) =>
    insertFlight(t.db, {
      club_id: values.clubId ?? alpha,
      day: values.day ?? DAY,
      user_id: values.pilot.userId,
      fly_with: values.flyWith ?? 'Alone',
      passenger_id: values.passenger?.userId ?? null,
      share_cost: values.shareCost ?? false,
      glider: values.glider,
      launch_type: values.launchType ?? '',
      intro_id: values.introId ?? null,
      submitted_at: at(-10),
      launched_at: values.launchedAt === undefined ? at(0) : values.launchedAt,
      landed_at: values.landedAt ?? null,
      release_height: values.releaseHeight ?? 0,
    });
  const flightRow = (id: string) =>
    t.db
      .selectFrom('flight')
      .select(['launch_transaction', 'launch_cost_cents', 'landing_transaction', 'flight_cost_cents'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const entry = (id: number) =>
    t.db
      .selectFrom('ledger_transaction')
      .select(['transaction_type', 'description', 'effective_at', 'entered_at', 'entered_by', 'reverses_id', 'note'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  /** Every posting of the entry names the flight. */
  const flightIdsOf = async (entryId: number) => [
    ...new Set(
      (await t.db.selectFrom('posting').select('flight_id').where('transaction_id', '=', entryId).execute()).map(
        (r) => r.flight_id,
      ),
    ),
  ];
  const usageOf = (flightId: string) =>
    t.db
      .selectFrom('block_usage')
      .select(['member_block_id', 'transaction_id', 'units_used', 'flown_on'])
      .where('flight_id', '=', flightId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    api = apiClient(t);
    alpha = await createClub(t.db, { name: 'Alpha Soaring', time_zone: 'America/Toronto' });
    await setClubAccounting(t.db, alpha, { taxRates: { HST: 0.13, GST: 0.05, PST: 0.08 } });
    admin = await createPerson(t.db, { club: alpha, first: 'Alex', last: 'Admin', flags: { is_admin: true } });
    treasurer = await createPerson(t.db, {
      club: alpha,
      first: 'Tess',
      last: 'Treasurer',
      flags: { can_add_funds: true },
    });
    crew = await createPerson(t.db, { club: alpha, first: 'Casey', last: 'Crew' });
    adminCookie = await t.signIn(admin.email);
    treasurerCookie = await t.signIn(treasurer.email);
    await launchType(alpha, 'Aerotow 2000', {
      kind: 'fixed',
      priceCents: 4000,
      taxStatus: 'exclusive',
      taxNames: ['HST'],
    });
    await launchType(alpha, 'Aerotow 1500', { kind: 'fixed', priceCents: 3501 });
    await launchType(alpha, 'Aerotow', { kind: 'variable', priceCents: 0, ranges: DEMO_VARIABLE_RANGES });
    await launchType(alpha, 'Aerotow plus', {
      kind: 'variable',
      priceCents: 1000,
      ranges: DEMO_VARIABLE_RANGES,
      taxStatus: 'inclusive',
      taxNames: ['HST'],
    });
    await launchType(alpha, 'Self launch', { kind: 'fixed', priceCents: 0 });
    await launchType(alpha, 'Old tax tow', {
      kind: 'fixed',
      priceCents: 2000,
      taxStatus: 'exclusive',
      taxNames: ['QST'],
    });
    await t.db
      .insertInto('intro_launch')
      .values({
        club_id: alpha,
        id: 'Intro 2000',
        launch_type_id: 'Aerotow 2000',
        price_cents: 15000,
        tax_status: 'inclusive',
        tax_names: ['HST'],
      })
      .execute();
    await blockRule({
      id: 'season',
      name: 'Season 600',
      units: 'minutes',
      amount: 600,
      priceCents: 30000,
      minFlightUnits: 30,
    });
    await blockRule({
      id: 'capped',
      name: 'Capped 1000',
      units: 'minutes',
      amount: 1000,
      priceCents: 40000,
      maxFlightUnits: 120,
      excessMultiplier: 1.5,
    });
    await blockRule({ id: 'dollars', name: '$250 flying', units: '$', amount: 25000, priceCents: 20000 });
    await blockRule({ id: 'unlimited', name: 'Unlimited season', units: 'unlimited', amount: 0, priceCents: 50000 });
    await blockRule({ id: 'short', name: 'Short 300', units: 'minutes', amount: 300, priceCents: 10000 });
    await blockRule({ id: 'tiny', name: 'Tiny 20', units: 'minutes', amount: 20, priceCents: 1000 });
    await blockRule({
      id: 'twodays',
      name: 'Two flying days',
      units: 'unlimited',
      amount: 0,
      priceCents: 8000,
      endsAfterFlyingDays: 2,
    });
    await blockRule({
      id: 'week',
      name: 'First week',
      units: 'unlimited',
      amount: 0,
      priceCents: 5000,
      endsAfterDays: 7,
    });
  });
  afterAll(() => t.close());

  describe('who pays', () => {
    it('the pilot alone, or the pilot then the member sharing the cost', () => {
      const base = { user_id: 'p', passenger_id: 'o', share_cost: true };
      expect(flightPayers({ ...base, fly_with: 'Member' })).toEqual([{ memberId: 'p' }, { memberId: 'o' }]);
      expect(flightPayers({ ...base, fly_with: 'Member', share_cost: false })).toEqual([{ memberId: 'p' }]);
      expect(flightPayers({ ...base, fly_with: 'Instructor' })).toEqual([{ memberId: 'p' }]);
      expect(flightPayers({ ...base, fly_with: 'Friend', passenger_id: null })).toEqual([{ memberId: 'p' }]);
      expect(flightPayers({ ...base, fly_with: 'Member', passenger_id: 'p' })).toEqual([{ memberId: 'p' }]);
    });
  });

  describe('launch', () => {
    it(
      'a fixed launch is charged at launch, effective then: $40.00 + 13 ' +
        '% HST → Dr 2100 4520 / Cr 4100 −4000 / Cr 2510 −520',
      async () => {
        const pat = await member('Pat', 'Pilot');
        const g = await glider({ rate: 60 });
        const id = await flight({ pilot: pat, glider: g, launchType: 'Aerotow 2000' });
        const entryId = await launch(id);
        expect(entryId).toEqual(expect.any(Number));
        expect(await postingsOf(t.db, entryId!)).toEqual([
          posting(2100, 4520, { member: pat.userId }),
          posting(4100, -4000),
          posting(2510, -520, { tax: 'HST' }),
        ]);
        expect(await flightIdsOf(entryId!)).toEqual([id]);
        const stored = await entry(entryId!);
        expect(stored).toMatchObject({
          transaction_type: 'Launch',
          description: `Tow: Aerotow 2000 (${g}, Nov 22)`,
          entered_by: crew.userId,
          reverses_id: null,
        });
        expect(stored.effective_at.getTime()).toBe(at(0).getTime());
        expect(stored.entered_at.getTime()).toBe(NOW);
        expect(await flightRow(id)).toEqual({
          launch_transaction: entryId,
          launch_cost_cents: 4520,
          landing_transaction: null,
          flight_cost_cents: null,
        });
        expect(await balanceOf(pat)).toBe(-4520);
        // A second call charges nothing more and answers the same entry.
        expect(await withNoNewEntries(() => launch(id))).toBe(entryId);
      },
    );

    it(
      'a variable launch waits for its release height: 0–1000 per 1000 $30 ' +
        'and 1000–5000 per 100 $2.50, released at 2,350 ft → $65.00',
      async () => {
        const pat = await member('Val', 'Variable');
        const g = await glider({ rate: 60 });
        const id = await flight({ pilot: pat, glider: g, launchType: 'Aerotow' });
        expect(await withNoNewEntries(() => launch(id))).toBeNull();
        expect(await flightRow(id)).toMatchObject({ launch_transaction: null, launch_cost_cents: null });

        const first = await release(id, 2350);
        expect(await postingsOf(t.db, first!)).toEqual([
          posting(2100, 6500, { member: pat.userId }),
          posting(4100, -6500),
        ]);
        const stored = await entry(first!);
        expect(stored).toMatchObject({
          transaction_type: 'Launch',
          description: `Tow: Aerotow to 2,350 ft (${g}, Nov 22)`,
        });
        expect(stored.effective_at.getTime()).toBe(at(0).getTime());
        expect(await flightRow(id)).toMatchObject({ launch_transaction: first, launch_cost_cents: 6500 });
        expect(await balanceOf(pat)).toBe(-6500);

        // Recharged when it changes: 3,000 ft → 30 + 20 × 2.50 = $80.00; the $65.00 reversed now.
        const second = await release(id, 3000);
        expect(second).not.toBe(first);
        expect(await postingsOf(t.db, second!)).toEqual([
          posting(2100, 8000, { member: pat.userId }),
          posting(4100, -8000),
        ]);
        const reversal = await t.db
          .selectFrom('ledger_transaction')
          .select(['id', 'transaction_type', 'effective_at', 'note', 'description'])
          .where('reverses_id', '=', first!)
          .executeTakeFirstOrThrow();
        expect(reversal).toMatchObject({
          transaction_type: 'Reversal',
          note: 'Release height changed',
          description: `Reversal of #${first} (Tow: Aerotow to 2,350 ft (${g}, Nov 22))`,
        });
        expect(reversal.effective_at.getTime()).toBe(NOW);
        expect(await postingsOf(t.db, reversal.id)).toEqual([
          posting(2100, -6500, { member: pat.userId }),
          posting(4100, 6500),
        ]);
        expect(await flightIdsOf(reversal.id)).toEqual([id]);
        expect(await flightRow(id)).toMatchObject({ launch_transaction: second, launch_cost_cents: 8000 });
        expect(await balanceOf(pat)).toBe(-8000);

        // The same height again changes nothing.
        expect(await withNoNewEntries(() => release(id, 3000))).toBe(second);

        // 1,001 ft: 30 + 1 started 100 ft × 2.50 = $32.50.
        const third = await release(id, 1001);
        expect(await postingsOf(t.db, third!)).toEqual([
          posting(2100, 3250, { member: pat.userId }),
          posting(4100, -3250),
        ]);
        expect(await balanceOf(pat)).toBe(-3250);
      },
    );

    it('a variable launch with a base price and inclusive HST: $10 + $65 = $75.00 → net 6637, HST 863', async () => {
      const pat = await member('Ina', 'Inclusive');
      const g = await glider({ rate: 60 });
      const id = await flight({ pilot: pat, glider: g, launchType: 'Aerotow plus', releaseHeight: 2350 });
      // The height is known at launch (a re-posted launch after a log edit): charged at once.
      const entryId = await launch(id);
      expect(await postingsOf(t.db, entryId!)).toEqual([
        posting(2100, 7500, { member: pat.userId }),
        posting(4100, -6637),
        posting(2510, -863, { tax: 'HST' }),
      ]);
    });

    it('a release height on a fixed launch changes nothing', async () => {
      const pat = await member('Fay', 'Fixed');
      const g = await glider({ rate: 60 });
      const id = await flight({ pilot: pat, glider: g, launchType: 'Aerotow 2000' });
      const entryId = await launch(id);
      expect(await withNoNewEntries(() => release(id, 2500))).toBeNull();
      expect(await flightRow(id)).toMatchObject({ launch_transaction: entryId, launch_cost_cents: 4520 });
    });

    it('a launch costing $0 posts nothing and records a cost of 0', async () => {
      const pat = await member('Zed', 'Zero');
      const g = await glider({ rate: 60 });
      const id = await flight({ pilot: pat, glider: g, launchType: 'Self launch' });
      expect(await withNoNewEntries(() => launch(id))).toBeNull();
      expect(await flightRow(id)).toMatchObject({ launch_transaction: null, launch_cost_cents: 0 });
    });

    it(
      'refuses an unknown launch type, or one taxed with a tax ' + 'the club no longer has (409), posting nothing',
      async () => {
        const pat = await member('Ulla', 'Unknown');
        const before = await ledgerCounts(t.db, alpha);
        const gone = await flight({ pilot: pat, glider: await glider({ rate: 60 }), launchType: 'Winch' });
        await expect(launch(gone)).rejects.toMatchObject({
          statusCode: 409,
          message: "Unknown launch type Winch: choose one of the club's launches",
        });
        // Another pilot: Ulla is on the line in the first flight (one unfinished flight per person).
        const qst = await flight({
          pilot: await member('Quinn', 'Quebec'),
          glider: await glider({ rate: 60 }),
          launchType: 'Old tax tow',
        });
        await expect(launch(qst)).rejects.toMatchObject({
          statusCode: 409,
          message:
            'The launch Old tax tow is taxed with QST, which the club no ' +
            'longer has: update its taxes in Administration',
        });
        expect(await ledgerCounts(t.db, alpha)).toEqual(before);
      },
    );
  });

  describe('rental at landing', () => {
    it('whole minutes, rounded up: 42 min 1 s at 60 ¢ is 43 min → $25.80, effective at the landing', async () => {
      const pat = await member('Rita', 'Rental');
      const g = await glider({ rate: 60 });
      const id = await flight({ pilot: pat, glider: g, landedAt: at(42, 1) });
      const entryId = await land(id);
      expect(await postingsOf(t.db, entryId!)).toEqual([
        posting(2100, 2580, { member: pat.userId }),
        posting(4200, -2580),
      ]);
      expect(await flightIdsOf(entryId!)).toEqual([id]);
      const stored = await entry(entryId!);
      expect(stored).toMatchObject({
        transaction_type: 'Rental',
        description: `Rental: ${g}, 0:42 flown, 43 min billed`,
      });
      expect(stored.effective_at.getTime()).toBe(at(42, 1).getTime());
      expect(await flightRow(id)).toMatchObject({ landing_transaction: entryId, flight_cost_cents: 2580 });
      expect(await balanceOf(pat)).toBe(-2580);
      expect(await withNoNewEntries(() => land(id))).toBe(entryId);
    });

    it(
      'the entry says the time flown (to the nearest minute, as every screen shows it) and the ' +
        "minutes billed (rounded up): 1 h 1 min 40 s → '1:02 flown, 62 min billed'",
      async () => {
        const pat = await member('Dora', 'Duration');
        const g = await glider({ rate: 60 });
        const id = await flight({ pilot: pat, glider: g, landedAt: at(61, 40) });
        const entryId = await land(id);
        expect(await postingsOf(t.db, entryId!)).toEqual([
          posting(2100, 62 * 60, { member: pat.userId }),
          posting(4200, -62 * 60),
        ]);
        expect((await entry(entryId!)).description).toBe(`Rental: ${g}, 1:02 flown, 62 min billed`);
      },
    );

    it('exclusive tax: 42 min at $1.00 + 13 % HST → Dr 2100 4746 / Cr 4200 −4200 / Cr 2510 −546', async () => {
      const pat = await member('Xavi', 'Exclusive');
      const g = await glider({ rate: 100, taxStatus: 'exclusive', taxNames: ['HST'] });
      const id = await flight({ pilot: pat, glider: g, landedAt: at(42) });
      const entryId = await land(id);
      expect(await postingsOf(t.db, entryId!)).toEqual([
        posting(2100, 4746, { member: pat.userId }),
        posting(4200, -4200),
        posting(2510, -546, { tax: 'HST' }),
      ]);
      expect(await flightRow(id)).toMatchObject({ flight_cost_cents: 4746 });
    });

    it('inclusive GST 5 % + PST 8 %: 10 min at $1.13 = $11.30 → net 1000, GST 50, PST 80', async () => {
      const pat = await member('Ines', 'Inclusive');
      const g = await glider({ rate: 113, taxStatus: 'inclusive', taxNames: ['GST', 'PST'] });
      const id = await flight({ pilot: pat, glider: g, landedAt: at(10) });
      const entryId = await land(id);
      expect(await postingsOf(t.db, entryId!)).toEqual([
        posting(2100, 1130, { member: pat.userId }),
        posting(4200, -1000),
        posting(2510, -50, { tax: 'GST' }),
        posting(2510, -80, { tax: 'PST' }),
      ]);
      expect(await balanceOf(pat)).toBe(-1130);
    });

    it('a glider at rate 0 posts nothing; the flight cost is 0', async () => {
      const pat = await member('Fred', 'Free');
      const id = await flight({ pilot: pat, glider: await glider({ rate: 0 }), landedAt: at(30) });
      expect(await withNoNewEntries(() => land(id))).toBeNull();
      expect(await flightRow(id)).toMatchObject({ landing_transaction: null, flight_cost_cents: 0 });
    });

    it('refuses a landing before the flight has landed or launched (409)', async () => {
      const pat = await member('Nora', 'Notyet');
      const id = await flight({ pilot: pat, glider: await glider({ rate: 60 }) });
      await expect(land(id)).rejects.toMatchObject({
        statusCode: 409,
        message: 'No action taken - the flight has not landed',
      });
      const waiting = await flight({
        pilot: await member('Wes', 'Waiting'),
        glider: await glider({ rate: 60 }),
        launchedAt: null,
      });
      await expect(launch(waiting)).rejects.toMatchObject({
        statusCode: 409,
        message: 'No action taken - the flight has not launched',
      });
      await expect(land(randomUUID())).rejects.toMatchObject({
        statusCode: 404,
        message: 'No such flight at this club',
      });
    });
  });

  describe('blocks', () => {
    it(
      'a minutes block draws at least its minimum: a 10-min flight on ' +
        'Season 600 (min 30) uses 30, no cash, no entry',
      async () => {
        const pat = await member('Mina', 'Minimum');
        const { blockId } = await buyBlock(pat, 'season', '2025-11-01', '2026-10-31');
        const afterPurchase = await balanceOf(pat);
        expect(afterPurchase).toBe(-30000);
        const g = await glider({ rate: 60, rules: ['season'] });
        const id = await flight({ pilot: pat, glider: g, landedAt: at(10) });
        expect(await withNoNewEntries(() => land(id))).toBeNull();
        expect(await usageOf(id)).toEqual([
          { member_block_id: blockId, transaction_id: null, units_used: 30, flown_on: DAY },
        ]);
        expect(await blockBalances(pat)).toEqual({ [blockId]: 570 });
        expect(await flightRow(id)).toMatchObject({ landing_transaction: null, flight_cost_cents: 0 });
        expect(await balanceOf(pat)).toBe(afterPurchase);
        // Billed once: a second call draws nothing more.
        expect(await land(id)).toBeNull();
        expect(await blockBalances(pat)).toEqual({ [blockId]: 570 });
      },
    );

    it(
      'a flight crossing the block maximum: 150 min on a 120-min maximum, ' +
        '×1.5 → 120 from the block, 30 × 60 × 1.5 = $27.00 cash',
      async () => {
        const pat = await member('Max', 'Maximum');
        const { blockId } = await buyBlock(pat, 'capped', '2025-11-01', '2026-10-31');
        const g = await glider({ rate: 60, rules: ['capped'] });
        const id = await flight({ pilot: pat, glider: g, landedAt: at(150) });
        const entryId = await land(id);
        expect(await postingsOf(t.db, entryId!)).toEqual([
          posting(2100, 2700, { member: pat.userId }),
          posting(4200, -2700),
        ]);
        expect((await entry(entryId!)).description).toBe(
          `Rental: ${g}, 2:30 flown, 150 min billed (120 min on block Capped 1000, 30 min over its maximum at ×1.5)`,
        );
        expect(await usageOf(id)).toEqual([
          { member_block_id: blockId, transaction_id: entryId, units_used: 120, flown_on: DAY },
        ]);
        expect(await blockBalances(pat)).toEqual({ [blockId]: 880 });
        expect(await balanceOf(pat)).toBe(-40000 - 2700);
        expect(await flightRow(id)).toMatchObject({ landing_transaction: entryId, flight_cost_cents: 2700 });
      },
    );

    it('a $ block pays the rental in cents; the cash part beyond it is taxed', async () => {
      const pat = await member('Dora', 'Dollars');
      const { blockId } = await buyBlock(pat, 'dollars', '2025-11-01', '2026-10-31');
      const g = await glider({ rate: 60, rules: ['dollars'], taxStatus: 'exclusive', taxNames: ['HST'] });
      const first = await flight({ pilot: pat, glider: g, landedAt: at(43) });
      expect(await land(first)).toBeNull();
      expect(await blockBalances(pat)).toEqual({ [blockId]: 25000 - 2580 });
      expect(await usageOf(first)).toEqual([
        { member_block_id: blockId, transaction_id: null, units_used: 2580, flown_on: DAY },
      ]);
      // 400 min = $240.00 against the $224.20 left: $15.80 cash + 13 % HST = $17.85.
      const second = await flight({ pilot: pat, glider: g, landedAt: at(400), launchedAt: at(0) });
      const entryId = await land(second);
      expect(await postingsOf(t.db, entryId!)).toEqual([
        posting(2100, 1785, { member: pat.userId }),
        posting(4200, -1580),
        posting(2510, -205, { tax: 'HST' }),
      ]);
      expect((await entry(entryId!)).description).toBe(
        `Rental: ${g}, 6:40 flown, 400 min billed ($224.20 on block $250 flying)`,
      );
      expect(await blockBalances(pat)).toEqual({ [blockId]: 0 });
      expect(await balanceOf(pat)).toBe(-20000 - 1785);
    });

    it('an unlimited block covers the rental outright; its minutes are recorded', async () => {
      const pat = await member('Una', 'Unlimited');
      const { blockId } = await buyBlock(pat, 'unlimited', '2025-11-01', '2026-10-31');
      const g = await glider({ rate: 60, rules: ['unlimited'] });
      const id = await flight({ pilot: pat, glider: g, landedAt: at(90) });
      expect(await land(id)).toBeNull();
      expect(await usageOf(id)).toEqual([
        { member_block_id: blockId, transaction_id: null, units_used: 90, flown_on: DAY },
      ]);
      expect(await blockBalances(pat)).toEqual({ [blockId]: 0 });
      expect(await balanceOf(pat)).toBe(-50000);
    });

    it('skips expired, exhausted, voided and other gliders\u2019 blocks; uses the one expiring first', async () => {
      const pat = await member('Olga', 'Oldest');
      const expired = await buyBlock(pat, 'short', '2025-01-01', '2025-11-21');
      const tiny = await buyBlock(pat, 'tiny', '2025-11-01', '2026-01-31');
      const voided = await buyBlock(pat, 'short', '2025-11-01', '2025-12-31');
      const short = await buyBlock(pat, 'short', '2025-11-01', '2026-06-30');
      const season = await buyBlock(pat, 'season', '2025-11-01', '2026-10-31');
      const otherGlider = await buyBlock(pat, 'dollars', '2025-11-01', '2025-11-30');
      const reversed = await api.post('/api/reverse-transaction/', { id: voided.purchaseId }, adminCookie);
      expect(reversed.statusCode).toBe(200);
      const g = await glider({ rate: 60, rules: ['short', 'tiny', 'season'] });

      // Tiny 20 expires first (the voided one would, but it is void): 20 min exhaust it.
      const first = await flight({ pilot: pat, glider: g, landedAt: at(20) });
      expect(await land(first)).toBeNull();
      expect(await usageOf(first)).toEqual([
        { member_block_id: tiny.blockId, transaction_id: null, units_used: 20, flown_on: DAY },
      ]);

      // Exhausted: the next flight draws on Short 300 (expires 2026-06-30), not Season 600 (2026-10-31).
      const second = await flight({ pilot: pat, glider: g, launchedAt: at(30), landedAt: at(55) });
      expect(await land(second)).toBeNull();
      expect(await usageOf(second)).toEqual([
        { member_block_id: short.blockId, transaction_id: null, units_used: 25, flown_on: DAY },
      ]);
      expect(await blockBalances(pat)).toEqual({
        [expired.blockId]: 300,
        [tiny.blockId]: 0,
        [short.blockId]: 275,
        [season.blockId]: 600,
        [otherGlider.blockId]: 25000,
      });
    });

    it('two landings of one member at once draw on the block one after the other', async () => {
      const pat = await member('Tim', 'Twice');
      const { blockId } = await buyBlock(pat, 'tiny', '2025-11-01', '2026-10-31');
      const first = await flight({ pilot: pat, glider: await glider({ rate: 60, rules: ['tiny'] }), landedAt: at(15) });
      const second = await flight({
        pilot: pat,
        glider: await glider({ rate: 60, rules: ['tiny'] }),
        landedAt: at(15),
      });
      await Promise.all([land(first), land(second)]);
      const drawn = [...(await usageOf(first)), ...(await usageOf(second))]
        .map((u) => u.units_used)
        .sort((a, b) => a - b);
      expect(drawn).toEqual([5, 15]);
      expect(await blockBalances(pat)).toEqual({ [blockId]: 0 });
      // The 10 minutes the block could not cover: $6.00 cash.
      expect(await balanceOf(pat)).toBe(-1000 - 600);
    });

    it('a block that ends after 2 flying days: usable on 2 distinct days, then the rental is cash', async () => {
      const pat = await member('Dana', 'Days');
      const { blockId } = await buyBlock(pat, 'twodays', '2025-11-01', '2026-10-31');
      const g = await glider({ rate: 60, rules: ['twodays'] });
      const on = async (day: string, base: string, minutes: number) => {
        const id = await flight({
          pilot: pat,
          glider: g,
          day,
          launchedAt: at(0, 0, base),
          landedAt: at(minutes, 0, base),
        });
        return { id, entryId: await land(id) };
      };
      const day1 = await on('2025-11-15', '2025-11-15T15:00:00Z', 30);
      const day2 = await on('2025-11-16', '2025-11-16T15:00:00Z', 30);
      const day2Again = await on('2025-11-16', '2025-11-16T18:00:00Z', 20);
      const day3 = await on('2025-11-17', '2025-11-17T15:00:00Z', 10);
      expect([day1.entryId, day2.entryId, day2Again.entryId]).toEqual([null, null, null]);
      expect((await usageOf(day2Again.id)).map((u) => u.member_block_id)).toEqual([blockId]);
      expect(await usageOf(day3.id)).toEqual([]);
      expect(await postingsOf(t.db, day3.entryId!)).toEqual([
        posting(2100, 600, { member: pat.userId }),
        posting(4200, -600),
      ]);
    });

    it('a block that ends 7 days after it starts is not drawn on day 8', async () => {
      const pat = await member('Wes', 'Week');
      await buyBlock(pat, 'week', '2025-11-15', '2026-10-31');
      const g = await glider({ rate: 60, rules: ['week'] });
      const id = await flight({ pilot: pat, glider: g, landedAt: at(10) });
      const entryId = await land(id);
      expect(await usageOf(id)).toEqual([]);
      expect(await postingsOf(t.db, entryId!)).toEqual([
        posting(2100, 600, { member: pat.userId }),
        posting(4200, -600),
      ]);
    });
  });

  describe('shared cost', () => {
    it(
      'split in two, the odd cent to the pilot: tow $35.01 → 1751 / ' +
        '1750; rental 43 min at 61 ¢ = $26.23 → 1312 / 1311',
      async () => {
        const pat = await member('Paul', 'Pilot');
        const sam = await member('Sam', 'Sharer');
        const g = await glider({ rate: 61 });
        const id = await flight({
          pilot: pat,
          passenger: sam,
          flyWith: 'Member',
          shareCost: true,
          glider: g,
          launchType: 'Aerotow 1500',
          landedAt: at(42, 30),
        });
        const launchId = await launch(id);
        expect(await postingsOf(t.db, launchId!)).toEqual([
          posting(2100, 1751, { member: pat.userId }),
          posting(2100, 1750, { member: sam.userId }),
          posting(4100, -3501),
        ]);
        expect((await entry(launchId!)).description).toBe(
          `Tow: Aerotow 1500 (${g}, Nov 22, shared by P. Pilot and S. Sharer)`,
        );
        const landingId = await land(id);
        expect(await postingsOf(t.db, landingId!)).toEqual([
          posting(2100, 1312, { member: pat.userId }),
          posting(2100, 1311, { member: sam.userId }),
          posting(4200, -2623),
        ]);
        expect((await entry(landingId!)).description).toBe(
          `Rental: ${g}, 0:43 flown, 43 min billed (shared by P. Pilot and S. Sharer)`,
        );
        expect(await flightRow(id)).toEqual({
          launch_transaction: launchId,
          launch_cost_cents: 3501,
          landing_transaction: landingId,
          flight_cost_cents: 2623,
        });
        expect(await balanceOf(pat)).toBe(-1751 - 1312);
        expect(await balanceOf(sam)).toBe(-1750 - 1311);
      },
    );

    it(
      'the total is split, not net and tax apart: a $51.70 rental (61 min at ' +
        '75 ¢ = $45.75 + $5.95 HST) → 2585 / 2585, not 2586 / 2584',
      async () => {
        const pat = await member('Tom', 'Total');
        const sam = await member('Una', 'Split');
        const g = await glider({ rate: 75, taxStatus: 'exclusive', taxNames: ['HST'] });
        const id = await flight({
          pilot: pat,
          passenger: sam,
          flyWith: 'Member',
          shareCost: true,
          glider: g,
          landedAt: at(60, 30),
        });
        const landingId = await land(id);
        expect(await postingsOf(t.db, landingId!)).toEqual([
          posting(2100, 2585, { member: pat.userId }),
          posting(2100, 2585, { member: sam.userId }),
          posting(4200, -4575),
          posting(2510, -595, { tax: 'HST' }),
        ]);
        expect(await flightRow(id)).toMatchObject({ flight_cost_cents: 5170 });
        expect(await balanceOf(pat)).toBe(-2585);
        expect(await balanceOf(sam)).toBe(-2585);
      },
    );

    it(
      'each half against its holder\u2019s own block: the pilot\u2019s $ block ' +
        'pays their half, the other pays theirs in cash with tax',
      async () => {
        const pat = await member('Bea', 'Blockholder');
        const sam = await member('Cal', 'Cash');
        const { blockId } = await buyBlock(pat, 'dollars', '2025-11-01', '2026-10-31');
        const g = await glider({ rate: 60, rules: ['dollars'], taxStatus: 'exclusive', taxNames: ['HST'] });
        const id = await flight({
          pilot: pat,
          passenger: sam,
          flyWith: 'Member',
          shareCost: true,
          glider: g,
          landedAt: at(43),
        });
        const entryId = await land(id);
        // 2580 → 1290 each; Bea's from her block, Cal's 1290 + 13 % = 1458.
        expect(await postingsOf(t.db, entryId!)).toEqual([
          posting(2100, 1458, { member: sam.userId }),
          posting(4200, -1290),
          posting(2510, -168, { tax: 'HST' }),
        ]);
        // The entry is on both accounts: Bea's block is hers to see, in her own breakdown, not on Cal's statement.
        expect((await entry(entryId!)).description).toBe(
          `Rental: ${g}, 0:43 flown, 43 min billed (shared by B. Blockholder and C. Cash)`,
        );
        expect(await blockBalances(pat)).toEqual({ [blockId]: 25000 - 1290 });
        expect(await usageOf(id)).toEqual([
          { member_block_id: blockId, transaction_id: entryId, units_used: 1290, flown_on: DAY },
        ]);
        expect(await balanceOf(sam)).toBe(-1458);
        expect(await balanceOf(pat)).toBe(-20000);
      },
    );

    it('an Instructor flight is paid by the pilot alone', async () => {
      const pat = await member('Stu', 'Student');
      const ian = await member('Ian', 'Instructor');
      const id = await flight({
        pilot: pat,
        passenger: ian,
        flyWith: 'Instructor',
        shareCost: true,
        glider: await glider({ rate: 60 }),
        launchType: 'Aerotow 1500',
      });
      const entryId = await launch(id);
      expect(await postingsOf(t.db, entryId!)).toEqual([
        posting(2100, 3501, { member: pat.userId }),
        posting(4100, -3501),
      ]);
      expect(await balanceOf(ian)).toBe(0);
    });
  });

  describe('intro flights', () => {
    it(
      'paid from Intro A/P at launch: $150.00 inclusive HST → Dr 2120 15000 / Cr ' +
        '4300 −13274 / Cr 2510 −1726; the pilot pays nothing, no rental',
      async () => {
        const pat = await member('Ivy', 'Instructor');
        const introId = randomUUID();
        await t.db
          .insertInto('intro')
          .values({
            club_id: alpha,
            id: introId,
            sn: 'ABC234',
            recipient_first: 'Jane',
            recipient_last: 'Doe',
            launch_type: 'Intro 2000',
            price_cents: 15000,
            payment: 'Cash',
            purchase_date: '2025-11-01',
            stale_date: '2026-11-01',
            tax_status: 'inclusive',
            tax_names: ['HST'],
            created_by: treasurer.userId,
          })
          .execute();
        // The sale, as the intro module posts it: Dr 1000 [Cash] / Cr 2120 [intro].
        await run((trx) =>
          insertEntry(trx, {
            clubId: alpha,
            effectiveAt: new Date('2025-11-01T15:00:00Z'),
            enteredAt: new Date('2025-11-01T15:00:00Z'),
            enteredBy: treasurer.userId,
            transactionType: 'Intro Sale',
            description: 'Intro sale ABC234',
            note: '',
            reference: '',
            idempotencyKey: null,
            reversesId: null,
            lines: [
              { account: 1000, amountCents: 15000, transferType: 'Cash' },
              { account: 2120, amountCents: -15000, introId },
            ],
          }),
        );
        const introAp = async () =>
          Number(
            (
              await sql<{
                s: number;
              }>`select coalesce(sum(amount_cents), 0)::bigint as s from posting where intro_id = ${introId}`.execute(
                t.db,
              )
            ).rows[0]!.s,
          );
        const g = await glider({ rate: 60 });
        const id = await flight({
          pilot: pat,
          glider: g,
          flyWith: 'Intro',
          introId,
          launchType: 'Aerotow 2000',
          landedAt: at(25),
        });
        const entryId = await launch(id);
        expect(await postingsOf(t.db, entryId!)).toEqual([
          posting(2120, 15000, { intro: introId }),
          posting(4300, -13274),
          posting(2510, -1726, { tax: 'HST' }),
        ]);
        expect(await entry(entryId!)).toMatchObject({
          transaction_type: 'Intro Flight',
          description: `Intro flight ABC234: Jane Doe (${g}, Nov 22)`,
        });
        expect(await flightIdsOf(entryId!)).toEqual([id]);
        expect(await introAp()).toBe(0);
        const before = await ledgerCounts(t.db, alpha);
        expect(await land(id)).toBeNull();
        expect(await ledgerCounts(t.db, alpha)).toEqual(before);
        expect(await flightRow(id)).toEqual({
          launch_transaction: entryId,
          launch_cost_cents: null,
          landing_transaction: null,
          flight_cost_cents: null,
        });
        expect(await balanceOf(pat)).toBe(0);
        // A release height on an intro flight charges nothing.
        expect(await release(id, 2000)).toBeNull();
        expect(await ledgerCounts(t.db, alpha)).toEqual(before);

        // Undo: the intro is owed again.
        await undoLanding(id);
        const reversals = await undoLaunch(id);
        expect(reversals).toHaveLength(1);
        expect(await postingsOf(t.db, reversals[0]!)).toEqual([
          posting(2120, -15000, { intro: introId }),
          posting(4300, 13274),
          posting(2510, 1726, { tax: 'HST' }),
        ]);
        expect(await introAp()).toBe(-15000);
        expect(await flightRow(id)).toMatchObject({ launch_transaction: null, launch_cost_cents: null });
      },
    );
  });

  describe('undo', () => {
    it(
      'undo landing then undo launch restore the exact balance and ' + 'block balance; landing again charges the same',
      async () => {
        const pat = await member('Uma', 'Undo');
        const { blockId } = await buyBlock(pat, 'capped', '2025-11-01', '2026-10-31');
        const g = await glider({ rate: 60, rules: ['capped'] });
        const id = await flight({ pilot: pat, glider: g, launchType: 'Aerotow 2000', landedAt: at(150) });
        const start = await balanceOf(pat);
        const launchId = await launch(id);
        const landingId = await land(id);
        expect(await balanceOf(pat)).toBe(start - 4520 - 2700);
        expect(await blockBalances(pat)).toEqual({ [blockId]: 880 });

        const landingReversals = await undoLanding(id);
        expect(landingReversals).toHaveLength(1);
        const reversal = await entry(landingReversals[0]!);
        expect(reversal).toMatchObject({
          transaction_type: 'Reversal',
          reverses_id: landingId,
          note: 'Landing undone',
        });
        expect(reversal.effective_at.getTime()).toBe(NOW);
        expect(await postingsOf(t.db, landingReversals[0]!)).toEqual([
          posting(2100, -2700, { member: pat.userId }),
          posting(4200, 2700),
        ]);
        expect(await usageOf(id)).toEqual([
          { member_block_id: blockId, transaction_id: landingId, units_used: 120, flown_on: DAY },
          { member_block_id: blockId, transaction_id: landingReversals[0], units_used: -120, flown_on: DAY },
        ]);
        expect(await blockBalances(pat)).toEqual({ [blockId]: 1000 });
        expect(await balanceOf(pat)).toBe(start - 4520);
        expect(await flightRow(id)).toMatchObject({
          launch_transaction: launchId,
          landing_transaction: null,
          flight_cost_cents: null,
        });
        // Nothing left to undo: a second undo posts nothing.
        expect(await undoLanding(id)).toEqual([]);
        expect(await blockBalances(pat)).toEqual({ [blockId]: 1000 });

        const launchReversals = await undoLaunch(id);
        expect(launchReversals).toHaveLength(1);
        expect(await entry(launchReversals[0]!)).toMatchObject({ reverses_id: launchId, note: 'Launch undone' });
        expect(await balanceOf(pat)).toBe(start);
        expect(await flightRow(id)).toEqual({
          launch_transaction: null,
          launch_cost_cents: null,
          landing_transaction: null,
          flight_cost_cents: null,
        });
        expect(await undoLaunch(id)).toEqual([]);

        // Launched and landed again: the same charges.
        const relaunch = await launch(id);
        const reland = await land(id);
        expect(await postingsOf(t.db, relaunch!)).toEqual(await postingsOf(t.db, launchId!));
        expect(await postingsOf(t.db, reland!)).toEqual(await postingsOf(t.db, landingId!));
        expect(await blockBalances(pat)).toEqual({ [blockId]: 880 });
      },
    );

    it('undo landing of a flight its block covered: the block gets its minutes back, no entry', async () => {
      const pat = await member('Ken', 'Covered');
      const { blockId } = await buyBlock(pat, 'season', '2025-11-01', '2026-10-31');
      const id = await flight({ pilot: pat, glider: await glider({ rate: 60, rules: ['season'] }), landedAt: at(45) });
      expect(await land(id)).toBeNull();
      expect(await blockBalances(pat)).toEqual({ [blockId]: 555 });
      expect(await withNoNewEntries(() => undoLanding(id))).toEqual([]);
      expect((await usageOf(id)).map((u) => [u.transaction_id, u.units_used])).toEqual([
        [null, 45],
        [null, -45],
      ]);
      expect(await blockBalances(pat)).toEqual({ [blockId]: 600 });
      expect(await flightRow(id)).toMatchObject({ landing_transaction: null, flight_cost_cents: null });
    });

    it('undo of a shared flight returns each payer\u2019s share', async () => {
      const pat = await member('Pia', 'Pair');
      const sam = await member('Sol', 'Pair');
      const id = await flight({
        pilot: pat,
        passenger: sam,
        flyWith: 'Member',
        shareCost: true,
        glider: await glider({ rate: 61 }),
        launchType: 'Aerotow 1500',
        landedAt: at(43),
      });
      await launch(id);
      await land(id);
      expect([await balanceOf(pat), await balanceOf(sam)]).toEqual([-1751 - 1312, -1750 - 1311]);
      await undoLanding(id);
      await undoLaunch(id);
      expect([await balanceOf(pat), await balanceOf(sam)]).toEqual([0, 0]);
    });
  });

  describe('the lock date', () => {
    it(
      'refuses a charge effective on or before the lock date (409) and ' +
        'changes nothing; later flights and reversals go through',
      async () => {
        const beta = await createClub(t.db, { name: 'Beta Gliding', time_zone: 'America/Toronto' });
        const pilot = await member('Lou', 'Locked', beta);
        await launchType(beta, 'Aerotow 2000', { kind: 'fixed', priceCents: 4000 });
        const g = await glider({ rate: 60, clubId: beta });
        const g2 = await glider({ rate: 60, clubId: beta });
        // Flown 3:00 pm on Nov 20, landed on the 20th too; then the day is locked.
        const old = await flight({
          clubId: beta,
          pilot,
          glider: g,
          day: '2025-11-20',
          launchType: 'Aerotow 2000',
          launchedAt: new Date('2025-11-20T20:00:00Z'),
          landedAt: new Date('2025-11-20T20:30:00Z'),
        });
        const recent = await flight({ clubId: beta, pilot, glider: g2, launchType: 'Aerotow 2000', landedAt: at(30) });
        const recentLaunch = await launch(recent, beta);
        await land(recent, beta);
        await setClubAccounting(t.db, beta, { lockDate: '2025-11-20' });
        const before = await ledgerCounts(t.db, beta);
        const locked = {
          statusCode: 409,
          message: 'Transactions on or before the lock date 2025-11-20 cannot be posted',
        };
        await expect(launch(old, beta)).rejects.toBeInstanceOf(HttpError);
        await expect(launch(old, beta)).rejects.toMatchObject(locked);
        await expect(land(old, beta)).rejects.toMatchObject(locked);
        expect(await ledgerCounts(t.db, beta)).toEqual(before);
        expect(await flightRow(old)).toEqual({
          launch_transaction: null,
          launch_cost_cents: null,
          landing_transaction: null,
          flight_cost_cents: null,
        });
        // Reversals are posted now, after the lock date.
        const reverse = (trx: Transaction<DB>, flight: FlightStateRow) => reverseLaunchCharges(trx, ctx(beta), flight);
        const { reversalIds: reversals } = await bill(recent, beta, reverse);
        expect(reversals).toHaveLength(1);
        expect(await entry(reversals[0]!)).toMatchObject({ reverses_id: recentLaunch });
        const sum = await sql<{
          s: number;
        }>`select coalesce(sum(amount_cents), 0)::bigint as s from posting where member_id = ${pilot.userId}`.execute(
          t.db,
        );
        expect(-Number(sum.rows[0]!.s)).toBe(-1800);
      },
    );
  });
});
