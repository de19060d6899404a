import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { callAs, callRaw, refusal, type CallInput } from './helpers/api.ts';
import {
  createBlockRule,
  createLedgerPeople,
  ledgerCounts,
  memberContext,
  posting,
  postingsOf,
  setClubAccounting,
  type LedgerPeople,
} from './helpers/ledger.ts';
import { createClub, createPerson, type Person } from './helpers/test-app.ts';
import { lockClub } from '../src/modules/clubs/repo.ts';
import { CLUB_FOR_POSTING, postOnce } from '../src/modules/ledger/journal.ts';
import { insertEntry } from '../src/modules/ledger/posting-repo.ts';
import { HttpError } from '../src/http/errors.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

/** 12:00 on 2025-11-20 in Toronto (EST, UTC−5). */
const NOW = Date.parse('2025-11-20T17:00:00Z');

describe('posting money: add-transaction and reverse-transaction', () => {
  let { t, alpha, bravo } = {} as TwoClubs;
  let { admin, treasurer, mary, bea, outsider } = {} as LedgerPeople;
  let bravoAdmin: Person;
  const cookie = (person: Person) => t.cookieFor(person.email);
  type AddInput = CallInput<'POST /api/add-transaction/'>;
  type DepositInput = Extract<AddInput, { transactionType: 'Deposit' }>;
  type ExpenseInput = Extract<AddInput, { transactionType: 'Expense' }>;
  type BlockInput = Extract<AddInput, { transactionType: 'Block' }>;
  type AdjustmentInput = Extract<AddInput, { account: 2120 | 2510 }>;
  const add = async (body: AddInput, as: Person = treasurer) =>
    callAs(t, await cookie(as), 'POST /api/add-transaction/', body);
  /** An entry add-transaction does not take, sent on purpose: a refusal test's unknown kind. */
  const addRaw = async (body: object, as: Person = treasurer) =>
    callRaw(t, await cookie(as), 'POST /api/add-transaction/', body);
  const reverse = async (body: CallInput<'POST /api/reverse-transaction/'>, as: Person = admin) =>
    callAs(t, await cookie(as), 'POST /api/reverse-transaction/', body);
  const setParameter = async (body: CallInput<'POST /api/update-admin-parameter/'>, as: Person) =>
    callAs(t, await cookie(as), 'POST /api/update-admin-parameter/', body);
  const deposit = (pilot: string, amountCents: number, extra: Partial<DepositInput> = {}): DepositInput => ({
    transactionType: 'Deposit',
    pilot,
    amountCents,
    transferType: 'Cash',
    ...extra,
  });
  const balanceOf = async (member: Person) =>
    (await callAs(t, await cookie(admin), 'GET /api/get-balance', { userID: member.userId })).json().balanceCents;
  /** An intro sold at the desk (create-intro): $150.00 in Cash, Cr Intro A/P. */
  const sellIntro = async (sn: string, as: Person = admin) => {
    const response = await callAs(t, await cookie(as), 'POST /api/create-intro', {
      launchType: 'Intro flight',
      payment: 'Cash',
      SN: sn,
      recipientFirst: 'Pat',
      recipientLast: 'Guest',
      staleDate: '2026-11-20',
    });
    expect(response.statusCode).toBe(200);
  };
  /** An intro launch option, $150.00, so intros can be sold in the club. */
  const introLaunchIn = async (clubId: string) => {
    await t.db
      .insertInto('launch_type')
      .values({ club_id: clubId, id: '2000 ft', kind: 'fixed', price_cents: 4000, height: 2000 })
      .execute();
    await t.db
      .insertInto('intro_launch')
      .values({ club_id: clubId, id: 'Intro flight', launch_type_id: '2000 ft', price_cents: 15000 })
      .execute();
  };

  beforeAll(async () => {
    ({ t, alpha, bravo } = await openTwoClubs({ now: NOW }));
    await setClubAccounting(t.db, alpha, {
      taxRates: { GST: 0.05, PST: 0.08, HST: 0.13 },
      feeList: ['Hangar fee', 'Tie-down'],
    });
    ({ admin, treasurer, mary, bea, outsider } = await createLedgerPeople(t.db, alpha, bravo));
    bravoAdmin = await createPerson(t.db, { club: bravo, first: 'Bruno', flags: { is_admin: true } });
    await createBlockRule(t.db, alpha, {
      id: 'season',
      name: 'Season rental 600 min',
      units: 'minutes',
      amount: 600,
      priceCents: 30000,
      taxStatus: 'inclusive',
      taxNames: ['HST'],
    });
    await createBlockRule(t.db, alpha, {
      id: 'dollars',
      name: '$250 flying',
      units: '$',
      amount: 25000,
      priceCents: 20000,
      taxStatus: 'exclusive',
      taxNames: ['GST', 'PST'],
    });
    await createBlockRule(t.db, alpha, {
      id: 'retired',
      name: 'Old block',
      units: 'minutes',
      amount: 100,
      priceCents: 5000,
      isActive: false,
    });
    await createBlockRule(t.db, alpha, {
      id: 'free',
      name: 'Free block',
      units: 'unlimited',
      amount: 0,
      priceCents: 0,
    });
    await introLaunchIn(alpha);
  });
  afterAll(() => t.close());

  describe('each kind of entry lands as the domain rules say', () => {
    it(
      'Deposit $100.00 by E-Transfer: Dr 1000 10000 ' + '[E-Transfer] / Cr 2100 −10000 [member]; "Funds added"',
      async () => {
        const response = await add(
          deposit(mary.userId, 10000, { transferType: 'E-Transfer', transactionRef: '4411', note: 'Season start' }),
        );
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toEqual({
          statusCode: 200,
          message: 'Funds added',
          transactionId: body.transactionId,
          balanceCents: 10000,
        });
        expect(await postingsOf(t.db, body.transactionId)).toEqual([
          posting(1000, 10000, { transfer: 'E-Transfer' }),
          posting(2100, -10000, { member: mary.userId }),
        ]);
        const entry = await t.db
          .selectFrom('ledger_transaction')
          .selectAll()
          .where('id', '=', body.transactionId)
          .executeTakeFirstOrThrow();
        expect(entry).toMatchObject({
          club_id: alpha,
          transaction_type: 'Deposit',
          description: 'Deposit (E-Transfer) ref 4411',
          reference: '4411',
          note: 'Season start',
          entered_by: treasurer.userId,
          reverses_id: null,
        });
        expect(entry.effective_at.getTime()).toBe(NOW);
      },
    );

    it(
      'the payment method matches regardless of case and is stored as ' +
        'the club spells it; an unknown one is refused (400)',
      async () => {
        const response = await add(deposit(bea.userId, 2000, { transferType: 'cash' }));
        expect(response.statusCode).toBe(200);
        expect((await postingsOf(t.db, response.json().transactionId))[0]).toEqual(
          posting(1000, 2000, { transfer: 'Cash' }),
        );
        const before = await ledgerCounts(t.db, alpha);
        const unknown = await add(deposit(bea.userId, 2000, { transferType: 'Bitcoin' }));
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json()).toEqual(
          refusal(400, 'Unknown payment method Bitcoin: use one of Cash, Cheque, Credit Card, E-Transfer'),
        );
        expect(await ledgerCounts(t.db, alpha)).toEqual(before);
      },
    );

    it('a negative deposit pays money back: Dr 1000 −1500 / Cr 2100 +1500, described "Paid out (Cash)"', async () => {
      const response = await add(deposit(bea.userId, -1500));
      const id = response.json().transactionId;
      expect(response.json().balanceCents).toBe(500);
      expect(await postingsOf(t.db, id)).toEqual([
        posting(1000, -1500, { transfer: 'Cash' }),
        posting(2100, 1500, { member: bea.userId }),
      ]);
      const entry = await t.db
        .selectFrom('ledger_transaction')
        .select('description')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(entry.description).toBe('Paid out (Cash)');
    });

    it(
      'Expense $25.00 Hangar fee, 13 % HST exclusive: Dr 2100 2825 / ' +
        'Cr 4900 −2500 [Hangar fee] / Cr 2510 −325 [HST]',
      async () => {
        const response = await add({
          transactionType: 'Expense',
          pilot: mary.userId,
          amountCents: 2500,
          feeType: 'hangar FEE',
          taxStatus: 'exclusive',
          taxRates: ['HST'],
        });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toEqual({
          statusCode: 200,
          message: 'Expense recorded',
          transactionId: body.transactionId,
          balanceCents: 10000 - 2825,
        });
        expect(await postingsOf(t.db, body.transactionId)).toEqual([
          posting(2100, 2825, { member: mary.userId }),
          posting(4900, -2500, { fee: 'Hangar fee' }),
          posting(2510, -325, { tax: 'HST' }),
        ]);
        const entry = await t.db
          .selectFrom('ledger_transaction')
          .select('description')
          .where('id', '=', body.transactionId)
          .executeTakeFirstOrThrow();
        expect(entry.description).toBe('Hangar fee');
      },
    );

    it('Expense $113.00 with GST 5 % and PST 8 % inclusive: net 10000, GST 500, PST 800', async () => {
      const response = await add({
        transactionType: 'Expense',
        pilot: bea.userId,
        amountCents: 11300,
        feeType: 'Tie-down',
        taxStatus: 'inclusive',
        taxRates: ['GST', 'PST'],
      });
      expect(await postingsOf(t.db, response.json().transactionId)).toEqual([
        posting(2100, 11300, { member: bea.userId }),
        posting(4900, -10000, { fee: 'Tie-down' }),
        posting(2510, -500, { tax: 'GST' }),
        posting(2510, -800, { tax: 'PST' }),
      ]);
    });

    it(
      'Expense to expense code 60530, exempt: Dr 2100 4000 / Cr ' + '60530 −4000, described by the account name',
      async () => {
        const response = await add({
          transactionType: 'Expense',
          pilot: mary.userId,
          amountCents: 4000,
          feeType: '60530',
          taxStatus: 'exempt',
          taxRates: ['HST'],
        });
        const id = response.json().transactionId;
        expect(await postingsOf(t.db, id)).toEqual([
          posting(2100, 4000, { member: mary.userId }),
          posting(60530, -4000),
        ]);
        const entry = await t.db
          .selectFrom('ledger_transaction')
          .select('description')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(entry.description).toBe('Glider Maintenance');
      },
    );

    it('refuses an unknown fee class or tax (400) and posts nothing', async () => {
      const before = await ledgerCounts(t.db, alpha);
      const fee = await add({
        transactionType: 'Expense',
        pilot: mary.userId,
        amountCents: 100,
        feeType: 'Parking',
        taxStatus: 'exempt',
      });
      expect(fee.statusCode).toBe(400);
      expect(fee.json()).toEqual(refusal(400, 'Unknown fee class Parking'));
      const tax = await add({
        transactionType: 'Expense',
        pilot: mary.userId,
        amountCents: 100,
        feeType: 'Tie-down',
        taxStatus: 'exclusive',
        taxRates: ['QST'],
      });
      expect(tax.json()).toEqual(refusal(400, 'Unknown tax QST'));
      expect(await ledgerCounts(t.db, alpha)).toEqual(before);
    });

    it(
      'Block at the rule price $300.00, HST inclusive: Dr 2100 30000 / Cr ' +
        "4200 −26549 / Cr 2510 −3451, and the member's block",
      async () => {
        const response = await add({
          transactionType: 'Block',
          pilot: bea.userId,
          block: { id: 'season', startDate: '2025-01-01', endDate: '2025-12-31' },
          amountCents: 1,
        });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body.message).toBe('Block added');
        expect(await postingsOf(t.db, body.transactionId)).toEqual([
          posting(2100, 30000, { member: bea.userId }),
          posting(4200, -26549),
          posting(2510, -3451, { tax: 'HST' }),
        ]);
        const block = await t.db
          .selectFrom('member_block')
          .selectAll()
          .where('transaction_id', '=', body.transactionId)
          .executeTakeFirstOrThrow();
        expect(block).toMatchObject({
          club_id: alpha,
          member_id: bea.userId,
          block_rule_id: 'season',
          name: 'Season rental 600 min',
          units: 'minutes',
          amount: 600,
          starts_on: '2025-01-01',
          ends_on: '2025-12-31',
        });
        const entry = await t.db
          .selectFrom('ledger_transaction')
          .select('description')
          .where('id', '=', body.transactionId)
          .executeTakeFirstOrThrow();
        expect(entry.description).toBe('Block: Season rental 600 min');
        const blocks = await callAs(t, await cookie(bea), 'GET /api/get-block-balances', { userID: bea.userId });
        expect(blocks.json().blocks).toEqual([
          {
            blockId: block.id,
            blockName: 'Season rental 600 min',
            blockUnits: 'minutes',
            blockStarts: '2025-01-01',
            blockExpires: '2025-12-31',
            blockBalance: 600,
          },
        ]);
      },
    );

    it(
      'a $ block, GST 5 % and PST 8 % exclusive on $200.00: member ' + 'pays 22600; its balance is the full $250.00',
      async () => {
        const response = await add({
          transactionType: 'Block',
          pilot: mary.userId,
          block: { id: 'dollars', startDate: '2025-11-01', endDate: '2026-10-31' },
        });
        const id = response.json().transactionId;
        expect(await postingsOf(t.db, id)).toEqual([
          posting(2100, 22600, { member: mary.userId }),
          posting(4200, -20000),
          posting(2510, -1000, { tax: 'GST' }),
          posting(2510, -1600, { tax: 'PST' }),
        ]);
        const blocks = (
          await callAs(t, await cookie(mary), 'GET /api/get-block-balances', { userID: mary.userId })
        ).json().blocks;
        expect(blocks).toEqual([
          expect.objectContaining({ blockName: '$250 flying', blockUnits: '$', blockBalance: 25000 }),
        ]);
      },
    );

    it('an overridden price charges amountCents (taxed as the rule says); override needs an amount', async () => {
      const response = await add({
        transactionType: 'Block',
        pilot: mary.userId,
        block: { id: 'season', startDate: '2025-11-01', endDate: '2026-10-31', override: true },
        amountCents: 11300,
      });
      expect(await postingsOf(t.db, response.json().transactionId)).toEqual([
        posting(2100, 11300, { member: mary.userId }),
        posting(4200, -10000),
        posting(2510, -1300, { tax: 'HST' }),
      ]);
      const missing = await add({
        transactionType: 'Block',
        pilot: mary.userId,
        block: { id: 'season', startDate: '2025-11-01', endDate: '2026-10-31', override: true },
      });
      expect(missing.json()).toEqual(refusal(400, 'Enter the amount to charge when overriding the block price'));
    });

    it(
      'refuses an unknown block (404), an inactive one (409), one with ' +
        'no price (400), dates the wrong way round (400)',
      async () => {
        const before = await ledgerCounts(t.db, alpha);
        const season = { startDate: '2025-11-01', endDate: '2026-10-31' };
        expect(
          (await add({ transactionType: 'Block', pilot: mary.userId, block: { id: 'nope', ...season } })).json(),
        ).toEqual(refusal(404, 'No block nope at this club'));
        expect(
          (await add({ transactionType: 'Block', pilot: mary.userId, block: { id: 'retired', ...season } })).json(),
        ).toEqual(refusal(409, 'The block Old block is not active: activate it in Administration, or choose another'));
        expect(
          (await add({ transactionType: 'Block', pilot: mary.userId, block: { id: 'free', ...season } })).json(),
        ).toEqual(
          refusal(
            400,
            'The block Free block has no price: set its price in Administration, or override it with an amount',
          ),
        );
        const backwards = await add({
          transactionType: 'Block',
          pilot: mary.userId,
          block: { id: 'season', startDate: '2026-01-01', endDate: '2025-01-01' },
        });
        expect(backwards.json()).toEqual(
          refusal(400, 'Invalid body: block.endDate: The block must end on or after its start'),
        );
        expect(await ledgerCounts(t.db, alpha)).toEqual(before);
      },
    );

    it(
      'Bank Payment of $50.00 HST (admin): Dr 2510 5000 [HST] / Cr ' +
        '1000 −5000; "Sales Tax A/P adjusted successfully"',
      async () => {
        const response = await add(
          { transactionType: 'BankPayment', account: 2510, amountCents: 5000, taxType: 'HST' },
          admin,
        );
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toEqual({
          statusCode: 200,
          message: 'Sales Tax A/P adjusted successfully',
          transactionId: body.transactionId,
        });
        expect(await postingsOf(t.db, body.transactionId)).toEqual([
          posting(2510, 5000, { tax: 'HST' }),
          posting(1000, -5000, { transfer: 'Bank Payment' }),
        ]);
      },
    );

    it(
      'Write Down of $30.00 on Intro A/P (admin): Dr 2120 3000 with no ' +
        'intro / Cr 4300 −3000; "Intro A/P adjusted successfully"',
      async () => {
        await sellIntro('WDN234');
        const response = await add({ transactionType: 'WriteDown', account: 2120, amountCents: 3000 }, admin);
        const body = response.json();
        expect(body).toEqual({
          statusCode: 200,
          message: 'Intro A/P adjusted successfully',
          transactionId: body.transactionId,
        });
        expect(await postingsOf(t.db, body.transactionId)).toEqual([posting(2120, 3000), posting(4300, -3000)]);
      },
    );

    it('an adjustment needs a tax type the club has or had (400), and the right account (400)', async () => {
      expect(
        (await add({ transactionType: 'BankPayment', account: 2510, amountCents: 100, taxType: 'QST' }, admin)).json(),
      ).toEqual(refusal(400, 'Unknown tax type QST'));
      expect(
        (await add({ transactionType: 'BankPayment', account: 2120, amountCents: 100, taxType: 'HST' }, admin)).json(),
      ).toEqual(
        refusal(
          400,
          'Invalid body: account: Bank Payment applies to Sales Tax A/P (2510) and Write Down to Intro A/P (2120)',
        ),
      );
    });
  });

  describe(
    'an adjustment pays out or writes down at most what its ' + 'account holds (409 otherwise, nothing posted)',
    () => {
      // A club of its own, so the figures are only this block's.
      let charlie: string;
      let chair: Person;
      let pilot: Person;
      const adjust = (body: AddInput) => add(body, chair);
      const writeDown = (amountCents: number, extra: { idempotencyKey?: string } = {}) =>
        adjust({ transactionType: 'WriteDown', account: 2120, amountCents, ...extra });
      const bankPayment = (taxType: string, amountCents: number, extra: { idempotencyKey?: string } = {}) =>
        adjust({ transactionType: 'BankPayment', account: 2510, amountCents, taxType, ...extra });
      /** −(sum of the account's postings), of one tax name for 2510. */
      const owed = async (account: number, taxName?: string) => {
        const row = await sql<{ total: number }>`select coalesce(0 - sum(amount_cents), 0)::bigint as total from posting
        where club_id = ${charlie} and account = ${account} and (${taxName ?? null}::text is null or tax_name =
        ${taxName ?? null})`.execute(t.db);
        return row.rows[0]!.total;
      };

      beforeAll(async () => {
        charlie = await createClub(t.db, { name: 'Charlie Soaring', time_zone: 'America/Toronto' });
        await setClubAccounting(t.db, charlie, { taxRates: { GST: 0.05, HST: 0.13 }, feeList: ['Hangar fee'] });
        chair = await createPerson(t.db, { club: charlie, first: 'Chris', last: 'Chair', flags: { is_admin: true } });
        pilot = await createPerson(t.db, { club: charlie, first: 'Pia', last: 'Pilot' });
        await introLaunchIn(charlie);
      });

      it(
        'a $1.00 Write Down with no intro sold: "The write down of ' + '$1.00 is more than the $0.00 Intro A/P holds"',
        async () => {
          const before = await ledgerCounts(t.db, charlie);
          const response = await writeDown(100);
          expect(response.statusCode).toBe(409);
          expect(response.json()).toEqual(
            refusal(409, 'The write down of $1.00 is more than the $0.00 Intro A/P holds'),
          );
          expect(await ledgerCounts(t.db, charlie)).toEqual(before);
          expect(await owed(2120)).toBe(0);
        },
      );

      it(
        'Write Downs up to what Intro A/P holds, to the cent: $150.00 sold, ' +
          '$150.01 refused, $100.00 then $50.00 posted, $0.01 more refused',
        async () => {
          await sellIntro('CHR234', chair);
          expect(await owed(2120)).toBe(15000);
          expect((await writeDown(15001)).json()).toEqual(
            refusal(409, 'The write down of $150.01 is more than the $150.00 Intro A/P holds'),
          );
          expect((await writeDown(10000)).statusCode).toBe(200);
          expect((await writeDown(5001)).json()).toEqual(
            refusal(409, 'The write down of $50.01 is more than the $50.00 Intro A/P holds'),
          );
          const last = await writeDown(5000);
          expect(last.statusCode).toBe(200);
          expect(await postingsOf(t.db, last.json().transactionId)).toEqual([
            posting(2120, 5000),
            posting(4300, -5000),
          ]);
          expect(await owed(2120)).toBe(0);
          const before = await ledgerCounts(t.db, charlie);
          expect((await writeDown(1)).json()).toEqual(
            refusal(409, 'The write down of $0.01 is more than the $0.00 Intro A/P holds'),
          );
          expect(await ledgerCounts(t.db, charlie)).toEqual(before);
        },
      );

      it(
        'a Bank Payment is limited by what Sales Tax A/P holds for ' +
          'its own tax type, whatever the other taxes hold',
        async () => {
          // $100.00 Hangar fee with GST 5 % and HST 13 % exclusive: GST owes 500, HST 1300.
          const charge = await adjust({
            transactionType: 'Expense',
            pilot: pilot.userId,
            amountCents: 10000,
            feeType: 'Hangar fee',
            taxStatus: 'exclusive',
            taxRates: ['GST', 'HST'],
          });
          expect(charge.statusCode).toBe(200);
          expect([await owed(2510, 'GST'), await owed(2510, 'HST')]).toEqual([500, 1300]);
          const before = await ledgerCounts(t.db, charlie);
          // $13.00 is less than Sales Tax A/P as a whole ($18.00) but more than GST's $5.00.
          expect((await bankPayment('GST', 1300)).json()).toEqual(
            refusal(409, 'The bank payment of $13.00 is more than the $5.00 Sales Tax A/P holds for GST'),
          );
          expect((await bankPayment('GST', 501)).json()).toEqual(
            refusal(409, 'The bank payment of $5.01 is more than the $5.00 Sales Tax A/P holds for GST'),
          );
          expect(await ledgerCounts(t.db, charlie)).toEqual(before);
          const hst = await bankPayment('HST', 1300);
          expect(hst.statusCode).toBe(200);
          expect(await postingsOf(t.db, hst.json().transactionId)).toEqual([
            posting(2510, 1300, { tax: 'HST' }),
            posting(1000, -1300, { transfer: 'Bank Payment' }),
          ]);
          expect((await bankPayment('HST', 1)).json()).toEqual(
            refusal(409, 'The bank payment of $0.01 is more than the $0.00 Sales Tax A/P holds for HST'),
          );
          expect((await bankPayment('GST', 500)).statusCode).toBe(200);
          expect([await owed(2510, 'GST'), await owed(2510, 'HST')]).toEqual([0, 0]);
        },
      );

      it('a tax the club no longer has can be remitted up to what it still holds', async () => {
        await adjust({
          transactionType: 'Expense',
          pilot: pilot.userId,
          amountCents: 2000,
          feeType: 'Hangar fee',
          taxStatus: 'exclusive',
          taxRates: ['GST'],
        });
        await setClubAccounting(t.db, charlie, { taxRates: { HST: 0.13 } });
        expect((await bankPayment('GST', 101)).json()).toEqual(
          refusal(409, 'The bank payment of $1.01 is more than the $1.00 Sales Tax A/P holds for GST'),
        );
        expect((await bankPayment('GST', 100)).statusCode).toBe(200);
        await setClubAccounting(t.db, charlie, { taxRates: { GST: 0.05, HST: 0.13 } });
      });

      it(
        'a refused adjustment leaves its key unused; a retry of the ' +
          'posted one answers it even once nothing is left',
        async () => {
          await sellIntro('CHR567', chair);
          const refused = await writeDown(15001, { idempotencyKey: 'charlie-write-down-1' });
          expect(refused.json()).toEqual(
            refusal(409, 'The write down of $150.01 is more than the $150.00 Intro A/P holds'),
          );
          const posted = await writeDown(15000, { idempotencyKey: 'charlie-write-down-1' });
          expect(posted.statusCode).toBe(200);
          // A retry answers the first call even though Intro A/P now holds nothing.
          expect((await writeDown(15000, { idempotencyKey: 'charlie-write-down-1' })).json()).toEqual(posted.json());
          expect(await owed(2120)).toBe(0);
        },
      );

      it(
        'an adjustment waits for an entry being posted and counts it: a Write ' +
          'Down behind another of all Intro A/P holds is refused',
        async () => {
          await sellIntro('CHR789', chair);
          let release!: () => void;
          const released = new Promise<void>((resolve) => (release = resolve));
          let locked!: () => void;
          const isLocked = new Promise<void>((resolve) => (locked = resolve));
          // Another Write Down of the $150.00, being posted: the club row share-locked as every posting does, not yet
          // committed.
          const other = t.db.transaction().execute(async (trx) => {
            await lockClub(trx, charlie, 'share', CLUB_FOR_POSTING);
            const id = await insertEntry(trx, {
              clubId: charlie,
              effectiveAt: new Date(NOW),
              enteredAt: new Date(NOW),
              enteredBy: chair.userId,
              transactionType: 'Write Down',
              description: 'Write Down',
              note: '',
              reference: '',
              idempotencyKey: null,
              reversesId: null,
              lines: [
                { account: 2120, amountCents: 15000 },
                { account: 4300, amountCents: -15000 },
              ],
            });
            locked();
            await released;
            return id;
          });
          await isLocked;
          const behind = writeDown(15000);
          // Long enough for the request to reach the club row; under a shared lock it would read $150.00 and post.
          await new Promise((resolve) => setTimeout(resolve, 300));
          release();
          await other;
          expect((await behind).json()).toEqual(
            refusal(409, 'The write down of $150.00 is more than the $0.00 Intro A/P holds'),
          );
          expect(await owed(2120)).toBe(0);
        },
      );
    },
  );

  describe('who may post', () => {
    it('a plain member may not add funds, even to themselves (403), and nothing changes', async () => {
      const before = await ledgerCounts(t.db, alpha);
      const response = await add(deposit(mary.userId, 100000), mary);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(
        refusal(403, 'Adding funds, expenses or blocks needs an admin or the Can Add User Funds right'),
      );
      expect(await ledgerCounts(t.db, alpha)).toEqual(before);
    });

    it('an add-funds holder may not post adjustments (admin only)', async () => {
      const before = await ledgerCounts(t.db, alpha);
      const response = await add({ transactionType: 'WriteDown', account: 2120, amountCents: 100 }, treasurer);
      expect(response.json()).toEqual(refusal(403, 'Only an admin can post accounting adjustments'));
      expect(await ledgerCounts(t.db, alpha)).toEqual(before);
    });

    it(
      'an admin may add funds; the member must belong to the club ' +
        '(404); club naming another club is refused (403)',
      async () => {
        expect((await add(deposit(bea.userId, 100), admin)).statusCode).toBe(200);
        const before = await ledgerCounts(t.db, alpha);
        expect((await add(deposit(outsider.userId, 100), admin)).json()).toEqual(
          refusal(404, 'No such member at this club'),
        );
        expect((await add({ ...deposit(bea.userId, 100), club: bravo }, admin)).json()).toEqual(
          refusal(403, 'That club is not your active club'),
        );
        expect((await add(deposit(bea.userId, 100), bravoAdmin)).json()).toEqual(
          refusal(404, 'No such member at this club'),
        );
        expect(await ledgerCounts(t.db, alpha)).toEqual(before);
        const signedOut = await callAs(t, undefined, 'POST /api/add-transaction/', deposit(bea.userId, 100));
        expect(signedOut.statusCode).toBe(401);
      },
    );

    it('refuses a zero amount, a fractional one and an unknown kind with what to change (400)', async () => {
      expect((await add(deposit(bea.userId, 0))).json()).toEqual(
        refusal(400, 'Invalid body: amountCents: The amount must not be zero'),
      );
      expect((await add(deposit(bea.userId, 10.5))).json()).toEqual(
        refusal(400, 'Invalid body: amountCents: Amounts are whole cents'),
      );
      expect((await addRaw({ transactionType: 'Gift', pilot: bea.userId, amountCents: 5 })).json()).toEqual(
        refusal(
          400,
          'Invalid body: transactionType: Invalid discriminator value. Expected ' +
            "'Deposit' | 'Expense' | 'Block' | 'BankPayment' | 'WriteDown'",
        ),
      );
    });
  });

  describe('lock date', () => {
    it('refuses (409) an entry at 23:59 on the lock date in Toronto, accepts one at 00:00 the next day', async () => {
      const set = await setParameter({ parameter: 'lockDate', lockDate: '2025-10-31' }, admin);
      expect(set.json()).toEqual({ status: 'ok', lockDate: '2025-10-31' });
      const before = await ledgerCounts(t.db, alpha);
      const late = await add(deposit(mary.userId, 100, { time: Date.parse('2025-11-01T03:59:59.999Z') }));
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual(refusal(409, 'Transactions on or before the lock date 2025-10-31 cannot be posted'));
      expect(await ledgerCounts(t.db, alpha)).toEqual(before);
      const next = await add(deposit(mary.userId, 100, { time: Date.parse('2025-11-01T04:00:00Z') }));
      expect(next.statusCode).toBe(200);
    });

    it('the database refusal (a lock date moved meanwhile) answers the same 409, never a 500', async () => {
      const ctx = await memberContext(t.db, alpha, admin.userId, NOW);
      const attempt = postOnce(t.db, ctx, undefined, { transactionType: 'Deposit' }, async (trx) => ({
        id: await insertEntry(trx, {
          clubId: alpha,
          effectiveAt: new Date('2025-10-15T12:00:00Z'),
          enteredAt: new Date(NOW),
          enteredBy: admin.userId,
          transactionType: 'Deposit',
          description: 'bypassing the service check',
          note: '',
          reference: '',
          idempotencyKey: null,
          reversesId: null,
          lines: [
            { account: 1000, amountCents: 100, transferType: 'Cash' },
            { account: 2100, amountCents: -100, memberId: mary.userId },
          ],
        }),
      }));
      await expect(attempt).rejects.toSatisfy(
        (error: unknown) =>
          error instanceof HttpError &&
          error.statusCode === 409 &&
          error.message === 'Transactions on or before the lock date 2025-10-31 cannot be posted',
      );
    });

    it(
      'the lock date only moves forward, and stays before today in ' + 'the club zone (409); refusals change nothing',
      async () => {
        const same = await setParameter({ parameter: 'lockDate', lockDate: '2025-10-31' }, admin);
        expect(same.statusCode).toBe(409);
        expect(same.json()).toEqual({
          ...refusal(409, 'The new lock date must be after the current lock date'),
          lockDate: '2025-10-31',
        });
        const back = await setParameter({ parameter: 'lockDate', lockDate: '2025-09-30' }, admin);
        expect(back.json()).toMatchObject({ message: 'The new lock date must be after the current lock date' });
        const today = await setParameter({ parameter: 'lockDate', lockDate: '2025-11-20' }, admin);
        expect(today.json()).toEqual(refusal(409, 'The lock date must be before today'));
        const treasurerTry = await setParameter({ parameter: 'lockDate', lockDate: '2025-11-01' }, treasurer);
        expect(treasurerTry.json()).toEqual(refusal(403, 'Only an admin can change accounting settings'));
        const club = await t.db
          .selectFrom('club')
          .select('lock_date')
          .where('id', '=', alpha)
          .executeTakeFirstOrThrow();
        expect(club.lock_date).toBe('2025-10-31');
      },
    );

    it(
      "'today' is the club's: at 23:30 on 2025-11-19 in Toronto " + '(04:30Z on the 20th) the 19th is still today',
      async () => {
        t.clock.set(Date.parse('2025-11-20T04:30:00Z'));
        const refused = await setParameter({ parameter: 'lockDate', lockDate: '2025-11-19' }, admin);
        t.clock.set(NOW);
        expect(refused.json()).toEqual(refusal(409, 'The lock date must be before today'));
      },
    );
  });

  describe('idempotency', () => {
    it('the same key twice posts once and answers the same', async () => {
      const body = deposit(mary.userId, 700, { idempotencyKey: 'phone-retry-0001' });
      const first = await add(body);
      const before = await ledgerCounts(t.db, alpha);
      const again = await add(body);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await ledgerCounts(t.db, alpha)).toEqual(before);
    });

    it('a retry answers the balance as it was after the entry, even once more is posted', async () => {
      const body = deposit(bea.userId, 300, { idempotencyKey: 'phone-retry-0002' });
      const first = (await add(body)).json();
      await add(deposit(bea.userId, 5));
      expect((await add(body)).json()).toEqual(first);
    });

    it('two concurrent requests with the same key post one entry and both answer it', async () => {
      const body = deposit(bea.userId, 4321, { idempotencyKey: 'phone-race-0003' });
      const before = await ledgerCounts(t.db, alpha);
      const c = await cookie(treasurer);
      const [a, b] = await Promise.all([
        callAs(t, c, 'POST /api/add-transaction/', body),
        callAs(t, c, 'POST /api/add-transaction/', body),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(a.json()).toEqual(b.json());
      expect(await ledgerCounts(t.db, alpha)).toEqual({
        ...before,
        transactions: before.transactions + 1,
        postings: before.postings + 2,
      });
    });

    it('a block retried creates one block', async () => {
      const body: BlockInput = {
        transactionType: 'Block',
        pilot: mary.userId,
        block: { id: 'season', startDate: '2025-11-01', endDate: '2026-10-31' },
        idempotencyKey: 'block-retry-0004',
      };
      const first = await add(body);
      const before = await ledgerCounts(t.db, alpha);
      expect((await add(body)).json()).toEqual(first.json());
      expect(await ledgerCounts(t.db, alpha)).toEqual(before);
    });

    it(
      'a Deposit key sent again for another pilot, amount or transfer type is ' +
        'refused (409), nothing posted; the exact retry still answers',
      async () => {
        const first = await add(deposit(mary.userId, 800, { idempotencyKey: 'reuse-deposit-0006' }));
        expect(first.statusCode).toBe(200);
        const id = first.json().transactionId;
        const beaBalance = await balanceOf(bea);
        const before = await ledgerCounts(t.db, alpha);
        const reused = refusal(
          409,
          `This idempotency key was already used for transaction #${id} (Deposit); send a new key for a new request`,
        );
        expect((await add(deposit(bea.userId, 800, { idempotencyKey: 'reuse-deposit-0006' }))).json()).toEqual(reused);
        expect((await add(deposit(mary.userId, 801, { idempotencyKey: 'reuse-deposit-0006' }))).json()).toEqual(reused);
        expect((await add(deposit(mary.userId, -800, { idempotencyKey: 'reuse-deposit-0006' }))).json()).toEqual(
          reused,
        );
        expect(
          (
            await add(deposit(mary.userId, 800, { idempotencyKey: 'reuse-deposit-0006', transferType: 'Cheque' }))
          ).json(),
        ).toEqual(reused);
        expect(await ledgerCounts(t.db, alpha)).toEqual(before);
        expect(await balanceOf(bea)).toBe(beaBalance);
        // The same request again — the transfer type in another case, another note, no time — is a retry.
        const again = await add(
          deposit(mary.userId, 800, { idempotencyKey: 'reuse-deposit-0006', transferType: 'CASH', note: 'sent twice' }),
        );
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual(first.json());
        expect(await ledgerCounts(t.db, alpha)).toEqual(before);
      },
    );

    it(
      'an Expense key sent again for another fee class, expense code, amount, ' +
        'tax status or pilot is refused (409); the exact retry answers',
      async () => {
        const body: ExpenseInput = {
          transactionType: 'Expense',
          pilot: bea.userId,
          amountCents: 1000,
          feeType: 'Tie-down',
          taxStatus: 'exclusive',
          taxRates: ['HST'],
          idempotencyKey: 'reuse-expense-0007',
        };
        const first = await add(body);
        const id = first.json().transactionId;
        expect(await postingsOf(t.db, id)).toEqual([
          posting(2100, 1130, { member: bea.userId }),
          posting(4900, -1000, { fee: 'Tie-down' }),
          posting(2510, -130, { tax: 'HST' }),
        ]);
        const before = await ledgerCounts(t.db, alpha);
        const reused = refusal(
          409,
          `This idempotency key was already used for transaction #${id} (Expense); send a new key for a new request`,
        );
        for (const other of [
          { feeType: 'Hangar fee' },
          { feeType: '60510' },
          { amountCents: 1130 },
          { amountCents: 1000, taxStatus: 'inclusive' },
          { taxStatus: 'exempt' },
          { taxRates: ['GST'] },
          { pilot: mary.userId },
        ] satisfies Partial<ExpenseInput>[]) {
          expect((await add({ ...body, ...other })).json()).toEqual(reused);
        }
        expect(await ledgerCounts(t.db, alpha)).toEqual(before);
        expect((await add({ ...body, feeType: 'TIE-DOWN' })).json()).toEqual(first.json());
        expect(await ledgerCounts(t.db, alpha)).toEqual(before);
      },
    );

    it(
      'a Block key sent again for another block or season is refused ' +
        '(409); an Expense key to an expense code likewise',
      async () => {
        const body: BlockInput = {
          transactionType: 'Block',
          pilot: bea.userId,
          block: { id: 'season', startDate: '2025-11-01', endDate: '2026-10-31' },
          idempotencyKey: 'reuse-block-0008',
        };
        const first = await add(body);
        const id = first.json().transactionId;
        const before = await ledgerCounts(t.db, alpha);
        const reused = refusal(
          409,
          `This idempotency key was already used for transaction #${id} (Block); send a new key for a new request`,
        );
        expect((await add({ ...body, block: { ...body.block, id: 'dollars' } })).json()).toEqual(reused);
        expect((await add({ ...body, block: { ...body.block, endDate: '2026-09-30' } })).json()).toEqual(reused);
        expect((await add({ ...body, block: { ...body.block, override: true }, amountCents: 100 })).json()).toEqual(
          reused,
        );
        expect((await add({ ...body, pilot: mary.userId })).json()).toEqual(reused);
        expect(await ledgerCounts(t.db, alpha)).toEqual(before);
        expect((await add(body)).json()).toEqual(first.json());

        // An overriding price is compared as sent: $100.00 before the exclusive GST and PST, not the $113.00 charged.
        const override: BlockInput = {
          transactionType: 'Block',
          pilot: mary.userId,
          block: { id: 'dollars', startDate: '2025-11-01', endDate: '2026-10-31', override: true },
          amountCents: 10000,
          idempotencyKey: 'reuse-block-0012',
        };
        const overridden = await add(override);
        expect((await postingsOf(t.db, overridden.json().transactionId))[0]).toEqual(
          posting(2100, 11300, { member: mary.userId }),
        );
        expect((await add(override)).json()).toEqual(overridden.json());
        expect((await add({ ...override, amountCents: 11300 })).json()).toEqual(
          refusal(
            409,
            `This idempotency key was already used for transaction #${overridden.json().transactionId} ` +
              `(Block); send a new key for a new request`,
          ),
        );

        const code: ExpenseInput = {
          transactionType: 'Expense',
          pilot: mary.userId,
          amountCents: 2000,
          feeType: '60520',
          taxStatus: 'exempt',
          idempotencyKey: 'reuse-expense-0009',
        };
        const coded = (await add(code)).json();
        const again = refusal(
          409,
          `This idempotency key was already used for transaction #${coded.transactionId} ` +
            `(Expense); send a new key for a new request`,
        );
        expect((await add({ ...code, feeType: '60530' })).json()).toEqual(again);
        expect((await add(code)).json()).toEqual(coded);
      },
    );

    it('an adjustment key sent again for another tax type or amount is refused (409)', async () => {
      const body: AdjustmentInput = {
        transactionType: 'BankPayment',
        account: 2510,
        amountCents: 100,
        taxType: 'GST',
        idempotencyKey: 'reuse-adjust-0010',
      };
      const first = await add(body, admin);
      expect(first.statusCode).toBe(200);
      const id = first.json().transactionId;
      const reused = refusal(
        409,
        `This idempotency key was already used for transaction #${id} (Bank Payment); send a new key for a new request`,
      );
      expect((await add({ ...body, taxType: 'PST' }, admin)).json()).toEqual(reused);
      expect((await add({ ...body, amountCents: 101 }, admin)).json()).toEqual(reused);
      expect((await add(body, admin)).json()).toEqual(first.json());
    });

    it(
      'two concurrent requests with one key for different amounts ' + 'post one entry; the other is refused (409)',
      async () => {
        const before = await ledgerCounts(t.db, alpha);
        const c = await cookie(treasurer);
        const [a, b] = await Promise.all([
          callAs(t, c, 'POST /api/add-transaction/', deposit(bea.userId, 1111, { idempotencyKey: 'race-reuse-0011' })),
          callAs(t, c, 'POST /api/add-transaction/', deposit(bea.userId, 2222, { idempotencyKey: 'race-reuse-0011' })),
        ]);
        expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
        const winner = a.statusCode === 200 ? a : b;
        expect((a.statusCode === 409 ? a : b).json()).toEqual(
          refusal(
            409,
            `This idempotency key was already used for transaction #${winner.json().transactionId} ` +
              `(Deposit); send a new key for a new request`,
          ),
        );
        expect(await ledgerCounts(t.db, alpha)).toEqual({
          ...before,
          transactions: before.transactions + 1,
          postings: before.postings + 2,
        });
      },
    );

    it(
      'a key reused for a different kind of entry is refused ' + '(409); the same key in another club is its own',
      async () => {
        const used = await add({
          transactionType: 'Expense',
          pilot: mary.userId,
          amountCents: 100,
          feeType: 'Tie-down',
          taxStatus: 'exempt',
          idempotencyKey: 'phone-retry-0001',
        });
        expect(used.statusCode).toBe(409);
        const usedForDeposit =
          /^This idempotency key was already used for transaction #\d+ \(Deposit\); send a new key for a new request$/;
        expect(used.json()).toMatchObject({ message: expect.stringMatching(usedForDeposit) });
        const elsewhere = await add(deposit(outsider.userId, 700, { idempotencyKey: 'phone-retry-0001' }), bravoAdmin);
        expect(elsewhere.statusCode).toBe(200);
        expect(await postingsOf(t.db, elsewhere.json().transactionId)).toEqual([
          posting(1000, 700, { transfer: 'Cash' }),
          posting(2100, -700, { member: outsider.userId }),
        ]);
      },
    );
  });

  describe('reversal', () => {
    it(
      'posts the exact opposite now, linked to the original; ' + '"Transaction #N reversed"; the balance returns',
      async () => {
        const balance = await balanceOf(bea);
        const original = (
          await add({
            transactionType: 'Expense',
            pilot: bea.userId,
            amountCents: 2500,
            feeType: 'Hangar fee',
            taxStatus: 'exclusive',
            taxRates: ['HST'],
            time: Date.parse('2025-11-10T15:00:00Z'),
          })
        ).json();
        const response = await reverse({ id: original.transactionId, note: 'Charged the wrong member' });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        expect(body).toEqual({
          statusCode: 200,
          message: `Transaction #${original.transactionId} reversed`,
          transactionId: body.transactionId,
          balanceCents: balance,
        });
        expect(await postingsOf(t.db, body.transactionId)).toEqual([
          posting(2100, -2825, { member: bea.userId }),
          posting(4900, 2500, { fee: 'Hangar fee' }),
          posting(2510, 325, { tax: 'HST' }),
        ]);
        const entry = await t.db
          .selectFrom('ledger_transaction')
          .selectAll()
          .where('id', '=', body.transactionId)
          .executeTakeFirstOrThrow();
        expect(entry).toMatchObject({
          transaction_type: 'Reversal',
          reverses_id: original.transactionId,
          description: `Reversal of #${original.transactionId}`,
          note: 'Charged the wrong member',
        });
        expect(entry.effective_at.getTime()).toBe(NOW);
      },
    );

    it(
      'only once: a second reversal answers 409 "Transaction #N ' + 'was already reversed", also when two race',
      async () => {
        const original = (await add(deposit(mary.userId, 999))).json().transactionId;
        const [a, b] = await Promise.all([reverse({ id: original }), reverse({ id: original })]);
        expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
        expect((a.statusCode === 409 ? a : b).json()).toEqual(
          refusal(409, `Transaction #${original} was already reversed`),
        );
        const before = await ledgerCounts(t.db, alpha);
        expect((await reverse({ id: original })).json()).toEqual(
          refusal(409, `Transaction #${original} was already reversed`),
        );
        expect(await ledgerCounts(t.db, alpha)).toEqual(before);
      },
    );

    it('a reversal retried with its key answers the first reversal, not 409', async () => {
      const original = (await add(deposit(mary.userId, 321))).json().transactionId;
      const first = await reverse({ id: original, idempotencyKey: 'reverse-key-0005' });
      const again = await reverse({ id: original, idempotencyKey: 'reverse-key-0005' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    });

    it("refuses a reversal of a reversal, of another club's entry or a missing one, and by a non-admin", async () => {
      const original = (await add(deposit(mary.userId, 55))).json().transactionId;
      const reversal = (await reverse({ id: original })).json().transactionId;
      expect((await reverse({ id: reversal })).json()).toEqual(
        refusal(409, `Transaction #${reversal} is itself the reversal of #${original}: post the entry again instead`),
      );
      const bravoEntry = (await add(deposit(outsider.userId, 100), bravoAdmin)).json().transactionId;
      expect((await reverse({ id: bravoEntry })).json()).toEqual(
        refusal(404, `No transaction #${bravoEntry} at this club`),
      );
      expect((await reverse({ id: 987654 })).json()).toEqual(refusal(404, 'No transaction #987654 at this club'));
      const another = (await add(deposit(mary.userId, 66))).json().transactionId;
      expect((await reverse({ id: another }, treasurer)).json()).toEqual(
        refusal(403, 'Only an admin can reverse a transaction'),
      );
    });

    it(
      'an entry another part of the app posted (a launch charge) ' + 'is corrected there, not reversed here (409)',
      async () => {
        const launch = await t.db.transaction().execute(async (trx) => {
          const tx = await sql<{ id: number }>`insert into ledger_transaction (club_id, effective_at, transaction_type)
          values (${alpha}, ${new Date(NOW)}, 'Launch') returning id`.execute(trx);
          const id = tx.rows[0]!.id;
          await sql`insert into posting (transaction_id, account, amount_cents, member_id) values (${id}, 2100,
              4000, ${mary.userId})`.execute(trx);
          await sql`insert into posting (transaction_id, account, amount_cents) values (${id}, 4100, -4000)`.execute(
            trx,
          );
          return id;
        });
        expect((await reverse({ id: launch })).json()).toEqual(
          refusal(409, `Transaction #${launch} (Launch) is corrected where it was made, not reversed here`),
        );
      },
    );

    it(
      'reversing a block purchase voids the block: it leaves ' + 'the block balances; the refund is the price',
      async () => {
        const purchase = (
          await add({
            transactionType: 'Block',
            pilot: bea.userId,
            block: { id: 'dollars', startDate: '2025-11-01', endDate: '2026-10-31' },
          })
        ).json();
        const blockId = (
          await t.db
            .selectFrom('member_block')
            .select('id')
            .where('transaction_id', '=', purchase.transactionId)
            .executeTakeFirstOrThrow()
        ).id;
        const listed = async () =>
          (await callAs(t, await cookie(bea), 'GET /api/get-block-balances', { userID: bea.userId }))
            .json()
            .blocks.map((b) => b.blockId);
        expect(await listed()).toContain(blockId);
        const reversal = (await reverse({ id: purchase.transactionId })).json();
        expect(reversal.balanceCents).toBe(purchase.balanceCents! + 22600);
        expect(await listed()).not.toContain(blockId);
        const mark = await t.db
          .selectFrom('member_block_void')
          .selectAll()
          .where('member_block_id', '=', blockId)
          .executeTakeFirstOrThrow();
        expect(mark.transaction_id).toBe(reversal.transactionId);
        // Nothing draws from a voided block: the database refuses.
        await expect(
          t.db
            .insertInto('block_usage')
            .values({ member_block_id: blockId, units_used: 10, flown_on: '2025-11-20' })
            .execute(),
        ).rejects.toThrow(/was voided by transaction \d+ and cannot be used/);
      },
    );

    it('a block already drawn on is not voided (409): its flights are corrected first', async () => {
      const purchase = (
        await add({
          transactionType: 'Block',
          pilot: mary.userId,
          block: { id: 'season', startDate: '2025-11-01', endDate: '2026-10-31' },
        })
      ).json();
      const block = await t.db
        .selectFrom('member_block')
        .select('id')
        .where('transaction_id', '=', purchase.transactionId)
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('block_usage')
        .values({ member_block_id: block.id, units_used: 45, flown_on: '2025-11-15' })
        .execute();
      const before = await ledgerCounts(t.db, alpha);
      const response = await reverse({ id: purchase.transactionId });
      expect(response.json()).toEqual(
        refusal(
          409,
          `The block Season rental 600 min bought in transaction #${purchase.transactionId} ` +
            `has been used (45 minutes): correct those flights first`,
        ),
      );
      expect(await ledgerCounts(t.db, alpha)).toEqual(before);
    });
  });
});
