import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/engine.ts';
import { connectEvents, type EventStreamClient } from './helpers/event-stream.ts';
import { ROOT, startServer, stopServer, type ServerProcess } from './helpers/server-process.ts';
import {
  createClub,
  createPerson,
  createPostgresTestDatabase,
  TEST_PASSWORD,
  type Person,
} from './helpers/test-app.ts';

/** Generous for a loaded machine: the notice that ends a stream is sent at the commit. */
const ENDS_WITHIN_MS = 5_000;
const endsWithin = (stream: EventStreamClient, ms = ENDS_WITHIN_MS) =>
  Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

/**
 * Two server processes on one PostgreSQL: a sign-out, or a membership
 * deactivated, through one process ends the person's streams on both,
 * within seconds (the access notices on the live channel, migration 0023).
 */
describe('live streams end with access, across processes', () => {
  let database: Database;
  let a: ServerProcess;
  let b: ServerProcess;
  let club: string;
  const streams: EventStreamClient[] = [];
  const connect = async (server: ServerProcess, cookie: string) => {
    const stream = await connectEvents(server.url, { cookie });
    streams.push(stream);
    return stream;
  };
  const signIn = async (server: ServerProcess, person: Person) => {
    const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: server.url,
        'x-forwarded-for': `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      },
      body: JSON.stringify({ email: person.email, password: TEST_PASSWORD }),
    });
    expect(response.status).toBe(200);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  };

  beforeAll(async () => {
    const urls = await createPostgresTestDatabase();
    database = await openDatabase({ databaseUrl: urls.appUrl, poolSize: 2 });
    club = await createClub(database.db, { name: 'Twin Field Soaring' });
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

  it("a sign-out through one process ends that session's streams on the other, and only those", async () => {
    const pat = await createPerson(database.db, { club });
    const phone = await signIn(a, pat);
    const laptop = await signIn(b, pat);
    const onB = await connect(b, phone);
    const onA = await connect(a, phone);
    const laptopOnB = await connect(b, laptop);
    expect([onA.status, onB.status, laptopOnB.status]).toEqual([200, 200, 200]);
    const out = await fetch(`${a.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: phone, origin: a.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(out.status).toBe(200);
    expect(await endsWithin(onB)).toBe(true);
    expect(await endsWithin(onA)).toBe(true);
    expect(await endsWithin(laptopOnB, 300)).toBe(false);
    expect((await connect(b, phone)).status).toBe(401);
  });

  it("deactivating the membership ends the member's streams on every process", async () => {
    const mo = await createPerson(database.db, { club });
    const cookie = await signIn(a, mo);
    const onA = await connect(a, cookie);
    const onB = await connect(b, cookie);
    await database.db.updateTable('pilot').set({ is_active: false }).where('user_id', '=', mo.userId).execute();
    expect(await endsWithin(onA)).toBe(true);
    expect(await endsWithin(onB)).toBe(true);
    expect((await connect(b, cookie)).status).toBe(403);
  });
});
