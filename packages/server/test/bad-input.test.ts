import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from './helpers/api.ts';
import { openAlpha, type AlphaClub } from './helpers/clubs.ts';
import { ledgerCounts } from './helpers/ledger.ts';
import { createPerson } from './helpers/test-app.ts';

const NUL_REFUSED = 'Text must not contain the NUL character (\\u0000)';

/**
 * Input the request checks let through but the database cannot take: each
 * answers 400 with a reason, never 500, and changes nothing.
 */
describe('input the database cannot store', () => {
  let { t, api, alpha: club } = {} as AlphaClub;
  let admin: string;
  let memberId: string;

  beforeAll(async () => {
    ({ t, api, alpha: club } = await openAlpha());
    const a = await createPerson(t.db, { club, flags: { is_admin: true } });
    const m = await createPerson(t.db, { club });
    admin = await t.signIn(a.email);
    memberId = m.userId;
  });
  afterAll(() => t.close());

  it('refuses a NUL character in a JSON body, a query and a path, before anything runs', async () => {
    const before = await ledgerCounts(t.db, club);
    const deposit = await api.post(
      '/api/add-transaction/',
      {
        transactionType: 'Deposit',
        pilot: memberId,
        amountCents: 1000,
        transferType: 'Cash',
        transactionRef: 'R\u00001',
        note: 'ok',
        idempotencyKey: 'nul-1',
      },
      admin,
    );
    expect(deposit.statusCode).toBe(400);
    expect(deposit.json()).toEqual(refusal(400, NUL_REFUSED));
    expect(await ledgerCounts(t.db, club)).toEqual(before);
    const query = await api.get('/api/get-balance?userID=a%00b', admin);
    expect(query.json()).toEqual(refusal(400, NUL_REFUSED));
    const path = await api.get('/api/get-pilot-clubs/a%00b', admin);
    expect(path.json()).toEqual(refusal(400, NUL_REFUSED));
    const signUp = await api.post('/api/auth/sign-up/email', {
      email: 'nul@example.org',
      password: 'a-good-password',
      name: 'N',
      firstName: 'N\u0000',
      lastName: 'L',
    });
    expect(signUp.json()).toEqual(refusal(400, NUL_REFUSED));
    expect(
      await t.db.selectFrom('user').select('id').where('email', '=', 'nul@example.org').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses dates and times outside 1900-01-01 … 9999-12-31 with 400, the same on both engines', async () => {
    const cases: [string, string][] = [
      [
        '/api/serve-logs?startDate=0000-01-01&endDate=0000-01-02',
        'Invalid query: startDate: startDate must be a date like 2025-07-10',
      ],
      [
        '/api/serve-logs?startDate=999999999999999',
        'Invalid query: startDate: startDate must be a date like 2025-07-10',
      ],
      [
        '/api/get-flights/?startDate=999999999999990&endDate=999999999999999',
        'Invalid query: startDate: startDate must be a time between 1900-01-01 and 9999-12-31',
      ],
      [
        '/api/get-balances?startDate=0000-01-01&endDate=0000-01-02',
        'Invalid query: startDate: Use a date between 1900-01-01 and 9999-12-31',
      ],
      [
        '/api/get-all-transactions?startDate=0000-01-01&endDate=0000-01-02',
        'Invalid query: startDate: Use a date between 1900-01-01 and 9999-12-31',
      ],
    ];
    for (const [url, message] of cases) {
      const response = await api.get(url, admin);
      expect([url, response.json()]).toEqual([url, refusal(400, message)]);
    }
    const before = await ledgerCounts(t.db, club);
    const deposit = await api.post(
      '/api/add-transaction/',
      {
        transactionType: 'Deposit',
        pilot: memberId,
        amountCents: 1000,
        transferType: 'Cash',
        time: -62_000_000_000_000,
        idempotencyKey: 'year-0-1',
      },
      admin,
    );
    expect(deposit.json()).toEqual(refusal(400, 'Invalid body: time: Use a time between 1900-01-01 and 9999-12-31'));
    expect(await ledgerCounts(t.db, club)).toEqual(before);
  });

  it('maps a PostgreSQL data exception (SQLSTATE class 22) to a 400 with its reason', async () => {
    const { databaseAnswer } = await import('../src/http/database-errors.ts');
    try {
      await t.db.selectNoFrom((eb) => eb.cast(eb.val('2025-02-30'), 'date').as('d')).execute();
      expect.unreachable();
    } catch (error) {
      const answer = databaseAnswer(error);
      expect(answer?.statusCode).toBe(400);
      expect(answer?.message).toMatch(/^Invalid input: .*2025-02-30/);
    }
  });
});
