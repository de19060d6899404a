import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { parseLiveNotice } from '@flightline/domain/field/live-events';
import { openDatabase, type Database } from '../src/db/engine.ts';
import { connectEvents, type EventStreamClient } from './helpers/event-stream.ts';
import { createFleet, depositFor, flightBody } from './helpers/flights.ts';
import { createClub, createPerson, createPostgresTestDatabase, TEST_PASSWORD } from './helpers/test-app.ts';
import { ROOT, startServer, stopServer, type ServerProcess } from './helpers/server-process.ts';

/**
 * Two real server processes (`node --import tsx packages/server/src/main.ts`,
 * as `npm start` runs it) on one PostgreSQL, as behind a load balancer: what
 * one process does, the other sees — notices, sessions, rate limits,
 * idempotency. Nothing of it may live in one process's memory.
 */

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookies: string[];
}

/** A JSON call from a phone at `address` (the servers trust X-Forwarded-For, as behind a proxy). */
async function call(
  server: ServerProcess,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: unknown; cookie?: string; address?: string } = {},
): Promise<Answer> {
  const response = await fetch(server.url + path, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      'x-forwarded-for': options.address ?? '127.0.0.1',
      // As a browser on the app's page sends it with every write.
      ...(method === 'POST' ? { origin: server.url } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    cookies: response.headers.getSetCookie(),
  };
}

async function signIn(
  server: ServerProcess,
  email: string,
  password = TEST_PASSWORD,
  address?: string,
): Promise<Answer & { cookie: string }> {
  const answer = await call(server, 'POST', '/api/auth/sign-in/email', {
    body: { email, password },
    address: address ?? `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  return { ...answer, cookie: answer.cookies.map((c) => c.split(';')[0]).join('; ') };
}

const TODAY_ZONE = 'America/Toronto';

describe('two server processes on one PostgreSQL', () => {
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  let club: string;
  let pilot: { userId: string; email: string };
  let crew: { userId: string; email: string };
  const streams: EventStreamClient[] = [];
  /** The club's today, as the servers compute it. */
  const today = () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: TODAY_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());

  beforeAll(async () => {
    const urls = await createPostgresTestDatabase();
    database = await openDatabase({ databaseUrl: urls.appUrl, poolSize: 2 });
    club = await createClub(database.db, { name: 'Twin Field Soaring', time_zone: TODAY_ZONE });
    await createFleet(database.db, club);
    pilot = await createPerson(database.db, { club, first: 'Pia', last: 'Pilot' });
    crew = await createPerson(database.db, { club, first: 'Cory', last: 'Crew' });
    await depositFor(database.db, club, pilot.userId, 50_000, Date.now() - 86_400_000);
    // The owner migrates (nothing is left to apply) and grants; the servers run as the row-only role. Started together.
    const env = {
      DATABASE_URL: urls.appUrl,
      MIGRATION_DATABASE_URL: urls.ownerUrl,
      WEB_DIST: `${ROOT}/no-web-app-here`,
    };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
  }, 120_000);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await Promise.all([stopServer(a), stopServer(b)]);
    await database?.close();
  });

  it('a session made through A works on B', async () => {
    const signedIn = await signIn(a, pilot.email);
    expect(signedIn.status).toBe(200);
    const onB = await call(b, 'GET', '/api/session', { cookie: signedIn.cookie });
    expect(onB.status).toBe(200);
    expect(JSON.stringify(onB.body)).toContain(pilot.userId);
    // And a write on B (writes always read the session from the database).
    const weight = await call(b, 'POST', '/api/update-item/', {
      cookie: signedIn.cookie,
      body: { type: 'PILOT', id: pilot.userId, data: { weight: 81 } },
    });
    expect(weight.status, JSON.stringify(weight.body)).toBe(200);
  });

  it('a flight requested through A reaches a phone connected to B within 1 s', async () => {
    const pia = await signIn(a, pilot.email);
    const cory = await signIn(b, crew.email);
    const phone = await connectEvents(b.url, { cookie: cory.cookie });
    streams.push(phone);
    expect(phone.status).toBe(200);
    const body = flightBody(pilot.userId, { glider: 'ASK-21' }, { date: today() });
    const sent = Date.now();
    const answer = await call(a, 'POST', '/api/update-item/', { cookie: pia.cookie, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const event = await phone.waitFor((e) => parseLiveNotice(e.data)?.kind === 'flight', 5_000, 'the flight notice');
    const delayMs = Date.now() - sent;
    expect(parseLiveNotice(event.data)).toEqual({
      kind: 'flight',
      change: 'requested',
      flightId: body.id,
      day: today(),
    });
    expect(delayMs).toBeLessThan(1_000);
  });

  it('the per-address sign-in limit is counted across both: 10 a minute, the 11th refused on either', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 10; i++) {
      const answer = await signIn(i % 2 === 0 ? a : b, `nobody-${i}@example.org`, 'wrong-password-1', address);
      expect(answer.status, `attempt ${i + 1}`).toBe(401);
    }
    expect((await signIn(a, 'nobody-a@example.org', 'wrong-password-1', address)).status).toBe(429);
    expect((await signIn(b, 'nobody-b@example.org', 'wrong-password-1', address)).status).toBe(429);
  });

  it(
    "an account's failed sign-ins are counted across both: after " + '10, the right password is refused on either',
    async () => {
      const locked = await createPerson(database.db, { club, first: 'Lou', last: 'Locked' });
      for (let i = 0; i < 10; i++) {
        const answer = await signIn(i % 2 === 0 ? a : b, locked.email, 'wrong-password-1', `10.8.0.${i + 1}`);
        expect(answer.status, `attempt ${i + 1}`).toBe(401);
      }
      for (const server of [a, b]) {
        const refused = await signIn(server, locked.email, TEST_PASSWORD, '10.8.1.1');
        expect(refused.status).toBe(429);
        expect(refused.body.message).toBe(
          'Too many failed sign-ins for this account. Try again in 15 minutes, or reset your password.',
        );
      }
    },
  );

  it('a flight request retried against the other process is placed once, with the same answer', async () => {
    // A pilot of their own: Pia is on the line already (one unfinished flight per person, decision 0015).
    const rita = await createPerson(database.db, { club, first: 'Rita', last: 'Retry' });
    const signedIn = await signIn(a, rita.email);
    const body = flightBody(rita.userId, { glider: 'DG-1000' }, { date: today() });
    const first = await call(a, 'POST', '/api/update-item/', { cookie: signedIn.cookie, body });
    const retry = await call(b, 'POST', '/api/update-item/', { cookie: signedIn.cookie, body });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(retry).toMatchObject({ status: 200, body: first.body });
    const rows = await database.db.selectFrom('flight').select('id').where('id', '=', body.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('a line action retried against the other process is done once, with the same answer', async () => {
    const cory = await signIn(b, crew.email);
    const flight = await database.db
      .selectFrom('flight')
      .select('id')
      .where('club_id', '=', club)
      .where('glider', '=', 'DG-1000')
      .where('launched_at', 'is', null)
      .executeTakeFirstOrThrow();
    const body = { id: flight.id, action: 'Launch', tug: 'C-GTOW', idempotencyKey: randomUUID() };
    const first = await call(b, 'POST', '/api/update-flight/', { cookie: cory.cookie, body });
    const retry = await call(a, 'POST', '/api/update-flight/', { cookie: cory.cookie, body });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(retry).toMatchObject({ status: 200, body: first.body });
    const launches = await database.db
      .selectFrom('flight_action')
      .select('id')
      .where('flight_id', '=', flight.id)
      .where('action', '=', 'Launch')
      .execute();
    expect(launches).toHaveLength(1);
    const charges = await database.db
      .selectFrom('posting')
      .select('id')
      .where('flight_id', '=', flight.id)
      .where('account', '=', 2100)
      .execute();
    expect(charges).toHaveLength(1);
  });
});
