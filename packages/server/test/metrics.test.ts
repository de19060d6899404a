import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents } from './helpers/event-stream.ts';
import {
  asOwner,
  createClub,
  createPerson,
  createTestApp,
  useTestApp,
  type Person,
  type TestApp,
} from './helpers/test-app.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';

/** One sample of Prometheus' text format: its value, for exactly these labels (undefined: no such series). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]);
    if (JSON.stringify(found.sort()) === wanted) return Number(match[3]);
  }
  return undefined;
}

/** Polls until `read` gives `expected` (a stream's end reaches the server a moment after the client's). */
async function eventually<T>(read: () => Promise<T>, expected: T, timeoutMs = 3_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (value !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

describe('GET /metrics without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('answers 404, with or without a token', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'No such call: GET /metrics' });
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let baseUrl: string;
  let club: string;
  let admin: Person;
  let member: Person;
  const scrape = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.body;
  };
  const read = async (name: string, labels: Record<string, string> = {}) => sample(await scrape(), name, labels);

  beforeAll(async () => {
    t = await createTestApp({ metricsToken: TOKEN });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    club = await createClub(t.db);
    admin = await createPerson(t.db, { club, flags: { is_admin: true } });
    member = await createPerson(t.db, { club });
  });
  afterAll(() => t.close());

  it('answers 401 without the bearer token or with another, in the text format with it', async () => {
    const wrong = [
      {},
      { authorization: TOKEN },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: 'Bearer ' },
      { authorization: `Basic ${TOKEN}` },
    ];
    for (const headers of wrong) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Send the metrics token (METRICS_TOKEN) as Authorization: Bearer <token>',
      });
    }
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    // The process's own figures, on this app's registry.
    expect(sample(response.body, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(response.body, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts requests by route pattern, method and status: two GET /api/health are 2', async () => {
    expect(
      await read('flightline_http_requests_total', { method: 'GET', route: '/api/health', status: '200' }),
    ).toBeUndefined();
    for (let i = 0; i < 2; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const text = await scrape();
    expect(sample(text, 'flightline_http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(
      2,
    );
    expect(
      sample(text, 'flightline_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/health',
        status: '200',
      }),
    ).toBe(2);
    expect(
      sample(text, 'flightline_http_request_duration_seconds_bucket', {
        method: 'GET',
        route: '/api/health',
        status: '200',
        le: '+Inf',
      }),
    ).toBe(2);
  });

  it('labels a route with parameters by its pattern, and an address no route has as (unmatched)', async () => {
    for (const person of [member, admin]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/get-pilot-clubs/${person.userId}`,
        headers: { cookie: await t.cookieFor(person.email) },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/no-such-call' })).statusCode).toBe(404);
    const text = await scrape();
    expect(
      sample(text, 'flightline_http_requests_total', {
        method: 'GET',
        route: '/api/get-pilot-clubs/:id',
        status: '200',
      }),
    ).toBe(2);
    expect(sample(text, 'flightline_http_requests_total', { method: 'GET', route: '(unmatched)', status: '404' })).toBe(
      1,
    );
    expect(text).not.toContain(member.userId);
  });

  it('counts a retried write answered from its first answer as one replay', async () => {
    const cookie = await t.cookieFor(admin.email);
    const deposit = {
      transactionType: 'Deposit',
      pilot: member.userId,
      amountCents: 2500,
      transferType: 'Cash',
      idempotencyKey: randomUUID(),
    };
    const post = () =>
      t.app.inject({ method: 'POST', url: '/api/add-transaction/', payload: deposit, headers: { cookie } });
    const first = await post();
    expect(first.statusCode, first.body).toBe(200);
    expect(await read('flightline_outbox_replays_total', { write: 'ledger-entry' })).toBeUndefined();
    const again = await post();
    expect(again.json()).toEqual(first.json());
    expect(await read('flightline_outbox_replays_total', { write: 'ledger-entry' })).toBe(1);
  });

  it('shows an open event stream as 1, and 0 once it has closed', async () => {
    expect(await read('flightline_live_streams')).toBe(0);
    const stream = await connectEvents(baseUrl, { cookie: await t.cookieFor(member.email) });
    expect(stream.status).toBe(200);
    expect(await read('flightline_live_streams')).toBe(1);
    stream.close();
    expect(await eventually(() => read('flightline_live_streams'), 0)).toBe(0);
    // Ended by the phone, the stream is counted as its answer: 200.
    expect(await read('flightline_http_requests_total', { method: 'GET', route: '/api/events', status: '200' })).toBe(
      1,
    );
  });

  it('shows the connection in use and the queries waiting while a transaction holds one', async () => {
    let commit!: () => void;
    let began!: () => void;
    const held = new Promise<void>((resolve) => (began = resolve));
    const transaction = t.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      began();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await held;
    // PGlite has one connection: this query waits for it. PostgreSQL's pool of 5 has room: it runs beside.
    const pglite = t.database.kind === 'pglite';
    const queued = sql`select 1`.execute(t.db);
    if (!pglite) await queued;
    const text = await scrape();
    expect(sample(text, 'flightline_db_pool_in_use')).toBe(1);
    expect(sample(text, 'flightline_db_pool_waiting')).toBe(pglite ? 1 : 0);
    if (pglite) expect(sample(text, 'flightline_db_pool_connections')).toBe(1);
    commit();
    await transaction;
    await queued;
    const after = await scrape();
    expect(sample(after, 'flightline_db_pool_in_use')).toBe(0);
    expect(sample(after, 'flightline_db_pool_waiting')).toBe(0);
    expect(sample(after, 'flightline_db_pool_connections')).toBe(pglite ? 1 : t.database.poolStats?.().total);
  });

  it('counts the LISTEN connection coming back (PostgreSQL; PGlite has none: 0)', async () => {
    expect(await read('flightline_live_listen_reconnects_total')).toBe(0);
    if (t.database.kind !== 'postgres') return;
    await asOwner(t.db, async (owner) => {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and
            query ilike 'listen %'`.execute(owner);
    });
    expect(await eventually(() => read('flightline_live_listen_reconnects_total'), 1, 5_000)).toBe(1);
  });

  it('counts 503 answers by route: GET /api/health while draining', async () => {
    expect(await read('flightline_http_503_total', { route: '/api/health' })).toBeUndefined();
    t.startDraining();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    const text = await scrape();
    expect(sample(text, 'flightline_http_503_total', { route: '/api/health' })).toBe(1);
    expect(sample(text, 'flightline_http_requests_total', { method: 'GET', route: '/api/health', status: '503' })).toBe(
      1,
    );
  });
});
