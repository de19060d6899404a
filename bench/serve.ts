import { buildApp, type App } from '../packages/server/src/app.ts';
import { openDatabase } from '../packages/server/src/db/engine.ts';
import { createMailer } from '../packages/server/src/mail/mailer.ts';

/**
 * The body of a bench server process (started by server-process.ts): the
 * API as `npm start` runs it (pool of 10) on DATABASE_URL, listening on PORT;
 * prints READY once listening and closes on SIGTERM. `listening` adds what
 * one benchmark needs of the running app.
 */
export function serveForBench(
  options: { authSecret: string; rateLimitMax?: number },
  listening: (built: App) => void = () => {},
): void {
  const main = async () => {
    const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 10 });
    const mailer = createMailer({ smtpUrl: undefined, from: 'bench@flightline.local', db: database.db, log: () => {} });
    const built = await buildApp({
      database,
      mailer,
      authSecret: options.authSecret,
      publicUrl: `http://127.0.0.1:${process.env.PORT}`,
      webDist: undefined,
      logger: false,
      rateLimitMax: options.rateLimitMax,
    });
    await built.app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
    listening(built);
    console.log('READY');
    process.on('SIGTERM', () => {
      void built.app
        .close()
        .then(() => database.close())
        .then(() => process.exit(0));
    });
  };
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
