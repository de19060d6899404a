import { resolve } from 'node:path';
import { IANAZone } from 'luxon';
import { MIN_SUPPORTED_VERSION } from '@flightline/domain/app-version';

/** Everything the server reads from its environment, in one place (documented in README.md). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The schema owner's URL, for migrations; the server itself runs as DATABASE_URL's row-only role. */
  migrationDatabaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  authSecret: string | undefined;
  seedDemo: boolean;
  /** The demo club's time zone when it is created (an IANA name). */
  demoTimeZone: string;
  webDist: string | undefined;
  /** Clients older than this see "Time for an Update". */
  minClientVersion: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not ${env.PORT}`);
  const demoTimeZone = env.DEMO_TIMEZONE || 'America/Toronto';
  if (!IANAZone.isValidZone(demoTimeZone)) throw new Error(`DEMO_TIMEZONE must be an IANA time zone such as America/Toronto, not ${env.DEMO_TIMEZONE}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Flightline <no-reply@flightline.local>',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    authSecret: env.AUTH_SECRET || undefined,
    seedDemo: (env.SEED_DEMO ?? 'true') !== 'false',
    demoTimeZone,
    // Relative to the folder the server is started in, as DATA_DIR is.
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : undefined,
    minClientVersion: env.MIN_CLIENT_VERSION || MIN_SUPPORTED_VERSION,
  };
}
