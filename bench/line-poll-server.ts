import { buildApp } from '../packages/server/src/app.ts';
import { openDatabase } from '../packages/server/src/db/engine.ts';
import { createMailer } from '../packages/server/src/mail/mailer.ts';

/**
 * The API server as `npm start` runs it, for the line-poll benchmark: its
 * own process (the load generator must not share its event loop), on
 * DATABASE_URL, with the sign-in rate limit raised so 200 phones can sign in
 * from one loopback address. Prints READY when listening.
 */
async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 10 });
  const mailer = createMailer({ smtpUrl: undefined, from: 'bench@flightline.local', db: database.db, log: () => {} });
  const { app } = await buildApp({
    database,
    mailer,
    authSecret: 'bench-secret-that-is-long-enough-0123456789abcdef',
    publicUrl: `http://127.0.0.1:${process.env.PORT}`,
    webDist: undefined,
    logger: false,
    rateLimitMax: 100_000,
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  console.log('READY');
  process.on('SIGTERM', () => {
    void app.close().then(() => database.close()).then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
