import { createWriteStream, renameSync, rmSync, statSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'kysely';
import type { Database } from '../db/engine.ts';
import {
  appliedMigrations,
  isPortable,
  ledgerSums,
  portableSettings,
  readTables,
  rowBatches,
  TableDigest,
  type Conn,
  type LedgerSums,
  type TableInfo,
} from './catalog.ts';

/**
 * The backup file (docs/deploy.md, "Backup, restore and moving up"): gzipped
 * JSON lines, the same for PGlite and PostgreSQL and restored into either.
 *
 *
 * {"format":"flightline-backup","version":1,...,"migrations":[...],"tables":[{"name","columns","rows"}],"ledger":{...}}
 *   {"table":"club","rows":1}
 *   {"id":"…","name":"Demo Soaring Club",…}        one line per row, as the database's row_to_json writes it
 *   {"end":"club","sha256":"…"}                     the SHA-256 of the table's row lines
 *   … every table, in an order that satisfies the foreign keys …
 *   {"end":"backup","tables":22}
 */
export const BACKUP_FORMAT = 'flightline-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  engine: Database['kind'];
  /** The migrations the source had applied: its schema level. */
  migrations: string[];
  tables: { name: string; columns: string[]; rows: number }[];
  ledger: LedgerSums;
}

export interface TableSection {
  table: string;
  rows: number;
}

export interface TableEnd {
  end: string;
  sha256?: string;
  tables?: number;
}

export interface BackupSummary {
  header: BackupHeader;
  digests: Map<string, string>;
  bytes: number;
  ms: number;
}

async function countRows(db: Conn, table: TableInfo): Promise<number> {
  const row = await sql
    .raw<{ n: number }>(`select count(*)::int as n from "${table.name.replaceAll('"', '""')}"`)
    .execute(db);
  return row.rows[0]!.n;
}

/**
 * Write every table's rows to `file`, from one REPEATABLE READ, read-only
 * transaction (one snapshot: a consistent ledger while the server writes on
 * PostgreSQL), a cursor's batch at a time. Written to `file.partial` and
 * renamed when complete, so a failed backup never leaves a cut file under
 * the real name.
 */
export async function writeBackup(database: Database, file: string): Promise<BackupSummary> {
  const started = performance.now();
  const partial = `${file}.partial`;
  const digests = new Map<string, string>();
  let header: BackupHeader | undefined;
  try {
    await database.db.connection().execute(async (conn) => {
      await sql.raw('begin isolation level repeatable read read only').execute(conn);
      try {
        await portableSettings(conn);
        const tables = await readTables(conn);
        const counts: BackupHeader['tables'] = [];
        for (const table of tables) {
          counts.push({
            name: table.name,
            columns: table.columns.filter(isPortable).map((column) => column.name),
            rows: await countRows(conn, table),
          });
        }
        header = {
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          createdAt: new Date().toISOString(),
          engine: database.kind,
          migrations: await appliedMigrations(conn),
          tables: counts,
          ledger: await ledgerSums(conn),
        };
        const first = header;
        async function* lines(): AsyncGenerator<string> {
          yield `${JSON.stringify(first)}\n`;
          for (const [index, table] of tables.entries()) {
            const expected = first.tables[index]!.rows;
            yield `${JSON.stringify({ table: table.name, rows: expected } satisfies TableSection)}\n`;
            const digest = new TableDigest();
            for await (const batch of rowBatches(conn, table)) {
              digest.add(batch);
              yield `${batch.join('\n')}\n`;
            }
            if (digest.rows !== expected)
              throw new Error(`${table.name}: counted ${expected} rows but read ${digest.rows}`);
            const sha256 = digest.digest();
            digests.set(table.name, sha256);
            yield `${JSON.stringify({ end: table.name, sha256 } satisfies TableEnd)}\n`;
          }
          yield `${JSON.stringify({ end: 'backup', tables: tables.length } satisfies TableEnd)}\n`;
        }
        await pipeline(Readable.from(lines()), createGzip(), createWriteStream(partial));
        await sql.raw('commit').execute(conn);
      } catch (error) {
        await sql
          .raw('rollback')
          .execute(conn)
          .catch(() => {});
        throw error;
      }
    });
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  return { header: header!, digests, bytes: statSync(file).size, ms: performance.now() - started };
}
