import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, callRaw, refusal } from './helpers/api.ts';
import { createPerson } from './helpers/test-app.ts';
import { createLedgerPeople, insertBlockWithEntry, insertRawEntry, type LedgerPeople } from './helpers/ledger.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

/** 11:00 on 2025-07-10 in Toronto. */
const NOW = Date.parse('2025-07-10T15:00:00Z');

describe('member account reads: get-balance and get-block-balances', () => {
  let { t, alpha, bravo } = {} as TwoClubs;
  let { mary, bea, treasurer, admin, outsider } = {} as LedgerPeople;
  let blocks: Record<'spring' | 'season' | 'dollars' | 'unlimited', string>;

  /** A raw journal entry, balanced, as the ledger will post it. */
  const post = (
    club: string,
    postings: { account: number; amount: number; member?: string }[],
    effectiveAt = '2025-07-01T12:00:00Z',
  ) => insertRawEntry(t.db, club, postings, effectiveAt);

  async function block(
    member: string,
    values: { name: string; units: '$' | 'minutes' | 'unlimited'; amount: number; starts_on: string; ends_on: string },
  ) {
    return insertBlockWithEntry(t.db, { club_id: alpha, member_id: member, block_rule_id: 'rule-1', ...values });
  }

  beforeAll(async () => {
    ({ t, alpha, bravo } = await openTwoClubs({ now: NOW }));
    ({ mary, bea, treasurer, admin, outsider } = await createLedgerPeople(t.db, alpha, bravo));

    // Deposit: Dr 1000 Cash / Cr 2100 Mary, 100.00.
    await post(alpha, [
      { account: 1000, amount: 10000 },
      { account: 2100, amount: -10000, member: mary.userId },
    ]);
    // Bea's deposit and Mary's money at another club count nowhere in Mary's Alpha balance.
    await post(alpha, [
      { account: 1000, amount: 4200 },
      { account: 2100, amount: -4200, member: bea.userId },
    ]);
    await post(bravo, [
      { account: 1000, amount: 777 },
      { account: 2100, amount: -777, member: mary.userId },
    ]);

    await t.db
      .insertInto('block_rule')
      .values({ club_id: alpha, id: 'rule-1', name: 'Minutes', units: 'minutes', amount: 600, price_cents: 30000 })
      .execute();
    blocks = {
      spring: await block(mary.userId, {
        name: 'Spring 300 min',
        units: 'minutes',
        amount: 300,
        starts_on: '2025-04-01',
        ends_on: '2025-05-31',
      }),
      season: await block(mary.userId, {
        name: 'Season 600 min',
        units: 'minutes',
        amount: 600,
        starts_on: '2025-05-01',
        ends_on: '2025-10-31',
      }),
      dollars: await block(mary.userId, {
        name: '$200 block',
        units: '$',
        amount: 20000,
        starts_on: '2025-06-01',
        ends_on: '2025-07-10',
      }),
      unlimited: await block(mary.userId, {
        name: 'Unlimited July',
        units: 'unlimited',
        amount: 0,
        starts_on: '2025-07-01',
        ends_on: '2025-07-31',
      }),
    };
    await t.db
      .insertInto('block_usage')
      .values({ member_block_id: blocks.season, units_used: 45, flown_on: '2025-06-20' })
      .execute();
    await block(bea.userId, {
      name: 'Bea block',
      units: 'minutes',
      amount: 100,
      starts_on: '2025-07-01',
      ends_on: '2025-08-31',
    });
  });
  afterAll(() => t.close());

  describe('GET /api/get-balance', () => {
    it('balance = −(sum of 2100 postings of the member in the club): a 100.00 deposit reads 10000', async () => {
      const response = await callAs(t, await t.signIn(mary.email), 'GET /api/get-balance', {
        club: alpha,
        userID: mary.userId,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ userID: mary.userId, balanceCents: 10000 });
    });

    it('is the balance now: an entry dated ahead counts from its date on', async () => {
      const member = await createPerson(t.db, { club: alpha });
      await post(
        alpha,
        [
          { account: 1000, amount: 2500 },
          { account: 2100, amount: -2500, member: member.userId },
        ],
        '2025-07-10T14:00:00Z',
      );
      await post(
        alpha,
        [
          { account: 1000, amount: 50000 },
          { account: 2100, amount: -50000, member: member.userId },
        ],
        '2025-08-09T14:00:00Z',
      );
      const balance = async () =>
        (await callAs(t, await t.signIn(member.email), 'GET /api/get-balance', {})).json().balanceCents;
      expect(await balance()).toBe(2500);
      t.clock.set(Date.parse('2025-08-09T14:00:00Z'));
      try {
        expect(await balance()).toBe(52500);
      } finally {
        t.clock.set(NOW);
      }
    });

    it('a member with no postings has 0 (not -0)', async () => {
      const response = await callAs(t, await t.signIn(treasurer.email), 'GET /api/get-balance', {});
      expect(response.json()).toEqual({ userID: treasurer.userId, balanceCents: 0 });
      expect(Object.is(response.json().balanceCents, 0)).toBe(true);
    });

    it("a plain member may not read another member's balance (403)", async () => {
      const response = await callAs(t, await t.signIn(mary.email), 'GET /api/get-balance', { userID: bea.userId });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(
        refusal(403, "You can only see your own account; an admin or a treasurer can see others'"),
      );
    });

    it("an add-funds holder and an admin read any member's balance", async () => {
      for (const reader of [treasurer, admin]) {
        const response = await callAs(t, await t.signIn(reader.email), 'GET /api/get-balance', { userID: mary.userId });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ userID: mary.userId, balanceCents: 10000 });
      }
    });

    it('but not of someone who is not a member of the club (404)', async () => {
      const response = await callAs(t, await t.signIn(treasurer.email), 'GET /api/get-balance', {
        userID: outsider.userId,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(refusal(404, 'No such member at this club'));
    });

    it('403 when club names another club, 401 without a session, 400 for an over-long userID', async () => {
      const cookie = await t.signIn(mary.email);
      const other = await callAs(t, cookie, 'GET /api/get-balance', { club: bravo, userID: mary.userId });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual(refusal(403, 'That club is not your active club'));
      expect((await callAs(t, undefined, 'GET /api/get-balance', {})).statusCode).toBe(401);
      const long = await callAs(t, cookie, 'GET /api/get-balance', { userID: 'u'.repeat(101) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({
        message: 'Invalid query: userID: Too big: expected string to have <=100 characters',
      });
    });

    it('an inactive member gets 403', async () => {
      const ivan = await createPerson(t.db, { club: alpha, flags: { is_active: false } });
      expect((await callAs(t, await t.signIn(ivan.email), 'GET /api/get-balance', {})).statusCode).toBe(403);
    });
  });

  describe('GET /api/get-block-balances', () => {
    const current = () => [
      {
        blockId: blocks.dollars,
        blockName: '$200 block',
        blockUnits: '$',
        blockStarts: '2025-06-01',
        blockExpires: '2025-07-10',
        blockBalance: 20000,
      },
      {
        blockId: blocks.unlimited,
        blockName: 'Unlimited July',
        blockUnits: 'unlimited',
        blockStarts: '2025-07-01',
        blockExpires: '2025-07-31',
        blockBalance: 0,
      },
      {
        blockId: blocks.season,
        blockName: 'Season 600 min',
        blockUnits: 'minutes',
        blockStarts: '2025-05-01',
        blockExpires: '2025-10-31',
        blockBalance: 555,
      },
    ];
    const spring = () => ({
      blockId: blocks.spring,
      blockName: 'Spring 300 min',
      blockUnits: 'minutes',
      blockStarts: '2025-04-01',
      blockExpires: '2025-05-31',
      blockBalance: 300,
    });

    it(
      'lists blocks by expiry, balance = amount − units used; a block ' +
        'ending today still counts; expired ones left out',
      async () => {
        const response = await callAs(t, await t.signIn(mary.email), 'GET /api/get-block-balances', {
          club: alpha,
          userID: mary.userId,
          includeExpired: 'false',
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ blocks: current() });
      },
    );

    it('includeExpired=true adds the expired ones', async () => {
      const response = await callAs(t, await t.signIn(mary.email), 'GET /api/get-block-balances', {
        userID: mary.userId,
        includeExpired: 'true',
      });
      expect(response.json()).toEqual({ blocks: [spring(), ...current()] });
    });

    it(
      "'today' is the club's day: at 23:30 in Toronto (03:30Z the " +
        'next day) the block ending today is still listed',
      async () => {
        const cookie = await t.signIn(mary.email);
        t.clock.set(Date.parse('2025-07-11T03:30:00Z'));
        const late = await callAs(t, cookie, 'GET /api/get-block-balances', {});
        t.clock.set(Date.parse('2025-07-11T04:00:00Z'));
        const nextDay = await callAs(t, cookie, 'GET /api/get-block-balances', {});
        t.clock.set(NOW);
        expect(late.json()).toEqual({ blocks: current() });
        expect(nextDay.json()).toEqual({ blocks: current().slice(1) });
      },
    );

    it(
      'the same rights as the balance: 403 for a plain member ' + "reading another's, 200 for an add-funds holder",
      async () => {
        const refused = await callAs(t, await t.signIn(mary.email), 'GET /api/get-block-balances', {
          userID: bea.userId,
        });
        expect(refused.statusCode).toBe(403);
        const allowed = await callAs(t, await t.signIn(treasurer.email), 'GET /api/get-block-balances', {
          userID: mary.userId,
        });
        expect(allowed.statusCode).toBe(200);
        expect(allowed.json()).toEqual({ blocks: current() });
      },
    );

    it('refuses includeExpired other than true/false (400), another club (403), no session (401)', async () => {
      const cookie = await t.signIn(mary.email);
      const bad = await callRaw(t, cookie, 'GET /api/get-block-balances', { includeExpired: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual(refusal(400, 'Invalid query: includeExpired: Use true or false'));
      const other = await callAs(t, cookie, 'GET /api/get-block-balances', { club: bravo });
      expect(other.statusCode).toBe(403);
      expect((await callAs(t, undefined, 'GET /api/get-block-balances', {})).statusCode).toBe(401);
    });
  });
});
