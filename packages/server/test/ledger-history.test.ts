import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, callRaw, refusal, type CallInput } from './helpers/api.ts';
import { createLedgerPeople, setClubAccounting, type LedgerPeople } from './helpers/ledger.ts';
import type { Person } from './helpers/test-app.ts';
import { openTwoClubs, type TwoClubs } from './helpers/clubs.ts';

/** 12:00 on 2025-11-20 in Toronto (EST). */
const NOW = Date.parse('2025-11-20T17:00:00Z');
const at = (iso: string) => Date.parse(iso);

describe(
  "a member's account history: get-transactions, " +
    'get-user-transactions, get-recent-transactions, ' +
    'get-all-transactions',
  () => {
    let { t, alpha, bravo } = {} as TwoClubs;
    let { admin, treasurer, mary, bea, outsider } = {} as LedgerPeople;
    const ids: Record<string, number> = {};
    const cookie = (person: Person) => t.cookieFor(person.email);
    const transactions = async (as: Person, query: CallInput<'GET /api/get-transactions'>) =>
      callAs(t, await cookie(as), 'GET /api/get-transactions', query);
    const recent = async (as: Person, query: CallInput<'GET /api/get-recent-transactions'>) =>
      callAs(t, await cookie(as), 'GET /api/get-recent-transactions', query);
    const allTransactions = async (as: Person, query: CallInput<'GET /api/get-all-transactions'>) =>
      callAs(t, await cookie(as), 'GET /api/get-all-transactions', query);
    async function add(name: string, body: AddInput): Promise<void> {
      const response = await callAs(t, await cookie(treasurer), 'POST /api/add-transaction/', body);
      if (response.statusCode !== 200) throw new Error(`${name}: ${response.body}`);
      ids[name] = response.json().transactionId;
    }
    type AddInput = CallInput<'POST /api/add-transaction/'>;
    type DepositInput = Extract<AddInput, { transactionType: 'Deposit' }>;
    type ExpenseInput = Extract<AddInput, { transactionType: 'Expense' }>;
    const deposit = (
      pilot: string,
      amountCents: number,
      time: number,
      extra: Partial<DepositInput> = {},
    ): DepositInput => ({
      transactionType: 'Deposit',
      pilot,
      amountCents,
      transferType: 'Cash',
      time,
      ...extra,
    });
    const fee = (
      pilot: string,
      amountCents: number,
      time: number,
      extra: Partial<ExpenseInput> = {},
    ): ExpenseInput => ({
      transactionType: 'Expense',
      pilot,
      amountCents,
      feeType: 'Hangar fee',
      taxStatus: 'exempt',
      time,
      ...extra,
    });

    beforeAll(async () => {
      ({ t, alpha, bravo } = await openTwoClubs({ now: NOW }));
      await setClubAccounting(t.db, alpha, { feeList: ['Hangar fee'], taxRates: { HST: 0.13 } });
      ({ admin, treasurer, mary, bea, outsider } = await createLedgerPeople(t.db, alpha, bravo));

      // Daylight saving time ends on 2025-11-02 in Toronto: that club day runs 04:00Z → 05:00Z the next day (25 hours).
      await add('opening', deposit(mary.userId, 10000, at('2025-11-01T12:00:00Z'), { transactionRef: 'A-1' }));
      await add('lastBefore', fee(mary.userId, 1000, at('2025-11-02T03:59:59.999Z')));
      await add('firstIn', fee(mary.userId, 1500, at('2025-11-02T04:00:00Z'), { note: 'November' }));
      await add('sameTimeA', deposit(mary.userId, 300, at('2025-11-02T16:00:00Z')));
      await add('sameTimeB', fee(mary.userId, 200, at('2025-11-02T16:00:00Z')));
      await add('beaInRange', deposit(bea.userId, 7777, at('2025-11-02T17:00:00Z')));
      await add(
        'lateEst',
        deposit(mary.userId, 2000, at('2025-11-03T04:30:00Z'), { transferType: 'E-Transfer', transactionRef: 'X9' }),
      );
      await add('nextDay', fee(mary.userId, 700, at('2025-11-03T05:00:00Z')));
      // An entry entered later but effective earlier sorts by its effective time.
      await add('backDated', deposit(mary.userId, 50, at('2025-11-02T10:00:00Z')));
      // Daylight saving time starts on 2025-03-09: that club day runs 05:00Z → 04:00Z the next day (23 hours).
      await add('marchBefore', deposit(bea.userId, 100, at('2025-03-09T04:59:59Z')));
      await add('marchIn', deposit(bea.userId, 200, at('2025-03-09T05:00:00Z')));
      await add('marchLate', deposit(bea.userId, 400, at('2025-03-10T03:30:00Z')));
      await add('marchAfter', deposit(bea.userId, 800, at('2025-03-10T04:00:00Z')));
    });
    afterAll(() => t.close());

    const novemberSecond = () => ({
      openingBalanceCents: 9000,
      transactions: [
        {
          id: ids.firstIn,
          date: at('2025-11-02T04:00:00Z'),
          description: 'Hangar fee: November',
          amountCents: -1500,
          balanceCents: 7500,
        },
        {
          id: ids.backDated,
          date: at('2025-11-02T10:00:00Z'),
          description: 'Deposit (Cash)',
          amountCents: 50,
          balanceCents: 7550,
        },
        {
          id: ids.sameTimeA,
          date: at('2025-11-02T16:00:00Z'),
          description: 'Deposit (Cash)',
          amountCents: 300,
          balanceCents: 7850,
        },
        {
          id: ids.sameTimeB,
          date: at('2025-11-02T16:00:00Z'),
          description: 'Hangar fee',
          amountCents: -200,
          balanceCents: 7650,
        },
        {
          id: ids.lateEst,
          date: at('2025-11-03T04:30:00Z'),
          description: 'Deposit (E-Transfer) ref X9',
          amountCents: 2000,
          balanceCents: 9650,
        },
      ],
      balanceCents: 9650,
    });

    describe('GET /api/get-transactions', () => {
      it(
        'the 25-hour day DST ends (2025-11-02): from 00:00 EDT (04:00Z) to 24:00 EST ' +
          '(05:00Z next day); the opening balance is everything before',
        async () => {
          const response = await transactions(mary, {
            club: alpha,
            id: mary.userId,
            startDate: '2025-11-02',
            endDate: '2025-11-02',
          });
          expect(response.statusCode).toBe(200);
          expect(response.json()).toEqual(novemberSecond());
        },
      );

      it(
        'the running balance carries across the range boundary: Nov ' + '1–3 starts at 0 and ends at the balance now',
        async () => {
          const response = await transactions(mary, {
            id: mary.userId,
            startDate: '2025-11-01',
            endDate: '2025-11-03',
          });
          const body = response.json();
          expect(body.openingBalanceCents).toBe(0);
          expect(body.transactions.map((row: { id: number }) => row.id)).toEqual([
            ids.opening,
            ids.lastBefore,
            ids.firstIn,
            ids.backDated,
            ids.sameTimeA,
            ids.sameTimeB,
            ids.lateEst,
            ids.nextDay,
          ]);
          expect(body.transactions[0]).toEqual({
            id: ids.opening,
            date: at('2025-11-01T12:00:00Z'),
            description: 'Deposit (Cash) ref A-1',
            amountCents: 10000,
            balanceCents: 10000,
          });
          expect(body.transactions[1]!.balanceCents).toBe(9000);
          expect(body.balanceCents).toBe(8950);
          const balance = await callAs(t, await cookie(mary), 'GET /api/get-balance', { userID: mary.userId });
          expect(balance.json().balanceCents).toBe(8950);
        },
      );

      it('the next range opens where the previous one closed: Nov 3 opens at 9650', async () => {
        const body = (
          await transactions(mary, {
            id: mary.userId,
            startDate: '2025-11-03',
            endDate: '2025-11-03',
          })
        ).json();
        expect(body).toEqual({
          openingBalanceCents: 9650,
          transactions: [
            {
              id: ids.nextDay,
              date: at('2025-11-03T05:00:00Z'),
              description: 'Hangar fee',
              amountCents: -700,
              balanceCents: 8950,
            },
          ],
          balanceCents: 8950,
        });
      });

      it('the 23-hour day DST starts (2025-03-09): 05:00Z to 04:00Z the next day', async () => {
        const body = (
          await transactions(treasurer, {
            id: bea.userId,
            startDate: '2025-03-09',
            endDate: '2025-03-09',
          })
        ).json();
        expect(body).toEqual({
          openingBalanceCents: 100,
          transactions: [
            {
              id: ids.marchIn,
              date: at('2025-03-09T05:00:00Z'),
              description: 'Deposit (Cash)',
              amountCents: 200,
              balanceCents: 300,
            },
            {
              id: ids.marchLate,
              date: at('2025-03-10T03:30:00Z'),
              description: 'Deposit (Cash)',
              amountCents: 400,
              balanceCents: 700,
            },
          ],
          balanceCents: 700,
        });
      });

      it("a plain member may not read another member's history (403); admins and add-funds holders may", async () => {
        const refused = await transactions(bea, {
          id: mary.userId,
          startDate: '2025-11-02',
          endDate: '2025-11-02',
        });
        expect(refused.statusCode).toBe(403);
        expect(refused.json()).toEqual(
          refusal(403, "You can only see your own account; an admin or a treasurer can see others'"),
        );
        for (const reader of [treasurer, admin]) {
          const allowed = await transactions(reader, {
            id: mary.userId,
            startDate: '2025-11-02',
            endDate: '2025-11-02',
          });
          expect(allowed.json()).toEqual(novemberSecond());
        }
      });

      it('refuses another club (403), a non-member (404), a range over 2 years or backwards (400)', async () => {
        const range = { startDate: '2025-11-02', endDate: '2025-11-02' };
        expect(
          (
            await transactions(admin, {
              club: bravo,
              id: mary.userId,
              ...range,
            })
          ).json(),
        ).toEqual(refusal(403, 'That club is not your active club'));
        expect((await transactions(admin, { id: outsider.userId, ...range })).json()).toEqual(
          refusal(404, 'No such member at this club'),
        );
        expect(
          (
            await transactions(mary, {
              id: mary.userId,
              startDate: '2023-11-02',
              endDate: '2025-11-02',
            })
          ).json(),
        ).toEqual(refusal(400, 'Invalid query: endDate: The date range must be 2 years or less'));
        expect(
          (
            await transactions(mary, {
              id: mary.userId,
              startDate: '2023-11-03',
              endDate: '2025-11-02',
            })
          ).statusCode,
        ).toBe(200);
        expect(
          (
            await transactions(mary, {
              id: mary.userId,
              startDate: '2025-11-03',
              endDate: '2025-11-02',
            })
          ).json(),
        ).toEqual(refusal(400, 'Invalid query: startDate: The start date must not be after the end date'));
        expect((await callRaw(t, await cookie(mary), 'GET /api/get-transactions', range)).json()).toEqual(
          refusal(400, 'Invalid query: id: Invalid input: expected string, received undefined'),
        );
      });
    });

    describe('GET /api/get-user-transactions (the member screens)', () => {
      it('answers the same history for `user`, with the same rights', async () => {
        const own = await callAs(t, await cookie(mary), 'GET /api/get-user-transactions', {
          club: alpha,
          user: mary.userId,
          startDate: '2025-11-02',
          endDate: '2025-11-02',
        });
        expect(own.json()).toEqual(novemberSecond());
        const other = await callAs(t, await cookie(bea), 'GET /api/get-user-transactions', {
          user: mary.userId,
          startDate: '2025-11-02',
          endDate: '2025-11-02',
        });
        expect(other.statusCode).toBe(403);
      });
    });

    describe('GET /api/get-recent-transactions', () => {
      it('answers nothing unless both club and id are given', async () => {
        expect((await recent(mary, {})).json()).toEqual({
          transactions: [],
        });
        expect((await recent(mary, { id: mary.userId })).json()).toEqual({
          transactions: [],
        });
        expect((await recent(mary, { club: alpha })).json()).toEqual({
          transactions: [],
        });
      });

      it('the last 10 entries by effective time, oldest first, the last one at the balance now', async () => {
        const body = (await recent(mary, { club: alpha, id: mary.userId })).json();
        // Mary has 8 entries: all of them.
        expect(body.transactions.map((row: { id: number }) => row.id)).toEqual([
          ids.opening,
          ids.lastBefore,
          ids.firstIn,
          ids.backDated,
          ids.sameTimeA,
          ids.sameTimeB,
          ids.lateEst,
          ids.nextDay,
        ]);
        expect(body.transactions.map((row: { balanceCents: number }) => row.balanceCents)).toEqual([
          10000, 9000, 7500, 7550, 7850, 7650, 9650, 8950,
        ]);
        for (let i = 0; i < 4; i += 1) {
          await add(`recent${i}`, deposit(mary.userId, 1, at('2025-11-19T12:00:00Z')));
        }
        const ten = (await recent(mary, { club: alpha, id: mary.userId })).json().transactions;
        expect(ten).toHaveLength(10);
        expect(ten[0]).toEqual({
          id: ids.firstIn,
          date: at('2025-11-02T04:00:00Z'),
          description: 'Hangar fee: November',
          amountCents: -1500,
          balanceCents: 7500,
        });
        expect(ten[9]).toMatchObject({ id: ids.recent3, amountCents: 1, balanceCents: 8954 });
      });

      it("the same rights: another member's recent entries are refused (403), another club too", async () => {
        expect((await recent(bea, { club: alpha, id: mary.userId })).statusCode).toBe(403);
        expect((await recent(mary, { club: bravo, id: mary.userId })).statusCode).toBe(403);
      });
    });

    describe('GET /api/get-all-transactions (admin)', () => {
      it(
        'every posting of the club in the range, with its entry ' + 'and who it names, and the chart of accounts',
        async () => {
          const response = await allTransactions(admin, {
            club: alpha,
            startDate: '2025-11-03',
            endDate: '2025-11-03',
          });
          expect(response.statusCode).toBe(200);
          const body = response.json();
          expect(body.chartOfAccounts).toMatchObject({
            1000: 'Cash',
            2100: 'Members A/P',
            4900: 'Other Revenue',
            60900: 'Other',
          });
          const common = {
            note: '',
            transactionRef: '',
            reversesId: null,
            taxName: '',
            timestamp: at('2025-11-03T05:00:00Z'),
            transactionId: ids.nextDay,
          };
          expect(body.transactions).toEqual([
            {
              ...common,
              account: 2100,
              direction: 1,
              amountCents: 700,
              userId: mary.userId,
              user: 'Mary Member',
              description: 'Hangar fee',
              transactionType: 'Expense',
              transferType: '',
              feeClass: '',
            },
            {
              ...common,
              account: 4900,
              direction: -1,
              amountCents: 700,
              userId: '',
              user: '',
              description: 'Hangar fee',
              transactionType: 'Expense',
              transferType: '',
              feeClass: 'Hangar fee',
            },
          ]);
        },
      );

      it('is refused to an add-funds holder and a plain member (403), and over 2 years (400)', async () => {
        expect(
          (
            await allTransactions(treasurer, {
              startDate: '2025-11-01',
              endDate: '2025-11-30',
            })
          ).json(),
        ).toEqual(refusal(403, 'Only an admin can list all transactions'));
        expect(
          (
            await allTransactions(mary, {
              startDate: '2025-11-01',
              endDate: '2025-11-30',
            })
          ).statusCode,
        ).toBe(403);
        expect(
          (
            await allTransactions(admin, {
              startDate: '2020-01-01',
              endDate: '2025-11-30',
            })
          ).statusCode,
        ).toBe(400);
      });
    });
  },
);
