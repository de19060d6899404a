import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
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
  close(): Promise<void>;
  /** PGlite only: the data directory as a gzipped tarball (test templates). */
  dumpDataDir?: () => Promise<Blob>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` for a throwaway one. */
  dataDir?: string | undefined;
  /** A PGlite data-directory dump to start from (tests clone a migrated template). */
  loadDataDir?: Blob | undefined;
  poolSize?: number | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPGlite(options.dataDir ?? './data', options.loadDataDir);
}

async function openPGlite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    parsers: { [INT8]: parseInt8, [DATE]: parseDate },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client) });
  return {
    db,
    kind: 'pglite',
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

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const types = {
    getTypeParser(id: number, format?: string) {
      if (id === INT8) return parseInt8;
      if (id === DATE) return parseDate;
      return pg.types.getTypeParser(id, format as 'text');
    },
  };
  const pool = new pg.Pool({ connectionString, max, types });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const listeners = new Map<string, Set<Listener>>();
  let listenClient: pg.Client | undefined;

  async function listenConnection() {
    if (listenClient) return listenClient;
    const client = new pg.Client({ connectionString, types });
    await client.connect();
    client.on('notification', (message) => {
      for (const listener of listeners.get(message.channel) ?? []) listener(message.payload ?? '');
    });
    listenClient = client;
    return client;
  }

  return {
    db,
    kind: 'postgres',
    async listen(channel, listener) {
      const client = await listenConnection();
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
      };
    },
    async close() {
      await listenClient?.end();
      await db.destroy();
    },
  };
}
