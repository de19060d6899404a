import { isIP } from 'node:net';
import { resolve } from 'node:path';
import '@flightline/domain/time/shipped-tzdata';
import { isValidTimeZone } from '@flightline/domain/time/club-time';
import { MIN_SUPPORTED_VERSION } from '@flightline/domain/api/app-version';

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
  /** With the demo club, its last season of flights, money and intros (false: the club alone). */
  seedDemoHistory: boolean;
  /** The demo club's time zone when it is created (an IANA name). */
  demoTimeZone: string;
  /**
   * DEMO_PASSWORD, for test and benchmark servers only: the demo people's password when the club is made, instead of
   * a fresh random one (a known password on a server that listens on every address lets anyone in).
   */
  demoPassword: string | undefined;
  webDist: string | undefined;
  /** Clients older than this see "Time for an Update". */
  minClientVersion: string;
  /**
   * Which proxies' X-Forwarded-For/-Host/-Proto to believe (Fastify's trustProxy): false (none), true
   * (every hop: only behind a proxy that replaces X-Forwarded-For), or the proxies' addresses.
   */
  trustProxy: boolean | string;
  /** After SIGTERM, how long GET /api/health answers 503 (while serving on) before the server closes. */
  drainSeconds: number;
  /** LOG_LEVEL: the least severe log line written (pino's levels; `silent` writes none). */
  logLevel: string;
  /** JSON lines when NODE_ENV=production (for a log collector); readable lines otherwise. */
  logFormat: 'json' | 'pretty';
  /** METRICS_TOKEN: GET /metrics answers Prometheus with `Authorization: Bearer <it>`; unset, 404. */
  metricsToken: string | undefined;
  /** OGN_APRS_SERVER: the APRS-IS server the OGN feed connects to (host:port), once a club turns the feed on. */
  ognAprsServer: string;
}

const TRUST_PROXY_HELP =
  "true, or the proxies' addresses such as 10.0.0.0/8,127.0.0.1 (or loopback, linklocal, uniquelocal)";
/**
 * proxy-addr's names for ranges: 127.0.0.1/8 and ::1; 169.254.0.0/16 and fe80::/10; 10/8, 172.16/12, 192.168/16 and
 * fc00::/7.
 */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset/false, true, or a comma-separated list of addresses, CIDR
 * ranges and range names. A hop count is refused: Fastify 5 trusts nothing
 * for one (it cannot tell a proxy's hop from a client's).
 */
function readTrustProxy(value: string | undefined): boolean | string {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  const entries = text.split(',').map((part) => part.trim());
  for (const entry of entries) {
    if (RANGE_NAMES.has(entry)) continue;
    const [ip, bits, ...rest] = entry.split('/');
    const family = isIP(ip ?? '');
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!family || !bitsOk || rest.length) throw new Error(`TRUST_PROXY must be ${TRUST_PROXY_HELP}, not ${value}`);
  }
  return entries.join(',');
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not ${env.PORT}`);
  const demoTimeZone = env.DEMO_TIMEZONE || 'America/Toronto';
  const drainSeconds = Number(env.DRAIN_SECONDS || 0);
  if (!Number.isFinite(drainSeconds) || drainSeconds < 0 || drainSeconds > 300) {
    throw new Error(`DRAIN_SECONDS must be a number of seconds from 0 to 300, not ${env.DRAIN_SECONDS}`);
  }
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not ${env.LOG_LEVEL}`);
  const metricsToken = env.METRICS_TOKEN || undefined;
  // Anyone who guesses it reads the process's figures: a short one is a mistake.
  if (metricsToken !== undefined && metricsToken.length < 16) {
    throw new Error(
      `METRICS_TOKEN must be at least 16 characters long (openssl rand -hex 32), not ${metricsToken.length}`,
    );
  }
  if (!isValidTimeZone(demoTimeZone))
    throw new Error(`DEMO_TIMEZONE must be an IANA time zone such as America/Toronto, not ${env.DEMO_TIMEZONE}`);
  const demoPassword = env.DEMO_PASSWORD || undefined;
  // The sign-in's own limits (src/auth/auth.ts): a password it would refuse could never be used.
  if (demoPassword !== undefined && (demoPassword.length < 8 || demoPassword.length > 128)) {
    throw new Error(`DEMO_PASSWORD must be 8 to 128 characters long, not ${demoPassword.length}`);
  }
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
    seedDemoHistory: (env.SEED_DEMO_HISTORY ?? 'true') !== 'false',
    demoTimeZone,
    demoPassword,
    // Relative to the folder the server is started in, as DATA_DIR is.
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : undefined,
    minClientVersion: env.MIN_CLIENT_VERSION || MIN_SUPPORTED_VERSION,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    drainSeconds,
    logLevel,
    logFormat: env.NODE_ENV === 'production' ? 'json' : 'pretty',
    metricsToken,
    ognAprsServer: readAprsServer(env.OGN_APRS_SERVER),
  };
}

/** host:port; the port defaults to 14580 (APRS-IS with a filter). */
function readAprsServer(value: string | undefined): string {
  const text = (value ?? '').trim() || 'aprs.glidernet.org:14580';
  const match = /^([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\])(?::(\d{1,5}))?$/.exec(text);
  const port = Number(match?.[2] ?? 14580);
  if (!match || port < 1 || port > 65535)
    throw new Error(`OGN_APRS_SERVER must be host:port, such as aprs.glidernet.org:14580, not ${value}`);
  return `${match[1]}:${port}`;
}
