import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTempPostgres, type TempPostgres } from '../../../scripts/pg-temp.ts';
import { buildApp, type App } from '../src/app.ts';
import { openDatabase, type Database } from '../src/db/engine.ts';
import { migrate } from '../src/db/migrate.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { DATABASE_UNAVAILABLE } from '../src/http/database-errors.ts';
import { createClub, createPerson, TEST_PASSWORD } from './helpers/test-app.ts';

/**
 * The server on a real PostgreSQL outlives its database: a connection ended
 * under it, and the whole server restarted (`pg_ctl restart -m immediate`).
 * This file runs its own throwaway cluster, since it restarts it.
 */
describe('the server survives its database (PostgreSQL)', () => {
  let cluster: TempPostgres;
  let database: Database;
  let built: App;
  let adminUrl: string;
  let cookie: string;
  let club: string;
  let member: string;
  const logged: string[] = [];
  const notices: string[] = [];
  /** Every deposit the server answered 200, by idempotency key. */
  const acknowledged: string[] = [];
  let deposits = 0;

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    built.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  async function deposit() {
    const key = `outage-${++deposits}`;
    const response = await call('POST', '/api/add-transaction/', {
      transactionType: 'Deposit',
      pilot: member,
      amountCents: 100,
      transferType: 'Cash',
      idempotencyKey: key,
    });
    if (response.statusCode === 200) acknowledged.push(key);
    return response;
  }

  /** Run SQL as the superuser on the app's database. */
  async function asSuperuser<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      return await client.query<T>(text, values);
    } finally {
      await client.end();
    }
  }

  async function waitFor(check: () => boolean | Promise<boolean>, ms: number): Promise<number> {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
    return Date.now() - started;
  }

  beforeAll(async () => {
    cluster = await startTempPostgres({ durable: true });
    const url = new URL(cluster.url);
    const setup = new pg.Client({ connectionString: cluster.url });
    await setup.connect();
    await setup.query('create database outage');
    await setup.end();
    url.pathname = '/outage';
    adminUrl = url.toString();
    database = await openDatabase({ databaseUrl: adminUrl, poolSize: 4, log: (message) => logged.push(message) });
    await migrate(database.db);
    club = await createClub(database.db, { name: 'Outage Soaring' });
    await createPerson(database.db, { club, email: 'treasurer@outage.test', flags: { can_add_funds: true } });
    member = (await createPerson(database.db, { club, email: 'mary@outage.test' })).userId;
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Flightline <test@flightline.local>',
      db: database.db,
      log: () => {},
    });
    built = await buildApp({
      database,
      mailer,
      authSecret: 'outage-secret-that-is-long-enough-0123456789',
      publicUrl: 'http://localhost:3000',
      rateLimitMax: 1000,
    });
    await built.app.ready();
    const signIn = await built.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'treasurer@outage.test', password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    cookie = ([] as string[])
      .concat(signIn.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    await database.listen('outage_test', (payload) => notices.push(payload));
    // Warm the pool: several idle connections to end.
    await Promise.all([deposit(), deposit(), deposit(), deposit()]);
    expect(acknowledged).toHaveLength(4);
  }, 60_000);

  afterAll(async () => {
    await built?.app.close();
    await database?.close();
    await cluster?.stop();
  });

  it(
    'replaces pooled and LISTEN connections ended by ' + 'pg_terminate_backend, and the process keeps serving',
    async () => {
      const ended = await asSuperuser<{ pid: number }>(
        'select pg_terminate_backend(pid) as ended, pid from ' +
          'pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        ['outage'],
      );
      // Four pooled connections and the LISTEN one.
      expect(ended.rows.length).toBeGreaterThanOrEqual(2);
      await waitFor(() => logged.some((line) => line.includes('LISTEN connection back')), 5_000);
      expect(logged.some((line) => line.includes('connection was lost'))).toBe(true);

      expect((await deposit()).statusCode).toBe(200);
      expect((await call('GET', `/api/get-balance?userID=${member}`)).json()).toMatchObject({
        balanceCents: acknowledged.length * 100,
      });
      await asSuperuser("select pg_notify('outage_test', 'after terminate')");
      await waitFor(() => notices.includes('after terminate'), 2_000);
    },
  );

  it(
    'answers 503 within seconds while PostgreSQL restarts, serves again ' +
      'within 5 s of its return, and loses no acknowledged write',
    async () => {
      const before = acknowledged.length;
      await cluster.kill();

      const signIn = () =>
        built.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email: 'mary@outage.test', password: TEST_PASSWORD },
        });
      for (const attempt of [
        () => deposit(),
        () => call('GET', `/api/get-balance?userID=${member}`),
        () => call('GET', '/api/session'),
        signIn,
      ]) {
        const started = Date.now();
        const response = await attempt();
        expect(Date.now() - started).toBeLessThan(5_000);
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: DATABASE_UNAVAILABLE,
        });
        expect(response.headers['retry-after']).toBe('2');
      }
      expect(acknowledged.length).toBe(before);

      await cluster.start();
      const back = await waitFor(async () => (await deposit()).statusCode === 200, 5_000);
      expect(back).toBeLessThan(5_000);

      await waitFor(() => logged.filter((line) => line.includes('LISTEN connection back')).length >= 2, 5_000);
      await asSuperuser("select pg_notify('outage_test', 'after restart')");
      await waitFor(() => notices.includes('after restart'), 2_000);

      // Every deposit answered 200, before and after, is in the ledger, once.
      const keys = await asSuperuser<{ idempotency_key: string }>(
        'select idempotency_key from ledger_transaction where club_id = ' +
          "$1 and transaction_type = 'Deposit' order by id",
        [club],
      );
      expect(keys.rows.map((row) => row.idempotency_key).sort()).toEqual([...acknowledged].sort());
      expect((await call('GET', `/api/get-balance?userID=${member}`)).json()).toMatchObject({
        balanceCents: acknowledged.length * 100,
      });
    },
  );
});
