import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { IntroListItem } from '@flightline/domain/api/types';
import { callAs, type CallInput } from './helpers/api.ts';
import { flightBody } from './helpers/flights.ts';
import { entriesAfter, latestEntryId, posting, setClubAccounting } from './helpers/ledger.ts';
import { openIntroClubs, type IntroClubs } from './helpers/intro-clubs.ts';
import type { Person } from './helpers/test-app.ts';

/** 12:00 on 2025-07-12 in Toronto (EDT, UTC−4). */
const NOW = Date.parse('2025-07-12T16:00:00Z');
const TODAY = '2025-07-12';

describe('intro refund and cancel: update-item INTRO, actions Refund and Cancel', () => {
  let { t, alpha, bravo, admin, seller, treasurer, member, outsider, refused } = {} as IntroClubs;
  let keys = 0;
  const cookie = (person: Person) => t.cookieFor(person.email);

  /** Sold through create-intro, as the desk sells it: answers the intro's id. */
  const sell = async (
    sn: string,
    launchType = 'Intro flight',
    extra: Partial<CallInput<'POST /api/create-intro'>> = {},
  ) => {
    const response = await callAs(t, await cookie(seller), 'POST /api/create-intro', {
      launchType,
      payment: 'Card',
      SN: sn,
      buyerFirst: 'Bea',
      buyerLast: 'Buyer',
      recipientFirst: 'Pat',
      recipientLast: sn,
      date: '2024-06-01',
      staleDate: '2025-06-01',
      ...extra,
    });
    expect(response.statusCode).toBe(200);
    return response.json().intro.id;
  };
  const update = async (id: string, data: Record<string, unknown>, as: Person = seller, club?: string) =>
    callAs(t, await cookie(as), 'POST /api/update-item/', { type: 'INTRO', id, data, ...(club ? { club } : {}) });
  const refund = (id: string, priceCents: number, extra: Record<string, unknown> = {}, as?: Person) =>
    update(
      id,
      {
        action: 'Refund',
        id,
        payment: 'Cash',
        refundFirst: 'Bea',
        refundLast: 'Buyer',
        refundRef: 'RF-1',
        priceCents,
        ...extra,
      },
      as,
    );
  const cancel = (id: string, writtenDown: boolean, extra: Record<string, unknown> = {}, as?: Person) =>
    update(id, { action: 'Cancel', id, payment: 'Card', priceCents: 15_000, writtenDown, ...extra }, as);
  const key = () => `intro-key-${String(++keys).padStart(4, '0')}`;

  const listed = async (id: string): Promise<IntroListItem> => {
    const response = await callAs(t, await cookie(seller), 'GET /api/get-intros', {});
    return response.json().intros.find((i) => i.id === id)!;
  };
  const introRow = (id: string) => t.db.selectFrom('intro').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const entriesSince = (afterId: number) => entriesAfter(t.db, alpha, afterId);
  const lastEntryId = () => latestEntryId(t.db, alpha);
  /** Balance of an account in the club, debit positive. */
  const accountSum = async (account: number, clubId = alpha) =>
    (
      await sql<{
        total: number;
      }>`select coalesce(sum(amount_cents), 0)::bigint as total from posting where club_id = ${clubId} and
            account = ${account}`.execute(t.db)
    ).rows[0]!.total;

  beforeAll(async () => {
    ({ t, alpha, bravo, admin, seller, treasurer, member, outsider, refused } = await openIntroClubs({
      now: NOW,
    }));
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('Refund', () => {
    it(
      'a part refund: Dr Intro A/P [intro] / Cr Cash [method]; the ' + 'intro is refunded and Intro A/P keeps the rest',
      async () => {
        const id = await sell('PART01');
        const since = await lastEntryId();
        const response = await refund(id, 5_000, { payment: 'cash', idempotencyKey: key() });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({
          statusCode: 200,
          message: 'Intro refunded successfully',
          item: { id, SN: 'PART01', refunded: true, cancelled: false },
        });
        const [entry, ...rest] = await entriesSince(since);
        expect(rest).toEqual([]);
        expect(entry).toMatchObject({
          transaction_type: 'Intro Refund',
          reference: 'RF-1',
          description: 'Intro PART01 refunded to Bea Buyer (Cash) ref RF-1',
          entered_by: seller.userId,
        });
        expect(entry!.effective_at.getTime()).toBe(NOW);
        expect(entry!.postings).toEqual([
          posting(2120, 5_000, { intro: id }),
          posting(1000, -5_000, { transfer: 'Cash' }),
        ]);
        expect(await listed(id)).toMatchObject({ refunded: true, owedCents: 10_000 });
        expect((await introRow(id)).refunded_at?.getTime()).toBe(NOW);
        // Refunded in part is refunded: no second refund.
        await refused(refund(id, 1_000), 409, 'Intro PART01 was already refunded');
      },
    );

    it('a full refund by an admin leaves nothing on Intro A/P', async () => {
      const id = await sell('FULL01');
      const introAp = await accountSum(2120);
      const response = await refund(id, 15_000, { payment: 'Card' }, admin);
      expect(response.statusCode).toBe(200);
      expect(await listed(id)).toMatchObject({ refunded: true, owedCents: 0 });
      expect((await accountSum(2120)) - introAp).toBe(15_000);
    });

    it(
      'refuses more than the intro still holds, an unknown refund ' + 'method and an invalid amount; nothing changes',
      async () => {
        const id = await sell('OVER01');
        await refused(refund(id, 15_001), 409, 'The refund of $150.01 is more than the $150.00 this intro still holds');
        await refused(
          refund(id, 100, { payment: 'Bitcoin' }),
          400,
          'Unknown refund method Bitcoin: use one of Cash, Card',
        );
        await refused(refund(id, -500), 400, 'Invalid refund: priceCents: Invalid refund amount');
        await refused(refund(id, 0), 400, 'Invalid refund: priceCents: Invalid refund amount');
        await refused(refund(id, 10.5), 400, 'Invalid refund: priceCents: Invalid refund amount');
        await refused(refund(id, 100, { payment: '' }), 400, 'Invalid refund: payment: Choose a refund method');
        await refused(refund(id, 100, { extra: true }), 400, 'Invalid refund: Unrecognized key: "extra"');
        await refused(
          update(id, {
            action: 'Refund',
            id: '7d3c1c52-5f0c-4d4e-9d43-2f6f6b1f0a11',
            payment: 'Cash',
            priceCents: 100,
          }),
          400,
          'The intro id in data does not match the id of the update',
        );
        await refused(
          update(id, { action: 'Burn', id }),
          400,
          'Invalid data: INTRO action must be Refund, Cancel or WriteDown',
        );
        expect(await listed(id)).toMatchObject({ refunded: false, owedCents: 15_000 });
      },
    );

    it('the same idempotency key refunds once', async () => {
      const id = await sell('ONCE01');
      const since = await lastEntryId();
      const k = key();
      const first = await refund(id, 2_500, { idempotencyKey: k });
      const again = await refund(id, 2_500, { idempotencyKey: k });
      expect(first.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await entriesSince(since)).toHaveLength(1);
      expect((await listed(id)).owedCents).toBe(12_500);
      // The key names this refund: using it for another intro is refused.
      const other = await sell('ONCE02');
      await refused(
        refund(other, 100, { idempotencyKey: k }),
        409,
        expect.stringMatching(
          /^This idempotency key was already used for transaction #\d+ \(Intro Refund\); send a new key for a new refund$/,
        ) as unknown as string,
      );
    });
  });

  describe('Cancel', () => {
    it(
      'not written down, taxed: Dr Intro A/P what is still owed ' + '/ Cr Intro Revenue net / Cr Sales Tax HST',
      async () => {
        const id = await sell('CANC01', 'Taxed intro', { taxStatus: 'inclusive', taxRates: ['HST'] });
        const since = await lastEntryId();
        const response = await cancel(id, false, { idempotencyKey: key() });
        expect(response.json()).toMatchObject({
          statusCode: 200,
          message: 'Intro cancelled successfully',
          item: { id, cancelled: true, refunded: false },
        });
        const [entry, ...rest] = await entriesSince(since);
        expect(rest).toEqual([]);
        expect(entry).toMatchObject({
          transaction_type: 'Intro Cancel',
          description: 'Intro CANC01 cancelled (Pat CANC01)',
        });
        // $150.00 with 13 % included: net round(15000 / 1.13) = 13274, HST 1726.
        expect(entry!.postings).toEqual([
          posting(2120, 15_000, { intro: id }),
          posting(4300, -13_274),
          posting(2510, -1_726, { tax: 'HST' }),
        ]);
        expect(await listed(id)).toMatchObject({ cancelled: true, owedCents: 0 });
        expect(await introRow(id)).toMatchObject({ written_down: false });
        await refused(cancel(id, false), 409, 'Intro CANC01 was already cancelled');
        await refused(refund(id, 100), 409, 'Intro CANC01 was cancelled');
      },
    );

    it('not written down, exempt: all of it is Intro Revenue', async () => {
      const id = await sell('CANC02');
      const since = await lastEntryId();
      expect((await cancel(id, false, {}, admin)).statusCode).toBe(200);
      const [entry] = await entriesSince(since);
      expect(entry!.postings).toEqual([posting(2120, 15_000, { intro: id }), posting(4300, -15_000)]);
    });

    it(
      'previously written down: no posting (the Write Down moved ' + 'it); the intro is closed and holds nothing',
      async () => {
        const id = await sell('WDOWN1');
        // The treasurer wrote Intro A/P down as a whole earlier.
        const writeDown = await callAs(t, await cookie(admin), 'POST /api/add-transaction/', {
          transactionType: 'WriteDown',
          amountCents: 15_000,
          account: 2120,
        });
        expect(writeDown.statusCode).toBe(200);
        const since = await lastEntryId();
        const revenue = await accountSum(4300);
        const response = await cancel(id, true, { idempotencyKey: key() });
        expect(response.json()).toMatchObject({
          statusCode: 200,
          message: 'Intro cancelled successfully',
          item: { cancelled: true },
        });
        expect(await entriesSince(since)).toEqual([]);
        expect(await accountSum(4300)).toBe(revenue);
        expect(await introRow(id)).toMatchObject({ written_down: true });
        expect((await introRow(id)).cancelled_at?.getTime()).toBe(NOW);
        expect(await listed(id)).toMatchObject({ cancelled: true, owedCents: 0 });
      },
    );

    it(
      'the same key cancels once, whether or not the cancel ' + 'posted; without a key a second cancel is refused',
      async () => {
        const posted = await sell('KEYC01');
        const k1 = key();
        const since = await lastEntryId();
        const first = await cancel(posted, false, { idempotencyKey: k1 });
        expect((await cancel(posted, false, { idempotencyKey: k1 })).json()).toEqual(first.json());
        expect(await entriesSince(since)).toHaveLength(1);

        const silent = await sell('KEYC02');
        await callAs(t, await cookie(admin), 'POST /api/add-transaction/', {
          transactionType: 'WriteDown',
          amountCents: 15_000,
          account: 2120,
        });
        const k2 = key();
        const once = await cancel(silent, true, { idempotencyKey: k2 });
        expect((await cancel(silent, true, { idempotencyKey: k2 })).json()).toEqual(once.json());
        await refused(cancel(silent, true), 409, 'Intro KEYC02 was already cancelled');
        // Asking for the other way round is not a retry.
        await refused(cancel(silent, false, { idempotencyKey: key() }), 409, 'Intro KEYC02 was already cancelled');
      },
    );

    it('refuses a refunded intro and an amount paid that is not the intro’s', async () => {
      const id = await sell('REFC01');
      await refund(id, 1_000);
      await refused(cancel(id, false), 409, 'Intro REFC01 was refunded');
      const other = await sell('AMT001');
      await refused(
        cancel(other, false, { priceCents: 14_000 }),
        409,
        'Intro AMT001 was paid $150.00, not $140.00; reload and try again',
      );
    });
  });

  describe('both', () => {
    it('an intro on a flight can be neither refunded nor cancelled', async () => {
      const id = await sell('FLY001');
      const flight = flightBody(member.userId, { flyWith: 'Intro', introRef: id, launchType: '' });
      expect((await callAs(t, await cookie(member), 'POST /api/update-item/', flight)).statusCode).toBe(200);
      await refused(refund(id, 100), 409, `Intro FLY001 is on flight ${flight.id}: it can't be refunded`);
      await refused(cancel(id, false), 409, `Intro FLY001 is on flight ${flight.id}: it can't be cancelled`);
      await callAs(t, await cookie(member), 'POST /api/update-flight/', { id: flight.id, action: 'CancelRequest' });
    });

    it('refunded and cancelled intros are no longer offered for a flight', async () => {
      const offered = (await callAs(t, await cookie(member), 'GET /api/serve-crew', {})).json().intros.map((i) => i.SN);
      expect(offered).toContain('FLY001');
      expect(offered).toContain('OVER01');
      for (const sn of ['PART01', 'FULL01', 'CANC01', 'CANC02', 'WDOWN1', 'REFC01']) expect(offered).not.toContain(sn);
    });

    it(
      'rights: admin or Can Add Intros; the intro of another club ' + 'is not found; another club named is refused',
      async () => {
        const id = await sell('RIGHT1');
        await refused(refund(id, 100, {}, member), 403, 'User is not authorized (603)');
        await refused(cancel(id, false, {}, member), 403, 'User is not authorized (603)');
        await refused(refund(id, 100, {}, treasurer), 403, 'User is not authorized (603)');
        await refused(refund(id, 100, {}, outsider), 404, 'Intro not found');
        await refused(cancel(id, false, {}, outsider), 404, 'Intro not found');
        await refused(
          update(id, { action: 'Cancel', id, priceCents: 15_000, writtenDown: false }, seller, bravo),
          403,
          'That club is not your active club',
        );
        expect(await listed(id)).toMatchObject({ refunded: false, cancelled: false, owedCents: 15_000 });
      },
    );

    it('on or after a lock date set today: refused with the date', async () => {
      const id = await sell('LOCK01');
      await setClubAccounting(t.db, alpha, { lockDate: TODAY });
      await refused(refund(id, 100), 409, 'Transactions on or before the lock date 2025-07-12 cannot be posted');
      await refused(cancel(id, false), 409, 'Transactions on or before the lock date 2025-07-12 cannot be posted');
      await setClubAccounting(t.db, alpha, { lockDate: null });
    });

    it('the ledger still balances, and Intro A/P is the sum of what the intros hold', async () => {
      const total = await sql<{
        total: number;
      }>`select coalesce(sum(amount_cents), 0)::bigint as total from posting where club_id = ${alpha}`.execute(t.db);
      expect(total.rows[0]!.total).toBe(0);
      const intros = (await callAs(t, await cookie(admin), 'GET /api/get-intros', {})).json().intros;
      // The Write Downs named no intro but took WDOWN1's and KEYC02's $150.00; get-intros shows them holding nothing,
      // so the two agree.
      const held = intros.reduce((sum, i) => sum + i.owedCents, 0);
      expect(-(await accountSum(2120))).toBe(held);
    });
  });
});
