import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Kysely } from 'kysely';
import { MIN_SUPPORTED_VERSION } from '@flightline/domain/api/app-version';
import { CLIENT_IP_HEADER, createAuth, type Auth } from './auth/auth.ts';
import { SessionMemo } from './auth/session-memo.ts';
import { mountAuth } from './auth/mount.ts';
import type { DB } from './db/schema.ts';
import type { Database } from './db/engine.ts';
import { checkAccess, forwardSessionCookies, resolveContext } from './http/context.ts';
import { databaseAnswer } from './http/database-errors.ts';
import {
  badRequest,
  containsNul,
  HttpError,
  nestedDeeperThan,
  NUL_REFUSED,
  reasonPhrase,
  TOO_DEEP,
} from './http/errors.ts';
import { registerCompression } from './http/compression.ts';
import { addSecurityHeaders } from './http/security-headers.ts';
import { noStoreApiAnswers } from './http/no-store.ts';
import { noteServerError, RequestLog, type LoggerOptions } from './http/request-log.ts';
import { refuseCrossSiteWrites } from './http/write-origin.ts';
import type { Mailer } from './mail/mailer.ts';
import { createPushSender } from './push/push-sender.ts';
import { startLiveHub, type LiveHub, type LiveHubOptions } from './modules/live/hub.ts';
import { EVENTS_URL } from './modules/live/routes.ts';
import { startOgnFeed, type OgnFeed, type OgnFeedOptions } from './modules/ogn/feed-service.ts';
import { registerModules } from './modules/register.ts';
import { firstStateReader } from './app/first-state.ts';
import { registerMetrics } from './app/metrics.ts';
import { loadWebApp } from './app/web-app.ts';

export interface AppDeps {
  database: Database;
  mailer: Mailer;
  authSecret: string;
  publicUrl: string;
  /** Injected clock (epoch ms); tests move it. */
  now?: () => number;
  webDist?: string | undefined;
  rateLimitMax?: number;
  /** The logger (http/request-log.ts serverLogger; a test's stream); default none. */
  logger?: LoggerOptions | false | undefined;
  /** METRICS_TOKEN: GET /metrics answers with this bearer token; unset, it answers 404 and nothing is measured. */
  metricsToken?: string | undefined;
  /** Fastify's trustProxy (config.ts TRUST_PROXY): which proxies' X-Forwarded-* headers to believe. */
  trustProxy?: boolean | string;
  /** Oldest client version served (default: the build's MIN_SUPPORTED_VERSION). */
  minClientVersion?: string | undefined;
  /** The event streams' heartbeat, lifetime and retention (tests shorten them). */
  live?: LiveHubOptions;
  /** The OGN feed (docs/ogn.md "The feed"): its APRS-IS server and timings; without it no feed runs (most tests). */
  ogn?: OgnFeedOptions;
  /** Let push subscriptions name http://127.0.0.1 (a test's push service); otherwise only https push services. */
  pushAllowHttpLoopback?: boolean;
}

