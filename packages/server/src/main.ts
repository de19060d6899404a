import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/engine.ts';
import { migrateAs } from './db/roles.ts';
import type { DB } from './db/schema.ts';
import { serverLogger } from './http/request-log.ts';
import { createMailer } from './mail/mailer.ts';
import { seedDemoOnConsole } from './seed/demo-console.ts';
import { SHIPPED_TZDATA } from '@flightline/domain/time/shipped-tzdata';

/** The auth secret: AUTH_SECRET, or one generated once and kept in the database for every process. */
async function authSecret(db: Kysely<DB>, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insertInto('app_setting')
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_setting')
    .select('value')
    .where('key', '=', 'auth_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}

async function main() {
  const config = readConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrateAs(database, config.migrationDatabaseUrl);
  console.log(
    `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}` +
      (applied.length ? `; applied ${applied.join(', ')}` : ''),
  );
  console.log(
    `Time zones: tz database ${SHIPPED_TZDATA} (shipped with the app: moment-timezone), for every club's clock`,
  );
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log: console.log });
  if (config.seedDemo) {
    await seedDemoOnConsole(
      database.db,
      { timeZone: config.demoTimeZone, history: config.seedDemoHistory, password: config.demoPassword },
      console.log,
    );
  }
  const { app, startDraining } = await buildApp({
    database,
    mailer,
    authSecret: await authSecret(database.db, config.authSecret),
    publicUrl: config.publicUrl,
    webDist: config.webDist,
    minClientVersion: config.minClientVersion,
    logger: await serverLogger({ level: config.logLevel, format: config.logFormat }),
    metricsToken: config.metricsToken,
    trustProxy: config.trustProxy,
    ogn: { server: config.ognAprsServer },
  });
  await app.listen({ port: config.port, host: config.host });
  console.log(`Flightline is serving on ${config.publicUrl} (port ${config.port})`);

  /**
   * A rolling restart (docs/deploy.md): first GET /api/health answers 503 for
   * DRAIN_SECONDS while everything else is served as before, so the proxy's
   * health check takes this process out of rotation; then the server closes:
   * it stops accepting connections, ends every event stream (each phone
   * reconnects, through the proxy, to another process and catches up by
   * Last-Event-ID), lets the requests under way finish, and closes the database.
   */
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    startDraining();
    if (config.drainSeconds > 0) {
      console.log(`${signal}: draining for ${config.drainSeconds} s (GET /api/health answers 503), then closing`);
      await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
    }
    console.log(
      `${signal}: closing the server and the database (event streams ended, requests under way finished first)`,
    );
    await app.close();
    await database.close();
    console.log('Closed');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
