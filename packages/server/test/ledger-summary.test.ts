import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { accountingSummaryAnswer, breakdownAnswer } from '@flightline/domain/api/ledger';
import { answerAs, callAs, callRaw, refusal, type CallInput } from './helpers/api.ts';
import { createBlockRule, setClubAccounting } from './helpers/ledger.ts';
import { createPerson, type Person } from './helpers/test-app.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

/** 12:00 on 2025-08-15 in Toronto (EDT). */
const NOW = Date.parse('2025-08-15T16:00:00Z');
/** Noon in Toronto (EDT, UTC−4) on a summer day. */
const noon = (day: string) => Date.parse(`${day}T16:00:00Z`);

const totals = (account: number, startCents: number, debitCents: number, creditCents: number, endCents: number) => ({
  account,
  startCents,
  debitCents,
  creditCents,
  endCents,
});

describe('the accounting summary (get-balances) and accounting admin (update-admin-parameter)', () => {
  let { t, alpha, bravo } = {} as TwoClubs;
  let admin: Person;
  let treasurer: Person;
  let mary: Person;
  let bea: Person;
  let otto: Person;
  let bruno: Person;
  const ids: Record<string, number> = {};
  const cookie = (person: Person) => t.cookieFor(person.email);
  const balances = async (query: CallInput<'GET /api/get-balances'>, as: Person = admin) =>
    callAs(t, await cookie(as), 'GET /api/get-balances', query);
  /** The accounting summary get-balances answers (its AccountingSummary view). */
  const summary = async (query: CallInput<'GET /api/get-balances'>) =>
    answerAs(await balances(query), accountingSummaryAnswer);
  /** A drill-down get-balances answers (any other view): its rows and the fee list. */
  const drill = async (query: CallInput<'GET /api/get-balances'>) => answerAs(await balances(query), breakdownAnswer);
  const setParameter = async (body: CallInput<'POST /api/update-admin-parameter/'>, as: Person = admin) =>
    callAs(t, await cookie(as), 'POST /api/update-admin-parameter/', body);
  const addAs = async (as: Person, body: CallInput<'POST /api/add-transaction/'>) =>
    callAs(t, await cookie(as), 'POST /api/add-transaction/', body);
  async function add(name: string, body: CallInput<'POST /api/add-transaction/'>): Promise<void> {
    const response = await addAs(admin, body);
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.body}`);
    ids[name] = response.json().transactionId;
  }
  const june = { startDate: '2025-06-01', endDate: '2025-06-30' };

  beforeAll(async () => {
    ({ t, alpha, bravo } = await openTwoClubs({ now: NOW }));
    await setClubAccounting(t.db, alpha, { taxRates: { HST: 0.13 }, feeList: ['Hangar fee', 'Tie-down'] });
    admin = await createPerson(t.db, { club: alpha, first: 'Alex', last: 'Admin', flags: { is_admin: true } });
    treasurer = await createPerson(t.db, { club: alpha, first: 'Tess', flags: { can_add_funds: true } });
    mary = await createPerson(t.db, { club: alpha, first: 'Mary', last: 'Member' });
    bea = await createPerson(t.db, { club: alpha, first: 'Bea', last: 'Flyer' });
    await createBlockRule(t.db, alpha, {
      id: 'season',
      name: 'Season 600 min',
      units: 'minutes',
      amount: 600,
      priceCents: 30000,
      taxStatus: 'inclusive',
      taxNames: ['HST'],
    });

    // Before the range (May):
    await add('a', {
      transactionType: 'Deposit',
      pilot: mary.userId,
      amountCents: 20000,
      transferType: 'Cash',
      time: noon('2025-05-15'),
    });
    await add('b', {
      transactionType: 'Expense',
      pilot: mary.userId,
      amountCents: 10000,
      feeType: 'Hangar fee',
      taxStatus: 'exclusive',
      taxRates: ['HST'],
      time: noon('2025-05-20'),
    });
    // An intro sold in May, as the intros module posts it (Dr 1000 [Cheque] / Cr 2120 [intro]): what the Write Down h
    // draws on.
    await t.db
      .insertInto('launch_type')
      .values({ club_id: alpha, id: 'Intro tow', kind: 'fixed', price_cents: 4000, height: 2000 })
      .execute();
    await t.db
      .insertInto('intro_launch')
      .values({ club_id: alpha, id: 'Gift intro', launch_type_id: 'Intro tow', price_cents: 15000 })
      .execute();
    const mayIntro = await t.db
      .insertInto('intro')
      .values({
        club_id: alpha,
        sn: 'M4YGFT',
        recipient_first: 'May',
        recipient_last: 'Guest',
        launch_type: 'Gift intro',
        price_cents: 15000,
        purchase_date: '2025-05-25',
        stale_date: '2026-05-25',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.transaction().execute(async (trx) => {
      const tx = await sql<{
        id: number;
      }>`insert into ledger_transaction (club_id, effective_at, transaction_type, description)
        values (${alpha}, ${new Date(noon('2025-05-25'))}, 'Intro Sale', 'Intro M4YGFT') returning id`.execute(trx);
      const id = tx.rows[0]!.id;
      await sql`insert into posting (transaction_id, account, amount_cents, transfer_type) values (${id}, 1000,
            15000, 'Cheque')`.execute(trx);
      await sql`insert into posting (transaction_id, account, amount_cents, intro_id) values (${id}, 2120,
            -15000, ${mayIntro.id})`.execute(trx);
    });
    // In the range (June):
    await add('c', {
      transactionType: 'Deposit',
      pilot: bea.userId,
      amountCents: 5000,
      transferType: 'E-Transfer',
      transactionRef: 'ET-7',
      time: noon('2025-06-03'),
    });
    await add('d', {
      transactionType: 'Block',
      pilot: mary.userId,
      block: { id: 'season', startDate: '2025-06-01', endDate: '2026-05-31' },
      time: noon('2025-06-10'),
    });
    await add('e', {
      transactionType: 'BankPayment',
      account: 2510,
      amountCents: 1300,
      taxType: 'HST',
      time: noon('2025-06-15'),
    });
    await add('f', {
      transactionType: 'Expense',
      pilot: bea.userId,
      amountCents: 2000,
      feeType: '60510',
      taxStatus: 'exempt',
      time: noon('2025-06-20'),
    });
    await add('g', {
      transactionType: 'Deposit',
      pilot: mary.userId,
      amountCents: -1000,
      transferType: 'Cash',
      time: noon('2025-06-25'),
    });
    await add('h', { transactionType: 'WriteDown', account: 2120, amountCents: 500, time: noon('2025-06-28') });
    // After the range, and in another club: counted nowhere below.
    await add('after', {
      transactionType: 'Deposit',
      pilot: bea.userId,
      amountCents: 99999,
      transferType: 'Cash',
      time: noon('2025-07-02'),
    });
    otto = await createPerson(t.db, { club: bravo });
    bruno = await createPerson(t.db, { club: bravo, flags: { is_admin: true } });
    await callAs(t, await t.signIn(bruno.email), 'POST /api/add-transaction/', {
      transactionType: 'Deposit',
      pilot: otto.userId,
      amountCents: 4242,
      transferType: 'Cash',
      time: noon('2025-06-05'),
    });
  });
  afterAll(() => t.close());

  describe('AccountingSummary, June 2025, computed by hand', () => {
    /*
     * Posted (debit +, credit −):
     *   a May 15  Deposit Mary 200.00 Cash        1000 +20000 | 2100 −20000
     *   b May 20  Hangar fee Mary 100.00 + HST    2100 +11300 | 4900 −10000 | 2510 −1300
     *   sale May 25 Intro M4YGFT 150.00 Cheque    1000 +15000 | 2120 −15000
     *   c Jun 3   Deposit Bea 50.00 E-Transfer    1000 +5000  | 2100 −5000
     *   d Jun 10  Block Mary 300.00 HST incl.     2100 +30000 | 4200 −26549 | 2510 −3451
     *   e Jun 15  Bank Payment HST 13.00          2510 +1300  | 1000 −1300
     *   f Jun 20  Field maintenance Bea 20.00     2100 +2000  | 60510 −2000
     *   g Jun 25  Paid out to Mary 10.00 Cash     1000 −1000  | 2100 +1000
     *   h Jun 28  Write Down 5.00                 2120 +500   | 4300 −500
     */
    it('per account: start, debit, credit, end in the natural sign (liabilities and revenue negated)', async () => {
      const response = await balances({ club: alpha, ...june, balance: 'AccountingSummary' });
      expect(response.statusCode).toBe(200);
      const summary = answerAs(response, accountingSummaryAnswer);
      expect(summary).toMatchObject({
        clubName: 'Alpha Soaring',
        startDate: '2025-06-01',
        endDate: '2025-06-30',
        feeList: ['Hangar fee', 'Tie-down'],
      });
      // Cash (debit account): 200.00 + 150.00 in before; +50.00 in; −13.00 and −10.00 out.
      expect(summary.cashIn).toEqual(totals(1000, 35000, 5000, -2300, 37700));
      // Members A/P: the club owed members 87.00 (200.00 − 113.00); June charges 330.00 lower it, 50.00 in raises it:
      // members owe 193.00.
      expect(summary.membersPayable).toEqual(totals(2100, 8700, -33000, 5000, -19300));
      expect(summary.taxesPayable).toEqual(totals(2510, 1300, -1300, 3451, 3451));
      // Intro A/P: the intro's 150.00, 5.00 of it written down.
      expect(summary.introsPayable).toEqual(totals(2120, 15000, -500, 0, 14500));
      expect(summary.towRevenue).toEqual(totals(4100, 0, 0, 0, 0));
      expect(summary.rentalRevenue).toEqual(totals(4200, 0, 0, 26549, 26549));
      expect(summary.introRevenue).toEqual(totals(4300, 0, 0, 500, 500));
      expect(summary.otherRevenue).toEqual(totals(4900, 10000, 0, 0, 10000));
      expect(summary.expenses).toEqual([
        totals(60510, 0, 0, -2000, -2000),
        totals(60520, 0, 0, 0, 0),
        totals(60530, 0, 0, 0, 0),
        totals(60900, 0, 0, 0, 0),
      ]);
      expect(summary.taxes).toEqual([{ taxName: 'HST', totals: totals(2510, 1300, -1300, 3451, 3451) }]);
      expect(summary.transferTypes).toEqual([
        { transferType: 'Bank Payment', totals: totals(1000, 0, 0, -1300, -1300) },
        { transferType: 'Cash', totals: totals(1000, 20000, 0, -1000, 19000) },
        { transferType: 'Cheque', totals: totals(1000, 15000, 0, 0, 15000) },
        { transferType: 'Credit Card', totals: totals(1000, 0, 0, 0, 0) },
        { transferType: 'E-Transfer', totals: totals(1000, 0, 5000, 0, 5000) },
      ]);
      expect(summary.feeClasses).toEqual([
        { feeClass: 'Hangar fee', totals: totals(4900, 10000, 0, 0, 10000) },
        { feeClass: 'Tie-down', totals: totals(4900, 0, 0, 0, 0) },
      ]);
    });

    it('the books balance: debit accounts end where credit accounts do', async () => {
      const s = await summary(june);
      const debitSide =
        s.cashIn.endCents + s.expenses.reduce((sum: number, a: { endCents: number }) => sum + a.endCents, 0);
      const creditSide = [
        s.membersPayable,
        s.introsPayable,
        s.taxesPayable,
        s.towRevenue,
        s.rentalRevenue,
        s.introRevenue,
        s.otherRevenue,
      ].reduce((sum: number, a: { endCents: number }) => sum + a.endCents, 0);
      expect(debitSide).toBe(35700);
      expect(creditSide).toBe(35700);
    });

    it('a range of the one day the block was bought', async () => {
      const s = await summary({ startDate: '2025-06-10', endDate: '2025-06-10' });
      expect(s.rentalRevenue).toEqual(totals(4200, 0, 0, 26549, 26549));
      expect(s.membersPayable).toEqual(totals(2100, 13700, -30000, 0, -16300));
    });

    it('is admin only (403 for an add-funds holder and a plain member) and refuses another club (403)', async () => {
      expect((await balances(june, treasurer)).json()).toEqual(
        refusal(403, 'Only an admin can see the accounting summary'),
      );
      expect((await balances(june, mary)).statusCode).toBe(403);
      expect((await balances({ club: bravo, ...june })).json()).toEqual(
        refusal(403, 'That club is not your active club'),
      );
      const everything = await callRaw(t, await cookie(admin), 'GET /api/get-balances', {
        ...june,
        balance: 'Everything',
      });
      expect(everything.json()).toMatchObject({
        message:
          'Invalid query: balance: Use one of AccountingSummary, TaxTransactions, DepositTransactions, ' +
          'MemberTransactions, IntroTransactions, TowRevenue, RentalRevenue, IntroRevenue, OtherRevenue',
      });
    });
  });

  describe('drill-downs: rows of one account over the range, amounts in its natural sign', () => {
    const row = (name: string, fields: object) => expect.objectContaining({ transactionId: ids[name], ...fields });

    it('TaxTransactions for HST', async () => {
      const body = await drill({ ...june, balance: 'TaxTransactions', taxType: 'HST' });
      expect(body.rows).toEqual([
        row('d', {
          account: 2510,
          taxName: 'HST',
          amountCents: 3451,
          description: 'Block: Season 600 min',
          timestamp: noon('2025-06-10'),
        }),
        row('e', { account: 2510, taxName: 'HST', amountCents: -1300, description: 'Bank Payment (HST)' }),
      ]);
      expect(body.feeList).toEqual(['Hangar fee', 'Tie-down']);
    });

    it('DepositTransactions, all and by transfer type', async () => {
      const all = (await drill({ ...june, balance: 'DepositTransactions' })).rows;
      expect(all).toEqual([
        row('c', {
          amountCents: 5000,
          method: 'E-Transfer',
          ref: 'ET-7',
          description: 'Deposit (E-Transfer) ref ET-7',
        }),
        row('e', { amountCents: -1300, method: 'Bank Payment' }),
        row('g', { amountCents: -1000, method: 'Cash', description: 'Paid out (Cash)' }),
      ]);
      const cash = (await drill({ ...june, balance: 'DepositTransactions', transferType: 'Cash' })).rows;
      expect(cash).toEqual([row('g', { amountCents: -1000 })]);
    });

    it('MemberTransactions, all and for one member, with their names', async () => {
      const all = (await drill({ ...june, balance: 'MemberTransactions' })).rows;
      expect(all).toEqual([
        row('c', { userId: bea.userId, member: 'Bea Flyer', amountCents: 5000 }),
        row('d', { userId: mary.userId, member: 'Mary Member', amountCents: -30000 }),
        row('f', { userId: bea.userId, amountCents: -2000, description: 'Field maintenance' }),
        row('g', { userId: mary.userId, amountCents: -1000 }),
      ]);
      const maryOnly = (await drill({ ...june, balance: 'MemberTransactions', userID: mary.userId })).rows;
      expect(maryOnly.map((r) => r.transactionId)).toEqual([ids.d, ids.g]);
    });

    it(
      'MemberTransactions for someone who is not a member of the ' + 'club: 404 like the other per-member reads',
      async () => {
        const notMember = refusal(404, 'No such member at this club');
        // A member of another club (with postings there), and no user at all.
        for (const userID of [otto.userId, 'no-such-user']) {
          const response = await balances({ ...june, balance: 'MemberTransactions', userID });
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual(notMember);
        }
        // From the other side: Bravo's admin naming Alpha's Mary.
        const fromBravo = await balances({ ...june, balance: 'MemberTransactions', userID: mary.userId }, bruno);
        expect(fromBravo.statusCode).toBe(404);
        expect(fromBravo.json()).toEqual(notMember);
        // The same answer as get-transactions gives for that person.
        expect(
          (await callAs(t, await cookie(admin), 'GET /api/get-transactions', { id: otto.userId, ...june })).json(),
        ).toEqual(notMember);
      },
    );

    it('the revenue tables and Intro A/P', async () => {
      expect((await drill({ ...june, balance: 'RentalRevenue' })).rows).toEqual([
        row('d', { account: 4200, amountCents: 26549 }),
      ]);
      expect((await drill({ ...june, balance: 'IntroRevenue' })).rows).toEqual([
        row('h', { account: 4300, amountCents: 500 }),
      ]);
      expect((await drill({ ...june, balance: 'IntroTransactions' })).rows).toEqual([
        row('h', { account: 2120, amountCents: -500, userId: '', SN: '', soldTo: '', description: 'Write Down' }),
      ]);
      expect((await drill({ ...june, balance: 'TowRevenue' })).rows).toEqual([]);
    });

    it('OtherRevenue with the Category filter (Any, the default, filters nothing)', async () => {
      const may = { startDate: '2025-05-01', endDate: '2025-05-31' };
      const expected = [row('b', { account: 4900, fee: 'Hangar fee', amountCents: 10000 })];
      expect((await drill({ ...may, balance: 'OtherRevenue' })).rows).toEqual(expected);
      expect((await drill({ ...may, balance: 'OtherRevenue', feeClass: 'Any' })).rows).toEqual(expected);
      expect((await drill({ ...may, balance: 'OtherRevenue', feeClass: 'Hangar fee' })).rows).toEqual(expected);
      expect((await drill({ ...may, balance: 'OtherRevenue', feeClass: 'Tie-down' })).rows).toEqual([]);
    });

    it('an intro posting names the intro: userId Intro, its serial number and who bought it', async () => {
      await t.db
        .insertInto('launch_type')
        .values({ club_id: alpha, id: '2000 ft', kind: 'fixed', price_cents: 9000, height: 2000 })
        .execute();
      await t.db
        .insertInto('intro_launch')
        .values({ club_id: alpha, id: 'Intro 2000', launch_type_id: '2000 ft', price_cents: 15000 })
        .execute();
      const intro = await t.db
        .insertInto('intro')
        .values({
          club_id: alpha,
          sn: 'K7PX2A',
          recipient_first: 'Ivy',
          recipient_last: 'Guest',
          buyer_first: 'Ben',
          buyer_last: 'Buyer',
          launch_type: 'Intro 2000',
          price_cents: 15000,
          purchase_date: '2025-06-12',
          stale_date: '2026-06-12',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // An intro sale as the intros module posts it: Dr 1000 [method] / Cr 2120 [intro].
      const saleId = await t.db.transaction().execute(async (trx) => {
        const tx = await sql<{
          id: number;
        }>`insert into ledger_transaction (club_id, effective_at, transaction_type, description)
          values (${alpha}, ${new Date(noon('2025-06-12'))}, 'Intro Sale', 'Intro K7PX2A') returning id`.execute(trx);
        const id = tx.rows[0]!.id;
        await sql`insert into posting (transaction_id, account, amount_cents, transfer_type) values (${id},
              1000, 15000, 'Cash')`.execute(trx);
        await sql`insert into posting (transaction_id, account, amount_cents, intro_id) values (${id}, 2120,
              -15000, ${intro.id})`.execute(trx);
        return id;
      });
      const rows = (await drill({ ...june, balance: 'IntroTransactions' })).rows;
      expect(rows[0]).toEqual({
        transactionId: saleId,
        timestamp: noon('2025-06-12'),
        account: 2120,
        userId: 'Intro',
        member: '',
        description: 'Intro K7PX2A',
        note: '',
        ref: '',
        method: '',
        fee: '',
        taxName: '',
        SN: 'K7PX2A',
        soldTo: 'Ben Buyer',
        amountCents: 15000,
      });
    });

    it(
      "a cash, tax or revenue row names the member of its entry's " +
        'Members A/P posting; an entry without one names no one',
      async () => {
        const cash = (await drill({ ...june, balance: 'DepositTransactions' })).rows;
        expect(cash).toEqual([
          row('c', { account: 1000, userId: bea.userId, member: 'Bea Flyer', amountCents: 5000 }),
          // The intro sale's cash: its payer is the intro, named on its 2120 leg, not a member.
          expect.objectContaining({
            account: 1000,
            description: 'Intro K7PX2A',
            userId: '',
            member: '',
            amountCents: 15000,
          }),
          row('e', { account: 1000, userId: '', member: '', amountCents: -1300 }),
          row('g', { account: 1000, userId: mary.userId, member: 'Mary Member', amountCents: -1000 }),
        ]);
        const tax = (await drill({ ...june, balance: 'TaxTransactions', taxType: 'HST' })).rows;
        expect(tax).toEqual([
          row('d', { account: 2510, userId: mary.userId, member: 'Mary Member', amountCents: 3451 }),
          row('e', { account: 2510, userId: '', member: '', amountCents: -1300 }),
        ]);
        expect((await drill({ ...june, balance: 'RentalRevenue' })).rows).toEqual([
          row('d', { account: 4200, userId: mary.userId, member: 'Mary Member', amountCents: 26549 }),
        ]);
        const may = (await drill({ startDate: '2025-05-01', endDate: '2025-05-31', balance: 'OtherRevenue' })).rows;
        expect(may).toEqual([
          row('b', {
            account: 4900,
            userId: mary.userId,
            member: 'Mary Member',
            fee: 'Hangar fee',
            amountCents: 10000,
          }),
        ]);
        expect((await drill({ ...june, balance: 'IntroRevenue' })).rows).toEqual([
          row('h', { userId: '', member: '' }),
        ]);
      },
    );

    it('a shared cost (two members on one entry) names both, in posting order, and no single id', async () => {
      // A tow shared by two members as the flight module posts it: Dr 2100 each half / Cr 4100.
      const sharedId = await t.db.transaction().execute(async (trx) => {
        const tx = await sql<{
          id: number;
        }>`insert into ledger_transaction (club_id, effective_at, transaction_type, description)
          values (${alpha}, ${new Date(noon('2025-06-29'))}, 'Launch', 'Tow 2000 ft (shared)') returning id`.execute(
          trx,
        );
        const id = tx.rows[0]!.id;
        await sql`insert into posting (transaction_id, account, amount_cents, member_id) values (${id}, 2100,
              2000, ${bea.userId})`.execute(trx);
        await sql`insert into posting (transaction_id, account, amount_cents, member_id) values (${id}, 2100,
              2000, ${mary.userId})`.execute(trx);
        await sql`insert into posting (transaction_id, account, amount_cents) values (${id}, 4100, -4000)`.execute(trx);
        return Number(id);
      });
      const tow = (await drill({ ...june, balance: 'TowRevenue' })).rows;
      expect(tow).toEqual([
        expect.objectContaining({
          transactionId: sharedId,
          account: 4100,
          userId: '',
          member: 'Bea Flyer, Mary Member',
          amountCents: 4000,
        }),
      ]);
    });
  });

  describe('update-admin-parameter', () => {
    it('clubFees add: appended, answered with the list; an existing name in any case is refused (409)', async () => {
      const added = await setParameter({
        club: alpha,
        parameter: 'clubFees',
        feeName: 'Trailer parking',
        action: 'add',
      });
      expect(added.json()).toEqual({ status: 'ok', feeList: ['Hangar fee', 'Tie-down', 'Trailer parking'] });
      const again = await setParameter({ parameter: 'clubFees', feeName: 'TIE-DOWN', action: 'add' });
      expect(again.json()).toEqual(refusal(409, 'The fee class Tie-down already exists'));
    });

    it(
      'clubFees add: an expense code or "Any", in any case and ' + 'spacing, is refused (400) and nothing changes',
      async () => {
        const feeList = async () =>
          (await t.db.selectFrom('club').select('fee_list').where('id', '=', alpha).executeTakeFirstOrThrow()).fee_list;
        const before = await feeList();
        const addFee = (feeName: string) => setParameter({ parameter: 'clubFees', feeName, action: 'add' });
        // add-transaction reads "60510" as the expense code first, so such a class could never be charged.
        expect((await addFee('60510')).json()).toEqual(
          refusal(400, '"60510" is an expense code: choose another fee class name'),
        );
        expect((await addFee(' 60900 ')).json()).toEqual(
          refusal(400, '"60900" is an expense code: choose another fee class name'),
        );
        // "Any" is the Other Revenue Category filter's own first entry (it filters nothing).
        expect((await addFee('Any')).json()).toEqual(refusal(400, '"Any" is reserved for the Category filter'));
        expect((await addFee('  aNY ')).json()).toEqual(refusal(400, '"aNY" is reserved for the Category filter'));
        // A name differing from an existing class only in case or spacing is that class.
        expect((await addFee(' hangar FEE ')).json()).toEqual(refusal(409, 'The fee class Hangar fee already exists'));
        expect(await feeList()).toEqual(before);
        // Names that only contain a code or "Any" are fine, stored trimmed.
        const added = await addFee(' Any weather hangar ');
        expect(added.json()).toEqual({ status: 'ok', feeList: [...before, 'Any weather hangar'] });
        expect(
          (await setParameter({ parameter: 'clubFees', feeName: 'any weather HANGAR', action: 'remove' })).json(),
        ).toEqual({ status: 'ok', feeList: before });
      },
    );

    it('clubFees remove: gone from the list, entries posted under it keep it; a missing one is 404', async () => {
      const removed = await setParameter({ parameter: 'clubFees', feeName: 'hangar fee', action: 'remove' });
      expect(removed.json()).toEqual({ status: 'ok', feeList: ['Tie-down', 'Trailer parking'] });
      const may = await summary({ startDate: '2025-05-01', endDate: '2025-05-31' });
      expect(may.feeClasses).toEqual([
        { feeClass: 'Hangar fee', totals: totals(4900, 0, 0, 10000, 10000) },
        { feeClass: 'Tie-down', totals: totals(4900, 0, 0, 0, 0) },
        { feeClass: 'Trailer parking', totals: totals(4900, 0, 0, 0, 0) },
      ]);
      expect((await setParameter({ parameter: 'clubFees', feeName: 'Hangar fee', action: 'remove' })).json()).toEqual(
        refusal(404, 'No fee class Hangar fee'),
      );
      const refused = await addAs(admin, {
        transactionType: 'Expense',
        pilot: mary.userId,
        amountCents: 100,
        feeType: 'Hangar fee',
        taxStatus: 'exempt',
      });
      expect(refused.json()).toEqual(refusal(400, 'Unknown fee class Hangar fee'));
    });

    it('introStalePeriod: stored, answered with the period', async () => {
      expect((await setParameter({ parameter: 'introStalePeriod', period: 90 })).json()).toEqual({
        status: 'ok',
        period: 90,
      });
      const club = await t.db
        .selectFrom('club')
        .select('intro_stale_days')
        .where('id', '=', alpha)
        .executeTakeFirstOrThrow();
      expect(club.intro_stale_days).toBe(90);
      expect((await setParameter({ parameter: 'introStalePeriod', period: -1 })).statusCode).toBe(400);
    });

    it('lockDate: answered with the date; entries on or before it are refused from then on', async () => {
      expect((await setParameter({ parameter: 'lockDate', lockDate: '2025-06-30' })).json()).toEqual({
        status: 'ok',
        lockDate: '2025-06-30',
      });
      const late = await addAs(treasurer, {
        transactionType: 'Deposit',
        pilot: mary.userId,
        amountCents: 100,
        transferType: 'Cash',
        time: noon('2025-06-30'),
      });
      expect(late.json()).toEqual(refusal(409, 'Transactions on or before the lock date 2025-06-30 cannot be posted'));
    });

    it('admin only, in the active club; refusals change nothing', async () => {
      const before = await t.db
        .selectFrom('club')
        .select(['fee_list', 'intro_stale_days', 'lock_date'])
        .where('id', '=', alpha)
        .executeTakeFirstOrThrow();
      expect(
        (await setParameter({ parameter: 'clubFees', feeName: 'Sneaky', action: 'add' }, treasurer)).json(),
      ).toEqual(refusal(403, 'Only an admin can change accounting settings'));
      expect((await setParameter({ parameter: 'introStalePeriod', period: 1 }, mary)).statusCode).toBe(403);
      expect((await setParameter({ club: bravo, parameter: 'introStalePeriod', period: 1 })).json()).toEqual(
        refusal(403, 'That club is not your active club'),
      );
      const after = await t.db
        .selectFrom('club')
        .select(['fee_list', 'intro_stale_days', 'lock_date'])
        .where('id', '=', alpha)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
    });
  });
});
