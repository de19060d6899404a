import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { IntroListItem, IntrosResponse } from '@flightline/domain/api/types';
import { accountingSummaryAnswer } from '@flightline/domain/api/ledger';
import { answerAs, callAs, callRaw, refusal, type CallInput } from './helpers/api.ts';
import { ledgerCounts, posting, postingsOf, setClubAccounting } from './helpers/ledger.ts';
import { createLinePeople, type LinePeople } from './helpers/line-people.ts';
import type { Person } from './helpers/test-app.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

/** 12:00 on 2025-07-12 in Toronto (EDT, UTC−4). */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const TODAY = '2025-07-12';

describe('intro sales: POST /api/create-intro and GET /api/get-intros', () => {
  let { t, alpha, bravo } = {} as TwoClubs;
  let { admin, seller, treasurer, member, sleeper, outsider } = {} as LinePeople;
  const cookie = (person: Person) => t.cookieFor(person.email);
  type Sale = CallInput<'POST /api/create-intro'>;
  const sell = async (body: Sale, as: Person = seller) => callAs(t, await cookie(as), 'POST /api/create-intro', body);
  /** A sale create-intro does not take, sent on purpose: a refusal test's unknown field. */
  const sellRaw = async (body: object, as: Person = seller) =>
    callRaw(t, await cookie(as), 'POST /api/create-intro', body);
  const intros = async (as: Person = seller): Promise<IntrosResponse> => {
    const response = await callAs(t, await cookie(as), 'GET /api/get-intros', {});
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const introBySn = async (sn: string): Promise<IntroListItem> => (await intros()).intros.find((i) => i.SN === sn)!;
  /** Intro A/P of the club: −(sum of its 2120 postings). */
  const introApCents = async (clubId = alpha) =>
    0 -
    (
      await sql<{
        total: number;
      }>`select coalesce(sum(amount_cents), 0)::bigint as total from posting where club_id = ${clubId} and
            account = 2120`.execute(t.db)
    ).rows[0]!.total;
  const introCount = async () =>
    (
      await t.db
        .selectFrom('intro')
        .select(sql<number>`count(*)::bigint`.as('n'))
        .where('club_id', '=', alpha)
        .executeTakeFirstOrThrow()
    ).n;

  const SALE: Sale = {
    launchType: 'Intro flight',
    priceCents: 15_000,
    payment: 'Card',
    paymentRef: 'POS-1',
    SN: '',
    buyerFirst: 'Bea',
    buyerLast: 'Buyer',
    buyerEmail: 'bea@example.org',
    recipientFirst: 'Pat',
    recipientLast: 'Passenger',
    recipientEmail: '',
    note: 'Birthday gift',
    date: TODAY,
    staleDate: '2026-07-12',
    taxStatus: 'exempt',
    taxRates: [],
  };

  /** A refused sale answers exactly `status` and `message`, and sells nothing. */
  const refused = (body: Sale, status: number, message: string, as: Person = seller) =>
    refusedWhen(() => sell(body, as), status, message);
  /** The same, for a sale create-intro does not take. */
  const refusedRaw = (body: object, status: number, message: string) =>
    refusedWhen(() => sellRaw(body), status, message);
  const refusedWhen = async (send: () => Promise<{ json(): unknown }>, status: number, message: string) => {
    const [ledger, count] = [await ledgerCounts(t.db, alpha), await introCount()];
    const response = await send();
    expect(response.json()).toEqual(refusal(status, message));
    expect(await ledgerCounts(t.db, alpha)).toEqual(ledger);
    expect(await introCount()).toBe(count);
  };

  beforeAll(async () => {
    ({ t, alpha, bravo } = await openTwoClubs({ now: NOW }, { fleet: true }));
    await setClubAccounting(t.db, alpha, { taxRates: { HST: 0.13 } });
    await t.db
      .insertInto('intro_launch')
      .values({ club_id: alpha, id: 'Old intro', launch_type_id: '2000 ft', price_cents: 9_900, is_active: false })
      .execute();
    await t.db
      .insertInto('intro_launch')
      .values({ club_id: alpha, id: 'Free ride', launch_type_id: '2000 ft', price_cents: 0 })
      .execute();
    ({ admin, seller, treasurer, member, sleeper, outsider } = await createLinePeople(
      t.db,
      { alpha, bravo },
      ['admin', 'seller', 'treasurer', 'member', 'sleeper', 'outsider'],
      {
        sleeper: { is_active: false, can_add_intros: true },
        outsider: { is_admin: true },
      },
    ));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('sells an intro: the intro, Dr Cash [method] / Cr Intro A/P [intro], and the spec message', async () => {
    const response = await sell({ ...SALE, payment: 'card', idempotencyKey: 'sale-key-0001' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      statusCode: 200,
      message: 'Purchase of Intro for Pat Passenger was successful.',
      intro: {
        recipientFirst: 'Pat',
        recipientLast: 'Passenger',
        buyerFirst: 'Bea',
        buyerLast: 'Buyer',
        buyerEmail: 'bea@example.org',
        launchType: 'Intro flight',
        priceCents: 15_000,
        // The club's spelling of the method.
        payment: 'Card',
        paymentRef: 'POS-1',
        date: TODAY,
        staleDate: '2026-07-12',
        note: 'Birthday gift',
        flightRef: '',
        taxStatus: 'exempt',
        taxRates: [],
        refunded: false,
        cancelled: false,
      },
    });
    // A generated serial: 6 characters without 0, O, 1, I.
    expect(body.intro.SN).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(await postingsOf(t.db, body.transactionId!)).toEqual([
      posting(1000, 15_000, { transfer: 'Card' }),
      posting(2120, -15_000, { intro: body.intro.id }),
    ]);
    const entry = await t.db
      .selectFrom('ledger_transaction')
      .selectAll()
      .where('id', '=', body.transactionId)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      transaction_type: 'Intro Sale',
      entered_by: seller.userId,
      reference: 'POS-1',
      note: 'Birthday gift',
      idempotency_key: 'sale-key-0001',
    });
    expect(entry.effective_at.getTime()).toBe(NOW);

    const listed = await introBySn(body.intro.SN);
    expect(listed).toMatchObject({ id: body.intro.id, owedCents: 15_000, expired: false });
    expect(await introApCents()).toBe(15_000);
  });

  it('the same idempotency key sells once and answers the first sale again', async () => {
    const before = [await ledgerCounts(t.db, alpha), await introCount()];
    const first = await sell({
      ...SALE,
      recipientFirst: 'Kim',
      recipientLast: 'Twice',
      idempotencyKey: 'sale-key-0002',
    });
    const again = await sell({
      ...SALE,
      recipientFirst: 'Kim',
      recipientLast: 'Twice',
      idempotencyKey: 'sale-key-0002',
    });
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await introCount()).toBe(Number(before[1]) + 1);
    expect((await ledgerCounts(t.db, alpha)).transactions).toBe(
      (before[0] as { transactions: number }).transactions + 1,
    );
    expect(await introApCents()).toBe(30_000);
  });

  it('a key used for another entry is refused', async () => {
    const deposit = await callAs(t, await cookie(admin), 'POST /api/add-transaction/', {
      transactionType: 'Deposit',
      pilot: member.userId,
      amountCents: 1000,
      transferType: 'Cash',
      idempotencyKey: 'deposit-key-01',
    });
    expect(deposit.statusCode).toBe(200);
    await refused(
      { ...SALE, idempotencyKey: 'deposit-key-01' },
      409,
      `This idempotency key was already used for transaction #${deposit.json().transactionId} ` +
        `(Deposit); send a new key for a new sale`,
      admin,
    );
    // Sent by someone else, the key is refused without a word of what it recorded (modules/once.ts).
    await refused(
      { ...SALE, idempotencyKey: 'deposit-key-01' },
      409,
      'This idempotency key was already used by someone else; send a new key',
    );
  });

  it("refuses a price that changed since the form loaded: 'reload and try again'", async () => {
    await refused(
      { ...SALE, priceCents: 14_000 },
      409,
      'The price of Intro flight is now $150.00; reload and try again',
    );
  });

  it('keeps serial numbers unique in the club, whatever their case; another club may reuse one', async () => {
    const first = await sell({ ...SALE, SN: 'gift01' });
    expect(first.json().intro.SN).toBe('GIFT01');
    await refused(
      { ...SALE, SN: 'Gift01' },
      409,
      'Serial number GIFT01 is already used: enter another or leave it empty',
    );
    expect((await sell({ ...SALE, SN: 'GIFT01' }, outsider)).statusCode).toBe(200);
  });

  it('checks the launch type, the payment method, the dates and the body', async () => {
    await refused(
      { ...SALE, launchType: 'Old intro', priceCents: 9_900 },
      400,
      "Unknown intro launch Old intro: choose one of the club's intro launches",
    );
    await refused(
      { ...SALE, launchType: 'Joyride' },
      400,
      "Unknown intro launch Joyride: choose one of the club's intro launches",
    );
    await refused({ ...SALE, payment: 'Bitcoin' }, 400, 'Unknown payment method Bitcoin: use one of Cash, Card');
    await refused(
      { ...SALE, date: '2025-07-13', staleDate: '2026-07-13' },
      400,
      "The purchase date can't be after today (2025-07-12)",
    );
    await refused(
      { ...SALE, staleDate: '2025-07-11' },
      400,
      'Invalid body: staleDate: The expiration date must be on or after the purchase date',
    );
    await refused({ ...SALE, recipientLast: '' }, 400, 'Invalid body: recipientLast: Enter the passenger last name');
    await refused(
      { ...SALE, priceCents: 12.5 },
      400,
      'Invalid body: priceCents: Invalid input: expected int, received number',
    );
    await refused({ ...SALE, taxStatus: 'inclusive', taxRates: ['GST'] }, 400, 'Unknown tax GST');
    await refusedRaw({ ...SALE, surprise: 1 }, 400, 'Invalid body: Unrecognized key: "surprise"');
  });

  it(
    'sells with the taxes chosen, a purchase date in the past ' + 'and an expiration already passed (expired)',
    async () => {
      const response = await sell({
        ...SALE,
        SN: 'OLD001',
        recipientLast: 'Oldham',
        date: '2024-06-07',
        staleDate: '2025-06-07',
        taxStatus: 'inclusive',
        taxRates: ['HST'],
      });
      expect(response.json().intro).toMatchObject({
        date: '2024-06-07',
        staleDate: '2025-06-07',
        taxStatus: 'inclusive',
        taxRates: ['HST'],
      });
      expect(await introBySn('OLD001')).toMatchObject({ expired: true, owedCents: 15_000 });
      // Expired on the stale date itself, in the club's zone.
      await sell({ ...SALE, SN: 'EDGE01', date: '2025-07-01', staleDate: TODAY });
      await sell({ ...SALE, SN: 'EDGE02', date: '2025-07-01', staleDate: '2025-07-13' });
      expect((await introBySn('EDGE01')).expired).toBe(true);
      expect((await introBySn('EDGE02')).expired).toBe(false);
    },
  );

  it('an intro at no charge posts nothing and answers no entry', async () => {
    const before = await ledgerCounts(t.db, alpha);
    const response = await sell({ ...SALE, launchType: 'Free ride', priceCents: 0, SN: 'FREE01' });
    expect(response.json()).toMatchObject({
      statusCode: 200,
      transactionId: null,
      intro: { SN: 'FREE01', priceCents: 0 },
    });
    expect(await ledgerCounts(t.db, alpha)).toEqual(before);
    expect((await introBySn('FREE01')).owedCents).toBe(0);
  });

  it('Intro A/P holds every sale: the accounting summary agrees with the intros listed', async () => {
    const listed = (await intros()).intros.reduce((sum, intro) => sum + intro.owedCents, 0);
    expect(listed).toBe(await introApCents());
    const summary = answerAs(
      await callAs(t, await cookie(admin), 'GET /api/get-balances', { startDate: TODAY, endDate: TODAY }),
      accountingSummaryAnswer,
    );
    // In the account's natural sign: a liability the club holds is positive.
    expect(summary.introsPayable.endCents).toBe(await introApCents());
    expect(await introApCents()).toBe(90_000);
  });

  it(
    'get-intros: payment methods, the default stale period, ' + 'newest purchase first; old closed intros left out',
    async () => {
      const old = await t.db
        .insertInto('intro')
        .values([
          {
            club_id: alpha,
            sn: 'ANCNT1',
            recipient_first: 'Ann',
            recipient_last: 'Cient',
            launch_type: 'Intro flight',
            price_cents: 15_000,
            purchase_date: '2021-05-01',
            stale_date: '2022-05-01',
          },
          {
            club_id: alpha,
            sn: 'ANCNT2',
            recipient_first: 'Ann',
            recipient_last: 'Cient',
            launch_type: 'Intro flight',
            price_cents: 15_000,
            purchase_date: '2021-05-01',
            stale_date: '2022-05-01',
            refunded_at: new Date('2021-06-01'),
          },
          {
            club_id: alpha,
            sn: 'RECNT1',
            recipient_first: 'Rex',
            recipient_last: 'Cent',
            launch_type: 'Intro flight',
            price_cents: 15_000,
            purchase_date: '2022-07-12',
            stale_date: '2023-07-12',
            cancelled_at: new Date('2023-08-01'),
          },
        ])
        .returning('sn')
        .execute();
      expect(old).toHaveLength(3);
      const response = await intros(admin);
      expect(response.paymentMethods).toEqual(['Cash', 'Card']);
      expect(response.introStalePeriod).toBe(365);
      const sns = response.intros.map((i) => i.SN);
      // Open at any age; closed ones bought in the last 3 years (since 2022-07-12).
      expect(sns).toContain('ANCNT1');
      expect(sns).toContain('RECNT1');
      expect(sns).not.toContain('ANCNT2');
      const dates = response.intros.map((i) => i.date);
      expect(dates).toEqual([...dates].sort().reverse());
    },
  );

  it(
    'rights: admin or Can Add Intros; others 403, another club ' + 'named 403, another club sees only its own intros',
    async () => {
      expect((await sell({ ...SALE, SN: 'ADMIN1' }, admin)).statusCode).toBe(200);
      await refused({ ...SALE, SN: 'MEMB01' }, 403, 'User is not authorized (603)', member);
      await refused({ ...SALE, SN: 'TRES01' }, 403, 'User is not authorized (603)', treasurer);
      await refused(
        { ...SALE, SN: 'SLEEP1' },
        403,
        'Your account has not been activated at this club, Contact a club admin to have your account activated.',
        sleeper,
      );
      await refused({ ...SALE, club: bravo }, 403, 'That club is not your active club');
      expect((await callAs(t, await cookie(member), 'GET /api/get-intros', {})).json()).toEqual(
        refusal(403, 'User is not authorized (603)'),
      );
      expect((await callAs(t, await cookie(seller), 'GET /api/get-intros', { club: bravo })).json()).toEqual(
        refusal(403, 'That club is not your active club'),
      );
      expect((await callAs(t, undefined, 'GET /api/get-intros', {})).statusCode).toBe(401);
      const theirs = (await intros(outsider)).intros.map((i) => i.SN);
      expect(theirs).toEqual(['GIFT01']);
    },
  );

  it('a sale on a locked day is refused', async () => {
    await setClubAccounting(t.db, alpha, { lockDate: TODAY });
    await refused(
      { ...SALE, SN: 'LOCK01' },
      409,
      'Transactions on or before the lock date 2025-07-12 cannot be posted',
    );
    await setClubAccounting(t.db, alpha, { lockDate: null });
  });
});
