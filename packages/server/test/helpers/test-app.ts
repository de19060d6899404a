import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Kysely } from 'kysely';
import { buildApp, type App } from '../../src/app.ts';
import { openDatabase, type Database } from '../../src/db/engine.ts';
import type { DB } from '../../src/db/schema.ts';
import { createMailer } from '../../src/mail/mailer.ts';
import type { LiveHubOptions } from '../../src/modules/live/hub.ts';
import type { OgnFeedOptions } from '../../src/modules/ogn/feed-service.ts';
import { createPasswordUser } from '../../src/seed/demo-club.ts';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture.ts';
import { APP_ROLE } from './global-setup.ts';

export const TEST_PASSWORD = 'correct-horse-42';

export interface TestClock {
  now(): number;
  set(ms: number): void;
}

export interface TestApp extends App {
  database: Database;
  mail: SmtpCapture;
  clock: TestClock;
  /** Sign in through the real endpoint; returns the Cookie header value. */
  signIn(email: string, password?: string): Promise<string>;
  /** The cookies of one sign-in per email, reused across a file's calls. */
  cookieFor(email: string): Promise<string>;
  close(): Promise<void>;
}

/** On PostgreSQL, each test database's owner URL, by the app-role connection's Kysely. */
const ownerUrls = new WeakMap<Kysely<DB>, string>();

/**
 * Run what only the schema's owner may (a trigger off for one update, a
 * TRUNCATE to prove a trigger refuses even the owner). On PostgreSQL the test
 * database runs as the row-only APP_ROLE, so this opens an owner connection;
 * PGlite has one user, the owner.
 */
export async function asOwner<T>(db: Kysely<DB>, work: (owner: Kysely<DB>) => Promise<T>): Promise<T> {
  const url = ownerUrls.get(db);
  if (!url) return work(db);
  const owner = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    return await work(owner.db);
  } finally {
    await owner.close();
  }
}

/**
 * On PostgreSQL (TEST_DATABASE_URL), a fresh database copied from the
 * migrated template: its owner's URL and the row-only APP_ROLE's, which the
 * server runs as. Dropped with the others when the run ends.
 */
