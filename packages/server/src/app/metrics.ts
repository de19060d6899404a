import { createHash, timingSafeEqual } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/engine.ts';
import type { LiveHub } from '../modules/live/hub.ts';
import { ONCE_REPLAY_CHANNEL, type OnceReplay } from '../modules/once.ts';

/** Prometheus' scrape address (docs/deploy.md, Logs and metrics). */
export const METRICS_URL = '/metrics';

/** The route label of a request no route matched (a page of the web app, a 404): one series, not one per address. */
const UNMATCHED = '(unmatched)';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header is `Bearer <token>`, compared in constant time (digests of equal length). */
function bearerMatches(header: string | undefined, token: string): boolean {
  return timingSafeEqual(sha256(header ?? ''), sha256(`Bearer ${token}`));
}

/**
 * GET /metrics in Prometheus' text format, on a registry of this app's own
 * (several apps in one test process do not share series). Without a token
 * nothing is measured and the address answers 404 (it would otherwise be a
 * page of the web app); with one it answers only `Authorization: Bearer
 * <token>`. Call before the routes are registered: the counting hook covers
 * the routes added after it.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: {
    token: string | undefined;
    database: Database;
    live: LiveHub;
    page?: ((request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | undefined;
  },
): void {
  const { token, page } = options;
  // /metrics is also the web app's Club metrics page: a browser opening it (asking for HTML) gets the page, a scraper
  // the figures.
  const wantsPage = (request: FastifyRequest) =>
    page !== undefined && /\btext\/html\b/.test(request.headers.accept ?? '');
  if (token === undefined) {
    app.get(METRICS_URL, async (request, reply) =>
      wantsPage(request)
        ? page!(request, reply)
        : reply
            .status(404)
            .send({ statusCode: 404, error: 'Not Found', message: `No such call: ${request.method} ${METRICS_URL}` }),
    );
    return;
  }
  const registry = new Registry();
  const offReplays = countAnswers(app, registry, options.database, options.live);
  // CPU, memory, event-loop delay, GC and handles of the process (prom-client's standard names).
  collectDefaultMetrics({ register: registry });
  app.addHook('onClose', async () => offReplays());

  app.get(METRICS_URL, async (request, reply) => {
    if (wantsPage(request)) return page!(request, reply);
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Send the metrics token (METRICS_TOKEN) as Authorization: Bearer <token>',
      });
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}

/** The app's own series; returns the function that stops listening for replays. */
function countAnswers(app: FastifyInstance, registry: Registry, database: Database, live: LiveHub): () => void {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'flightline_http_requests_total',
    help: 'Requests answered, by route pattern, method and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'flightline_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by route pattern, method and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const unavailable = new Counter({
    name: 'flightline_http_503_total',
    help: 'Answers 503: the database unreachable, or GET /api/health while draining',
    labelNames: ['route'],
    registers: [registry],
  });
  // On the response's close, not onResponse: an event stream the phone ends never finishes, and is counted too.
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.once('close', () => {
      // A request abandoned before any answer was sent is not an answer.
      if (!reply.raw.headersSent) return;
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED,
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
      if (reply.statusCode === 503) unavailable.inc({ route: labels.route });
    });
  });

  new Gauge({
    name: 'flightline_live_streams',
    help: 'Event streams (GET /api/events) open on this process',
    registers: [registry],
    collect() {
      this.set(live.stats().streams);
    },
  });
  const reconnects = new Counter({
    name: 'flightline_live_listen_reconnects_total',
    help: 'Times the LISTEN connection was lost and is back (PostgreSQL; every stream was sent resync)',
    registers: [registry],
  });
  const offReconnect = database.onListenReconnect?.(() => reconnects.inc());

  const pool = () => database.poolStats?.() ?? { total: 0, idle: 0, waiting: 0 };
  new Gauge({
    name: 'flightline_db_pool_connections',
    help: 'Database connections open (PostgreSQL: the pool of 10; PGlite: its one connection)',
    registers: [registry],
    collect() {
      this.set(pool().total);
    },
  });
  new Gauge({
    name: 'flightline_db_pool_in_use',
    help: 'Database connections running a query or holding a transaction',
    registers: [registry],
    collect() {
      const { total, idle } = pool();
      this.set(total - idle);
    },
  });
  new Gauge({
    name: 'flightline_db_pool_waiting',
    help: 'Queries waiting for a database connection',
    registers: [registry],
    collect() {
      this.set(pool().waiting);
    },
  });

  const replays = new Counter({
    name: 'flightline_outbox_replays_total',
    help: 'Retried writes (same idempotency key, same request) answered from their first answer, by write',
    labelNames: ['write'],
    registers: [registry],
  });
  // once() publishes every replay of the process; this app counts those on its own database.
  const onReplay = (message: unknown) => {
    const replay = message as OnceReplay;
    if (replay.db === database.db) replays.inc({ write: replay.write });
  };
  subscribe(ONCE_REPLAY_CHANNEL, onReplay);
  return () => {
    unsubscribe(ONCE_REPLAY_CHANNEL, onReplay);
    offReconnect?.();
  };
}
