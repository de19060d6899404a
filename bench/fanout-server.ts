import { buildApp } from '../packages/server/src/app.ts';
import { openDatabase } from '../packages/server/src/db/engine.ts';
import { createMailer } from '../packages/server/src/mail/mailer.ts';

/**
 * The API server as `npm start` runs it (pool of 10, one LISTEN connection),
 * for the fan-out benchmark: its own process, so the 2,000 phones' client
 * side does not share its event loop. Prints READY when listening; answers
 * the benchmark's 'stats' message over IPC with its live hub's stats() after
 * a full garbage collection (run with --expose-gc), and its CPU time.
 */
async function main() {
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 10 });
  const mailer = createMailer({ smtpUrl: undefined, from: 'bench@flightline.local', db: database.db, log: () => {} });
  const { app, live } = await buildApp({
    database,
    mailer,
    authSecret: process.env.AUTH_SECRET!,
    publicUrl: `http://127.0.0.1:${process.env.PORT}`,
    webDist: undefined,
    logger: false,
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.on('message', (message) => {
    if (message !== 'stats') return;
    (globalThis as { gc?: () => void }).gc?.();
    process.send!({ ...live.stats(), cpuMicros: process.cpuUsage() });
  });
  console.log('READY');
  process.on('SIGTERM', () => {
    void app.close().then(() => database.close()).then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
