import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import type { Database } from '../src/db/engine.ts';
import { serverLogger } from '../src/http/request-log.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { connectEvents } from './helpers/event-stream.ts';
import { createClub, createPerson, openTestDatabase, TEST_PASSWORD } from './helpers/test-app.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const COOKIE_VALUE = 'cookie-value-that-must-not-be-logged';
const AUTHORIZATION_VALUE = 'Bearer authorization-value-that-must-not-be-logged';

/**
 * The production logger (NODE_ENV=production: JSON lines) writing to a
 * capture: one line per request, on completion, with its id, method, route
 * pattern, status and time; a 5xx with its error and stack; no cookie or
 * authorization value anywhere.
 */
describe('request log lines', () => {
  let database: Database;
  let built: App;
  const output: string[] = [];
  const lines = () => output.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    database = await openTestDatabase();
    const logger = await serverLogger({ level: 'info', format: 'json' });
    built = await buildApp({
      database,
      mailer: createMailer({
        smtpUrl: undefined,
        from: 'Flightline <test@flightline.local>',
        db: database.db,
        log: () => {},
      }),
      authSecret: 'test-secret-that-is-long-enough-0123456789abcdef',
      publicUrl: 'http://localhost:3000',
      logger: { ...logger, stream: { write: (line: string) => void output.push(line) } },
    });
    // A route that fails as a bug does (the test's own: production has none).
    built.app.get('/api/test-fails/:part', async () => {
      throw new Error('The wing fell off');
    });
    await built.app.ready();
  });
  const signIn = async (email: string) => {
    const response = await built.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    return ([] as string[]).concat(response.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0]);
  };
  afterAll(async () => {
    await built.app.close();
    await database.close();
  });

  it('writes one line for a 200: request id, method, route, status and time', async () => {
    output.length = 0;
    const response = await built.app.inject({ method: 'GET', url: '/api/health?probe=1' });
    expect(response.statusCode).toBe(200);
    expect(lines()).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: process.pid,
        hostname: hostname(),
        reqId: expect.stringMatching(UUID),
        method: 'GET',
        route: '/api/health',
        statusCode: 200,
        durationMs: expect.any(Number),
        msg: 'request completed',
      },
    ]);
  });

  it('writes one line at error level for a 500, with the route pattern, the error and its stack', async () => {
    output.length = 0;
    const response = await built.app.inject({ method: 'GET', url: '/api/test-fails/wing?secret=abc' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong on the server',
    });
    const [line, ...more] = lines();
    expect(more).toEqual([]);
    expect(line).toEqual({
      level: 50,
      time: expect.any(Number),
      pid: process.pid,
      hostname: hostname(),
      reqId: expect.stringMatching(UUID),
      method: 'GET',
      route: '/api/test-fails/:part',
      statusCode: 500,
      durationMs: expect.any(Number),
      err: {
        type: 'Error',
        message: 'The wing fell off',
        stack: expect.stringMatching(/^Error: The wing fell off\n\s+at .*request-log\.test\.ts/),
      },
      msg: 'request completed',
    });
    expect(output.join('')).not.toContain('secret=abc');
  });

  it('gives each request its own id, and an address no route has its path without the query', async () => {
    output.length = 0;
    await built.app.inject({ method: 'GET', url: '/api/health' });
    await built.app.inject({ method: 'GET', url: '/api/no-such-call?token=abc' });
    const [health, missing] = lines();
    expect(health?.reqId).not.toBe(missing?.reqId);
    expect(missing).toMatchObject({
      level: 30,
      method: 'GET',
      route: null,
      path: '/api/no-such-call',
      statusCode: 404,
    });
    expect(output.join('')).not.toContain('token=abc');
  });

  it('never writes a cookie, an authorization header or a session cookie it set', async () => {
    output.length = 0;
    const headers = { cookie: `better-auth.session_token=${COOKIE_VALUE}`, authorization: AUTHORIZATION_VALUE };
    await built.app.inject({ method: 'GET', url: '/api/health', headers });
    await built.app.inject({ method: 'GET', url: '/api/test-fails/cookie', headers });
    const person = await createPerson(database.db);
    const sessionCookie = (await signIn(person.email))[0]?.split('=')[1] ?? '';
    expect(sessionCookie.length).toBeGreaterThan(20);
    expect(lines().map((line) => [line.route, line.statusCode])).toEqual([
      ['/api/health', 200],
      ['/api/test-fails/:part', 500],
      ['/api/auth/*', 200],
    ]);
    const text = output.join('');
    for (const secret of [
      COOKIE_VALUE,
      AUTHORIZATION_VALUE.slice('Bearer '.length),
      sessionCookie,
      decodeURIComponent(sessionCookie),
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('writes the line of an event stream the phone ends, marked aborted', async () => {
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const club = await createClub(database.db);
    const member = await createPerson(database.db, { club });
    const cookie = (await signIn(member.email)).join('; ');
    output.length = 0;
    const stream = await connectEvents(`http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`, {
      cookie,
    });
    expect(stream.status).toBe(200);
    expect(lines()).toEqual([]);
    stream.close();
    const deadline = Date.now() + 3_000;
    while (output.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(lines()).toEqual([
      expect.objectContaining({
        level: 30,
        method: 'GET',
        route: '/api/events',
        statusCode: 200,
        aborted: true,
        msg: 'request completed',
      }),
    ]);
  });
});