export interface App {
  app: FastifyInstance;
  auth: Auth;
  db: Kysely<DB>;
  /** The change notices' fan-out to this process's event streams: stats() for benchmarks. */
  live: LiveHub;
  /** The OGN feed of this process, when deps.ogn started one. */
  ogn: OgnFeed | null;
  /** From now on GET /api/health answers 503, so a proxy takes this process out of rotation before it closes. */
  startDraining(): void;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

export async function buildApp(deps: AppDeps): Promise<App> {
  const db = deps.database.db;
  const now = deps.now ?? Date.now;
  const auth = createAuth({
    db,
    mailer: deps.mailer,
    secret: deps.authSecret,
    baseURL: deps.publicUrl,
    rateLimitMax: deps.rateLimitMax,
    now,
  });
  const app = Fastify({
    logger: deps.logger ?? false,
    // One line per request, on completion (http/request-log.ts); ids unique across processes.
    logController: new RequestLog(),
    genReqId: () => randomUUID(),
    bodyLimit: 256 * 1024,
    trustProxy: deps.trustProxy ?? false,
    requestTimeout: 30_000,
  });

  const sessions = new SessionMemo();
  app.decorateRequest('context', async function (this: import('fastify').FastifyRequest, access) {
    const ctx = await resolveContext(this, { db, auth, now, sessions });
    checkAccess(ctx, access);
    return ctx;
  });

  app.addHook('onRequest', refuseCrossSiteWrites(deps.publicUrl));
  app.addHook('onSend', async (request, reply, payload) => {
    forwardSessionCookies(request, reply);
    noStoreApiAnswers(request, reply);
    return payload;
  });
  app.addHook('onSend', addSecurityHeaders(deps.publicUrl));

  app.addHook('preValidation', async (request) => {
    // Before anything walks the body: better-auth's validation recursed on 5,000 levels and answered 500.
    if (nestedDeeperThan(request.body)) throw badRequest(TOO_DEEP);
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body))
      throw badRequest(NUL_REFUSED);
  });

  app.setErrorHandler((rawError, request, reply) => {
    // The database's refusals answer as http/database-errors.ts says; an error no row answers is a logged 500.
    const error = databaseAnswer(rawError) ?? rawError;
    if (error instanceof HttpError) {
      // A 503 (the database unreachable): the request's line carries the connection's error.
      if (error.statusCode >= 500) noteServerError(request, rawError);
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({
          statusCode: error.statusCode,
          error: reasonPhrase(error.statusCode),
          message: error.message,
          ...error.extra,
        });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ statusCode: status, error: reasonPhrase(status), message: (error as Error).message });
    }
    noteServerError(request, error);
    return reply
      .status(500)
      .send({ statusCode: 500, error: 'Internal Server Error', message: 'Something went wrong on the server' });
  });

  const webDist = deps.webDist ?? (existsSync(defaultWebDist) ? defaultWebDist : undefined);
  const webApp = webDist ? loadWebApp(webDist, firstStateReader(db)) : undefined;
  // Before the routes: it compresses the answers of the routes registered after it.
  await registerCompression(app, [EVENTS_URL]);
  const live = await startLiveHub(deps.database, deps.live);
  // Before the routes, as compression: its hook counts the answers of the routes registered after it.
  registerMetrics(app, {
    token: deps.metricsToken,
    database: deps.database,
    live,
    page: webApp ? (request, reply) => webApp.send(request, reply) : undefined,
  });
  const lifecycle = { draining: false };
  // Open streams would keep the HTTP server from closing: ended first (the phones reconnect elsewhere).
  app.addHook('preClose', async () => live.close());
  // Off until a club turns it on: it only reads the clubs' settings every 30 s until then.
  const ogn = deps.ogn ? startOgnFeed(db, now, (message) => app.log.info(message), deps.ogn) : null;
  if (ogn) app.addHook('preClose', async () => ogn.close());
  mountAuth(app, auth, CLIENT_IP_HEADER);
  registerModules(app, {
    db,
    auth,
    database: deps.database,
    mailer: deps.mailer,
    push: createPushSender({ db, publicUrl: deps.publicUrl, allowHttpLoopback: deps.pushAllowHttpLoopback }),
    now,
    authSecret: deps.authSecret,
    publicUrl: deps.publicUrl,
    minClientVersion: deps.minClientVersion ?? MIN_SUPPORTED_VERSION,
    live,
    lifecycle,
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !webApp) {
      return reply.status(404).send({
        statusCode: 404,
        error: 'Not Found',
        message: `No such call: ${request.method} ${request.url.split('?')[0]}`,
      });
    }
    // Client-side routes (and '/'): the SPA draws the page, and its own "Sorry, page not found!".
    return webApp.send(request, reply);
  });

  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // '/' is a page (app/web-app.ts); /index.html stays the built file, as the service worker caches it.
      index: false,
      // dist/.vite/manifest.json is for the size benchmark, not for browsers.
      dotfiles: 'deny',
      // FILE.br and FILE.gz, written by the build, are sent for FILE by Accept-Encoding (with Vary: Accept-Encoding).
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, path) {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return {
    app,
    auth,
    db,
    live,
    ogn,
    startDraining() {
      lifecycle.draining = true;
    },
  };
}