export async function createPostgresTestDatabase(): Promise<{ ownerUrl: string; appUrl: string }> {
  const template = inject('pgTemplate');
  const url = process.env.TEST_DATABASE_URL;
  if (!template || !url) throw new Error('createPostgresTestDatabase needs TEST_DATABASE_URL (the PostgreSQL pass)');
  const name = `flightline_test_${process.pid}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const ownerUrl = new URL(url);
  ownerUrl.pathname = `/${name}`;
  const appUrl = new URL(ownerUrl);
  appUrl.username = APP_ROLE;
  appUrl.password = '';
  return { ownerUrl: ownerUrl.toString(), appUrl: appUrl.toString() };
}

/** A fresh database copied from the migrated template, for one test file (on PostgreSQL, connected as APP_ROLE). */
export async function openTestDatabase(options: { onQuery?: (sql: string) => void } = {}): Promise<Database> {
  if (inject('pgTemplate') && process.env.TEST_DATABASE_URL) {
    const { ownerUrl, appUrl } = await createPostgresTestDatabase();
    const database = await openDatabase({ databaseUrl: appUrl, poolSize: 5, onQuery: options.onQuery });
    ownerUrls.set(database.db, ownerUrl);
    return database;
  }
  const path = inject('pglitePath');
  return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(path)]), onQuery: options.onQuery });
}

export interface TestAppOptions {
  now?: number;
  rateLimitMax?: number;
  minClientVersion?: string;
  trustProxy?: boolean;
  /** PUBLIC_URL (default http://localhost:3000). */
  publicUrl?: string;
  /** A built web app to serve (default none: the API only). */
  webDist?: string;
  /** The event streams' heartbeat, lifetime and retention. */
  live?: LiveHubOptions;
  /** Every statement the app runs, ours and better-auth's. */
  onQuery?: (sql: string) => void;
  /** METRICS_TOKEN: GET /metrics served with it (default unset: 404, nothing measured). */
  metricsToken?: string;
  /** Push subscriptions may name http://127.0.0.1 (the test's push service). */
  pushAllowHttpLoopback?: boolean;
  /** The OGN feed, to a test APRS server (test/helpers/aprs-server.ts). */
  ogn?: OgnFeedOptions;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await openTestDatabase({ onQuery: options.onQuery });
  const mail = await startSmtpCapture();
  let fixedNow = options.now;
  const clock: TestClock = { now: () => fixedNow ?? Date.now(), set: (ms) => (fixedNow = ms) };
  const mailer = createMailer({
    smtpUrl: mail.url,
    from: 'Flightline <test@flightline.local>',
    db: database.db,
    log: () => {},
  });
  const built = await buildApp({
    database,
    mailer,
    authSecret: 'test-secret-that-is-long-enough-0123456789abcdef',
    publicUrl: options.publicUrl ?? 'http://localhost:3000',
    now: clock.now,
    rateLimitMax: options.rateLimitMax ?? 1000,
    webDist: options.webDist,
    minClientVersion: options.minClientVersion,
    trustProxy: options.trustProxy,
    live: options.live,
    metricsToken: options.metricsToken,
    pushAllowHttpLoopback: options.pushAllowHttpLoopback,
    ogn: options.ogn,
  });
  await built.app.ready();
  const signedIn = new Map<string, Promise<string>>();
  const app: TestApp = {
    ...built,
    database,
    mail,
    clock,
    cookieFor(email) {
      let cookie = signedIn.get(email);
      if (!cookie) {
        cookie = app.signIn(email);
        signedIn.set(email, cookie);
      }
      return cookie;
    },
    async signIn(email, password = TEST_PASSWORD) {
      const response = await built.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password },
      });
      if (response.statusCode !== 200)
        throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
      const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
      return cookies.map((c) => c.split(';')[0]).join('; ');
    },
    async close() {
      await built.app.close();
      await mail.close();
      await database.close();
    },
  };
  return app;
}

/**
 * The test app of the enclosing describe block: opened before its tests,
 * closed after them. The object is filled in by the beforeAll hook, so use it
 * in tests and hooks, not while the file is being collected.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  });
  afterAll(() => t.close());
  return t;
}

export type Flags = Partial<{
  is_instructor: boolean;
  is_tow_pilot: boolean;
  is_admin: boolean;
  is_active: boolean;
  active_expiration: string | null;
  ground_only: boolean;
  can_edit_logs: boolean;
  can_edit_roster: boolean;
  can_add_funds: boolean;
  can_add_intros: boolean;
  can_update_gliders: boolean;
}>;

/** Someone the tests sign in as: their user id and email. */
export interface Person {
  userId: string;
  email: string;
}

/** A club with sensible defaults; returns its id. */
export async function createClub(
  db: Kysely<DB>,
  values: Partial<{
    name: string;
    time_zone: string;
    message: string;
    minimum_level_cents: number;
    warning_level_cents: number;
  }> = {},
): Promise<string> {
  const row = await db
    .insertInto('club')
    .values({
      name: values.name ?? `Club ${randomUUID().slice(0, 6)}`,
      time_zone: values.time_zone ?? 'America/Toronto',
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface PersonValues {
  first?: string;
  last?: string;
  email?: string;
  club?: string;
  flags?: Flags;
}

/**
 * A confirmed user with a profile; with `club`, also a pilot record there
 * (active unless flags say otherwise) and that club active.
 */
export async function createPerson(db: Kysely<DB>, person: PersonValues = {}): Promise<Person> {
  const email = person.email ?? `${randomUUID().slice(0, 8)}@example.org`;
  const userId = await createPasswordUser(db, {
    email,
    first: person.first ?? 'Pat',
    last: person.last ?? 'Pilot',
    password: TEST_PASSWORD,
  });
  await db
    .insertInto('profile')
    .values({ user_id: userId, active_club_id: person.club ?? null })
    .execute();
  if (person.club) {
    await db
      .insertInto('pilot')
      .values({ club_id: person.club, user_id: userId, is_active: true, activated_at: new Date(), ...person.flags })
      .execute();
  }
  return { userId, email };
}
