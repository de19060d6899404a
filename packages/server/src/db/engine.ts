import { mkdirSync } from 'node:fs';
// Every club time the server computes comes from the tz database the project ships (domain zone-rules.ts):
// every server process, CLI and test opens its database here.
import '@flightline/domain/time/shipped-tzdata';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type LogEvent } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';
import { PGliteDialect } from './pglite-dialect.ts';

/** PostgreSQL type ids whose default JavaScript form is wrong for us. */
const INT8 = 20;
const DATE = 1082;

/** bigint columns hold cents and counts: numbers, refused when not exact. */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`bigint out of safe range: ${text}`);
  return value;
}
/** A date column is a calendar day: keep its 'YYYY-MM-DD' text, never a Date at local midnight. */
const parseDate = (text: string) => text;

export type Listener = (payload: string) => void;

export interface Database {
  db: Kysely<DB>;
  kind: 'pglite' | 'postgres';
  /** Subscribe to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, listener: Listener): Promise<() => Promise<void>>;
  /**
   * Called after a lost LISTEN connection is back and subscribed again: notices sent
   * while it was down were missed, so a subscriber reads what changed. PostgreSQL only.
   */
  onListenReconnect?(callback: () => void): () => void;
  /**
   * The connections now (GET /metrics): PostgreSQL's pool; PGlite's one connection, in use or not, and the queries
   * queued for it.
   */
  poolStats?(): PoolStats;
  close(): Promise<void>;
  /** PGlite only: the data directory as a gzipped tarball (test templates). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface PoolStats {
  /** Connections open. */
  total: number;
  /** Of those, not running a query or holding a transaction. */
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` for a throwaway one. */
  dataDir?: string | undefined;
  /** A PGlite data-directory dump to start from (tests clone a migrated template). */
  loadDataDir?: Blob | undefined;
  poolSize?: number | undefined;
  /** Where lost and replaced connections are reported (default: console.warn). */
  log?: ((message: string) => void) | undefined;
  /** Called with every statement run through Kysely, ours and better-auth's (tests count a request's queries). */
  onQuery?: ((sql: string) => void) | undefined;
}

/** Kysely's log hook for `onQuery`: failed statements count too. */
function queryLog(onQuery: ((sql: string) => void) | undefined) {
  return onQuery ? { log: (event: LogEvent) => onQuery(event.query.sql) } : {};
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.log ?? console.warn, options.onQuery);
  return openPGlite(options.dataDir ?? './data', options.loadDataDir, options.onQuery);
}

async function openPGlite(dataDir: string, loadDataDir?: Blob, onQuery?: (sql: string) => void): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    parsers: { [INT8]: parseInt8, [DATE]: parseDate },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const dialect = new PGliteDialect(client);
  const db = new Kysely<DB>({ dialect, ...queryLog(onQuery) });
  return {
    db,
    kind: 'pglite',
    poolStats: () => ({ total: 1, idle: 1 - dialect.usage.inUse, waiting: dialect.usage.waiting }),
    async listen(channel, listener) {
      const unsubscribe = await client.listen(channel, listener);
      return async () => unsubscribe();
    },
    async close() {
      await db.destroy();
      await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
  };
}

/** How long a request waits for a pooled connection before it is answered 503 (the database is down or saturated). */
const CONNECT_TIMEOUT_MS = 3_000;
/** The listening connection's reconnect delays: doubling from the first to the last, then the last. */
const LISTEN_RETRY_MS = [100, 250, 500, 1_000];

async function openPostgres(
  connectionString: string,
  max: number,
  log: (message: string) => void,
  onQuery?: (sql: string) => void,
): Promise<Database> {
  const types = {
    getTypeParser(id: number, format?: string) {
      if (id === INT8) return parseInt8;
      if (id === DATE) return parseDate;
      return pg.types.getTypeParser(id, format as 'text');
    },
  };
  const pool = new pg.Pool({
    connectionString,
    max,
    types,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // A connection the server ends (restart, pg_terminate_backend, a network cut) emits 'error' on its
  // client, idle or checked out; unheard, that kills the process. The pool drops a broken client on
  // release and opens a new one on the next request; the query it was running fails and is answered 503.
  pool.on('error', (error) =>
    log(`PostgreSQL: an idle pooled connection was lost (${error.message}); it will be replaced`),
  );
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      log(`PostgreSQL: a pooled connection was lost (${error.message}); it will be replaced`),
    );
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), ...queryLog(onQuery) });
  const listeners = new Map<string, Set<Listener>>();
  let listenClient: Promise<pg.Client> | undefined;
  let closed = false;

  /** One connection per process holds every LISTEN; when it is lost, a new one re-subscribes to every channel. */
  function listenConnection(): Promise<pg.Client> {
    listenClient ??= connectListener().catch((error: unknown) => {
      listenClient = undefined;
      throw error;
    });
    return listenClient;
  }

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString,
      types,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    let lost = false;
    const onLost = (reason: string) => {
      if (lost) return;
      lost = true;
      listenClient = undefined;
      void client.end().catch(() => {});
      if (closed) return;
      log(`PostgreSQL: the LISTEN connection was lost (${reason}); reconnecting`);
      void relisten();
    };
    client.on('error', (error) => onLost(error.message));
    client.on('end', () => onLost('connection ended'));
    client.on('notification', (message) => {
      for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '');
    });
    await client.connect();
    for (const channel of listeners.keys()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    return client;
  }

  async function relisten(): Promise<void> {
    for (let attempt = 0; !closed; attempt++) {
      await new Promise((resolve) =>
        setTimeout(resolve, LISTEN_RETRY_MS[Math.min(attempt, LISTEN_RETRY_MS.length - 1)]),
      );
      if (closed || listenClient) return;
      try {
        await listenConnection();
        log(`PostgreSQL: LISTEN connection back, ${listeners.size} channel(s) subscribed again`);
        for (const callback of reconnected) callback();
        return;
      } catch {
        // Still down: try again after the next delay.
      }
    }
  }
  const reconnected = new Set<() => void>();

  return {
    db,
    kind: 'postgres',
    async listen(channel, listener) {
      let set = listeners.get(channel);
      const isNew = !set;
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
      }
      set.add(listener);
      const client = await listenConnection();
      // A client connected after the channel was added already listens to it.
      if (isNew) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(listener);
      };
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onListenReconnect(callback) {
      reconnected.add(callback);
      return () => reconnected.delete(callback);
    },
    async close() {
      closed = true;
      const client = await listenClient?.catch(() => undefined);
      await client?.end().catch(() => {});
      await db.destroy();
    },
  };
}
