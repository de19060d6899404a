import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { breakdownAnswer } from '@flightline/domain/api/ledger';
import type { BreakdownRow, IntroListItem } from '@flightline/domain/api/types';
import { answerAs, callAs, type CallInput } from './helpers/api.ts';
import { entriesAfter, latestEntryId, posting, setClubAccounting } from './helpers/ledger.ts';
import { openIntroClubs, type IntroClubs } from './helpers/intro-clubs.ts';
import type { Person } from './helpers/test-app.ts';

/** 12:00 on 2025-07-12 in Toronto (EDT, UTC−4). */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const TODAY = '2025-07-12';
const RANGE = { startDate: '2025-07-01', endDate: '2025-07-31' };

describe(
  'intro revenue is traceable (issue 15, item 5): SN and Sold To on every ' +
    'intro row; a refunded intro written down against itself',
  () => {
    let { t, alpha, bravo, admin, seller, treasurer, member, outsider, refused } = {} as IntroClubs;
    let keys = 0;
    const cookie = (person: Person) => t.cookieFor(person.email);
    const key = () => `wd-key-${String(++keys).padStart(4, '0')}`;

    const sell = async (
      sn: string,
      buyer: Partial<CallInput<'POST /api/create-intro'>>,
      launchType = 'Taxed intro',
    ) => {
      const response = await callAs(t, await cookie(seller), 'POST /api/create-intro', {
        launchType,
        payment: 'Card',
        SN: sn,
        recipientFirst: 'Pat',
        recipientLast: 'Guest',
        date: '2025-07-01',
        staleDate: '2026-07-01',
        ...buyer,
      });
      expect(response.statusCode).toBe(200);
      return response.json().intro.id;
    };
    const update = async (id: string, data: Record<string, unknown>, as: Person = admin, club?: string) =>
      callAs(t, await cookie(as), 'POST /api/update-item/', { type: 'INTRO', id, data, ...(club ? { club } : {}) });
    const refund = (id: string, priceCents: number) =>
      update(id, { action: 'Refund', id, payment: 'Cash', priceCents }, seller);
    const writeDown = (
      id: string,
      priceCents: number,
      extra: Record<string, unknown> = {},
      as: Person = admin,
      club?: string,
    ) => update(id, { action: 'WriteDown', id, priceCents, ...extra }, as, club);
    const listed = async (id: string): Promise<IntroListItem> =>
      (await callAs(t, await cookie(admin), 'GET /api/get-intros', {})).json().intros.find((i) => i.id === id)!;
    type BalancesQuery = CallInput<'GET /api/get-balances'>;
    const drill = async (
      balance: BalancesQuery['balance'],
      extra: Omit<BalancesQuery, 'balance' | 'startDate' | 'endDate'> = {},
    ): Promise<BreakdownRow[]> => {
      const response = await callAs(t, await cookie(admin), 'GET /api/get-balances', { ...RANGE, balance, ...extra });
      expect(response.statusCode).toBe(200);
      return answerAs(response, breakdownAnswer).rows;
    };
    const lastEntryId = () => latestEntryId(t.db, alpha);
    const entriesSince = (afterId: number) => entriesAfter(t.db, alpha, afterId);

    beforeAll(async () => {
      ({ t, alpha, bravo, admin, seller, treasurer, member, outsider, refused } = await openIntroClubs({
        now: NOW,
      }));
    });

    afterAll(async () => {
      await t?.close();
    });

    describe('the drill-downs name the intro', () => {
      it(
        'Intro Revenue and Sales Tax rows of a cancelled intro carry its ' +
          'SN and Sold To, as its Intro A/P and Cash In rows do',
        async () => {
          const id = await sell('TRACE1', {
            buyerFirst: 'Bea',
            buyerLast: 'Buyer',
            taxStatus: 'inclusive',
            taxRates: ['HST'],
          });
          const cancelled = await update(
            id,
            { action: 'Cancel', id, payment: 'Card', priceCents: 15_000, writtenDown: false },
            seller,
          );
          expect(cancelled.statusCode).toBe(200);
          // $150.00 inclusive of 13 %: net 13274, HST 1726.
          expect(
            (await drill('IntroRevenue'))
              .filter((r) => r.SN === 'TRACE1')
              .map((r) => [r.description, r.SN, r.soldTo, r.amountCents]),
          ).toEqual([['Intro TRACE1 cancelled (Pat Guest)', 'TRACE1', 'Bea Buyer', 13_274]]);
          expect(
            (await drill('TaxTransactions', { taxType: 'HST' })).map((r) => [r.SN, r.soldTo, r.amountCents]),
          ).toEqual([['TRACE1', 'Bea Buyer', 1_726]]);
          expect(
            (await drill('DepositTransactions'))
              .filter((r) => r.SN === 'TRACE1')
              .map((r) => [r.SN, r.soldTo, r.amountCents]),
          ).toEqual([['TRACE1', 'Bea Buyer', 15_000]]);
          expect(
            (await drill('IntroTransactions'))
              .filter((r) => r.SN === 'TRACE1')
              .map((r) => [r.userId, r.soldTo, r.amountCents]),
          ).toEqual([
            ['Intro', 'Bea Buyer', 15_000],
            ['Intro', 'Bea Buyer', -15_000],
          ]);
        },
      );

      it('a buyer who gave only an email is Sold To that email; no buyer at all, the recipient', async () => {
        await sell('MAILED', { buyerEmail: 'gift@example.com' });
        await sell('SELFIE', {});
        const rows = await drill('IntroTransactions');
        expect(rows.filter((r) => r.SN === 'MAILED').map((r) => r.soldTo)).toEqual(['gift@example.com']);
        expect(rows.filter((r) => r.SN === 'SELFIE').map((r) => r.soldTo)).toEqual(['Pat Guest']);
      });

      it('a Write Down adjustment names no intro: its rows keep SN and Sold To empty', async () => {
        const response = await callAs(t, await cookie(admin), 'POST /api/add-transaction/', {
          transactionType: 'WriteDown',
          account: 2120,
          amountCents: 100,
        });
        expect(response.statusCode).toBe(200);
        const rows = (await drill('IntroRevenue')).filter((r) => r.description === 'Write Down');
        expect(rows.map((r) => [r.SN, r.soldTo, r.amountCents])).toEqual([['', '', 100]]);
      });
    });

    describe('write down what a refunded intro still holds', () => {
      it(
        'Dr Intro A/P [intro] / Cr Intro Revenue: the intro then ' + 'holds nothing, and the revenue row names it',
        async () => {
          const id = await sell('REST01', { buyerFirst: 'Rita', buyerLast: 'Rest' });
          expect((await refund(id, 5_000)).statusCode).toBe(200);
          expect(await listed(id)).toMatchObject({ refunded: true, owedCents: 10_000 });
          const since = await lastEntryId();
          const response = await writeDown(id, 10_000, { note: 'Kept as a cancellation fee', idempotencyKey: key() });
          expect(response.statusCode).toBe(200);
          expect(response.json()).toMatchObject({
            statusCode: 200,
            message: 'Intro written down successfully',
            item: { id, SN: 'REST01', refunded: true },
          });
          const [entry, ...rest] = await entriesSince(since);
          expect(rest).toEqual([]);
          expect(entry).toMatchObject({
            transaction_type: 'Intro Write Down',
            description: 'Intro REST01 written down',
            note: 'Kept as a cancellation fee',
            entered_by: admin.userId,
          });
          expect(entry!.effective_at.getTime()).toBe(NOW);
          expect(entry!.postings).toEqual([posting(2120, 10_000, { intro: id }), posting(4300, -10_000)]);
          expect(await listed(id)).toMatchObject({ owedCents: 0 });
          expect(
            (await drill('IntroRevenue'))
              .filter((r) => r.transactionId === entry!.id)
              .map((r) => [r.SN, r.soldTo, r.amountCents]),
          ).toEqual([['REST01', 'Rita Rest', 10_000]]);
        },
      );

      it(
        'the same idempotency key writes down once and answers the ' + 'same; a key used for another intro is refused',
        async () => {
          const id = await sell('KEYWD1', { buyerFirst: 'Kay' });
          const other = await sell('KEYWD2', { buyerFirst: 'Kim' });
          await refund(id, 1_000);
          await refund(other, 1_000);
          const k = key();
          const first = await writeDown(id, 14_000, { idempotencyKey: k });
          const since = await lastEntryId();
          const again = await writeDown(id, 14_000, { idempotencyKey: k });
          expect(again.statusCode).toBe(200);
          expect(again.json()).toEqual(first.json());
          expect(await entriesSince(since)).toEqual([]);
          const reused = await entriesSince(since - 1);
          await refused(
            writeDown(other, 14_000, { idempotencyKey: k }),
            409,
            `This idempotency key was already used for transaction #${reused[0]!.id} ` +
              `(Intro Write Down); send a new key for a new write-down`,
          );
        },
      );

      it('refuses nothing left, an open intro, a stale amount and bad input; nothing changes', async () => {
        const full = await sell('EMPTY1', { buyerFirst: 'Eve' });
        await refund(full, 15_000);
        await refused(writeDown(full, 1), 409, 'Intro EMPTY1 holds nothing to write down');
        const open = await sell('OPEN01', { buyerFirst: 'Olly' });
        await refused(
          writeDown(open, 15_000),
          409,
          'Intro OPEN01 is not refunded: cancel it to move what it holds to Intro Revenue',
        );
        const part = await sell('STALE1', { buyerFirst: 'Stan' });
        await refund(part, 2_500);
        await refused(writeDown(part, 15_000), 409, 'Intro STALE1 holds $125.00, not $150.00; reload and try again');
        await refused(writeDown(part, 0), 400, 'Invalid write-down: priceCents: Invalid write-down amount');
        await refused(writeDown(part, 12.5), 400, 'Invalid write-down: priceCents: Invalid write-down amount');
        await refused(writeDown(part, 12_500, { extra: 1 }), 400, 'Invalid write-down: Unrecognized key: "extra"');
        await refused(
          update(part, { action: 'WriteDown', id: '7d3c1c52-5f0c-4d4e-9d43-2f6f6b1f0a11', priceCents: 12_500 }),
          400,
          'The intro id in data does not match the id of the update',
        );
        // Written down once, nothing is left for a second.
        expect((await writeDown(part, 12_500)).statusCode).toBe(200);
        await refused(writeDown(part, 12_500), 409, 'Intro STALE1 holds nothing to write down');
      });

      it(
        'rights: admin only (403 for an intro seller, an add-funds holder, a member); ' +
          'another club’s intro is not found; another club named is refused',
        async () => {
          const id = await sell('RIGHT1', { buyerFirst: 'Ray' });
          await refund(id, 5_000);
          await refused(writeDown(id, 10_000, {}, seller), 403, 'Only an admin can write down an intro');
          await refused(writeDown(id, 10_000, {}, treasurer), 403, 'Only an admin can write down an intro');
          await refused(writeDown(id, 10_000, {}, member), 403, 'Only an admin can write down an intro');
          await refused(writeDown(id, 10_000, {}, outsider), 404, 'Intro not found');
          await refused(writeDown(id, 10_000, {}, admin, bravo), 403, 'That club is not your active club');
          expect(await listed(id)).toMatchObject({ owedCents: 10_000 });
        },
      );

      it('a locked period: refused with the lock date', async () => {
        const id = await sell('LOCKWD', { buyerFirst: 'Lou' });
        await refund(id, 5_000);
        await setClubAccounting(t.db, alpha, { lockDate: TODAY });
        await refused(
          writeDown(id, 10_000),
          409,
          'Transactions on or before the lock date 2025-07-12 cannot be posted',
        );
        await setClubAccounting(t.db, alpha, { lockDate: null });
      });

      it(
        'never more than Intro A/P holds as a whole: a Write Down ' +
          'adjustment that took the money already is not counted twice',
        async () => {
          const id = await sell('TAKEN1', { buyerFirst: 'Tia' });
          await refund(id, 5_000);
          const held = -Number(
            (
              await sql<{
                total: number;
              }>`select coalesce(sum(amount_cents), 0)::bigint as total from posting where club_id = ${alpha} and
                account = 2120`.execute(t.db)
            ).rows[0]!.total,
          );
          // An anonymous Write Down of all but $50.00 of Intro A/P.
          const adjustment = await callAs(t, await cookie(admin), 'POST /api/add-transaction/', {
            transactionType: 'WriteDown',
            account: 2120,
            amountCents: held - 5_000,
          });
          expect(adjustment.statusCode).toBe(200);
          await refused(
            writeDown(id, 10_000),
            409,
            'The write down of $100.00 is more than the $50.00 Intro A/P ' +
              'holds (a Write Down adjustment took it already)',
          );
        },
      );

      it('the ledger still balances', async () => {
        const total = await sql<{
          total: number;
        }>`select coalesce(sum(amount_cents), 0)::bigint as total from posting where club_id = ${alpha}`.execute(t.db);
        expect(Number(total.rows[0]!.total)).toBe(0);
      });
    });
  },
);
