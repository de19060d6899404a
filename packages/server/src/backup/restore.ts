import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { sql } from 'kysely';
import { migrate, readMigrations } from '../db/migrate.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader, type TableEnd, type TableSection } from './backup.ts';
import { OGN_USER_ID } from '@flightline/domain/ogn/settings';
import {
  appliedMigrations,
  digestTable,
  ledgerSums,
  portableSettings,
  quote,
  readTables,
  TRIGGER_COUNTERS,
  TRIGGER_NOTICES,
  type Conn,
  type LedgerSums,
  type TableInfo,
} from './catalog.ts';

/**
 * Load a backup (backup.ts) into an empty database of either engine, in one
 * database transaction, with every trigger of the ledger on: the rows go in
 * in an order that satisfies the foreign keys and the triggers, each club's
 * lock date is set last (so its past postings go in), and the sequences
 * continue after the restored ids. Before committing, every table is read
 * back and compared with the backup (rows and the SHA-256 of their JSON
 * lines), and the ledger's sums too: any difference rolls it all back.
 */

/** Refused before anything was written: the target is not empty, or the backup is from a newer schema. Exit code 2. */
export class RestoreRefused extends Error {}

export interface TableCheck {
  name: string;
  backupRows: number;
  restoredRows: number;
  same: boolean;
}

export interface RestoreReport {
  header: BackupHeader;
  tables: TableCheck[];
  ledger: { backup: LedgerSums; restored: LedgerSums; same: boolean; balanced: boolean };
  /** Migrations applied after the rows, bringing an older backup up to this version. */
  migratedAfter: string[];
  ok: boolean;
  ms: number;
}

/** Lines of a gzipped file, one at a time; a file that ends early is said to be cut. */
class LineReader {
  private readonly lines: AsyncIterator<string>;
  private readonly close: () => void;
  constructor(file: string) {
    const input = createReadStream(file).pipe(createGunzip());
    const rl = createInterface({ input, crlfDelay: Infinity });
    this.lines = rl[Symbol.asyncIterator]();
    this.close = () => {
      rl.close();
      input.destroy();
    };
  }
  async next(): Promise<string> {
    const { value, done } = await this.lines.next();
    if (done) throw new Error('The backup ends early: the file is cut short (was the backup complete?)');
    return value;
  }
  async json<T>(): Promise<T> {
    const line = await this.next();
    try {
      return JSON.parse(line) as T;
    } catch {
      throw new Error(`The backup has a line that is not JSON: ${line.slice(0, 80)}`);
    }
  }
  end(): void {
    this.close();
  }
}

/** The backup's header: its schema level, tables, row counts and ledger sums. */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const reader = new LineReader(file);
  try {
    return await readHeader(reader);
  } finally {
    reader.end();
  }
}

async function readHeader(reader: LineReader): Promise<BackupHeader> {
  let header: BackupHeader;
  try {
    header = await reader.json<BackupHeader>();
  } catch (error) {
    throw new RestoreRefused(`This is not a Flightline backup (${(error as Error).message})`);
  }
  if (header?.format !== BACKUP_FORMAT)
    throw new RestoreRefused('This is not a Flightline backup (its first line names no flightline-backup format)');
  if (header.version > BACKUP_VERSION) {
    throw new RestoreRefused(
      `The backup is in format version ${header.version}; this Flightline reads up ` +
        `to version ${BACKUP_VERSION}: restore it with a newer Flightline`,
    );
  }
  return header;
}

/** The backup's schema level must be one this code knows: the same migrations, in order, or fewer. */
function checkSchemaLevel(header: BackupHeader): void {
  const known = readMigrations().map((migration) => migration.name);
  const unknown = header.migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new RestoreRefused(
      `The backup is from a newer schema than this Flightline knows: its ` +
        `migrations ${unknown.join(', ')} are not in this version ` +
        `(which ends at ${known.at(-1)}). Restore it with the Flightline version that made it, or a newer one.`,
    );
  }
  const prefix = known.slice(0, header.migrations.length);
  if (prefix.join() !== header.migrations.join()) {
    throw new RestoreRefused(
      `The backup's migrations (${header.migrations.join(', ')}) are ` +
        `not this version's first ${header.migrations.length}`,
    );
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Rows the migrations themselves write (0024: the OGN feed's user, who
 * records the feed's line actions). A freshly migrated database holds them,
 * and so does a backup of one: they don't make a target "not empty", and the
 * backup's copies replace them (a backup from before they existed gets them
 * from the migrations applied after its rows).
 */
const MIGRATION_ROWS: { table: string; column: string; value: string }[] = [
  { table: 'user', column: 'id', value: OGN_USER_ID },
];

const notMigrationRows = (table: string) =>
  MIGRATION_ROWS.filter((row) => row.table === table)
    .map((row) => ` where ${quote(row.column)} <> '${row.value.replace(/'/g, "''")}'`)
    .join('');

/** Refuse a target that holds anything: a restore adds a whole installation, it never merges. */
async function checkEmpty(db: Conn, tables: TableInfo[]): Promise<void> {
  const people: string[] = [];
  const others: string[] = [];
  for (const table of tables) {
    const row = await sql
      .raw<{ n: number }>(`select count(*)::int as n from ${quote(table.name)}${notMigrationRows(table.name)}`)
      .execute(db);
    const n = row.rows[0]!.n;
    if (n === 0) continue;
    if (table.name === 'club') people.push(plural(n, 'club'));
    else if (table.name === 'user') people.push(plural(n, 'user'));
    else others.push(table.name);
  }
  const held = [...people];
  if (others.length > 0)
    held.push(people.length ? `rows in ${plural(others.length, 'other table')}` : `rows in ${others.join(', ')}`);
  if (held.length > 0) {
    throw new RestoreRefused(
      `The target database is not empty: it holds ${held.join(' and ')}. A restore loads into an empty database only ` +
        '(a new DATA_DIR folder, or a new PostgreSQL database); nothing was changed.',
    );
  }
}

/** The rows one INSERT takes: at most this many, or about this many characters of JSON. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 4_000_000;

/** A fixed-offset POSIX zone (west positive) for `eastSeconds` east of UTC. */
function fixedZone(eastSeconds: number): string {
  const west = -eastSeconds;
  const abs = Math.abs(west);
  const pad = (n: number) => String(n).padStart(2, '0');
  const sign = west < 0 ? '-' : '+';
  return `FIX${sign}${pad(Math.floor(abs / 3600))}:${pad(Math.floor((abs % 3600) / 60))}:${pad(abs % 60)}`;
}

interface ClubLock {
  id: string;
  lockDate: string;
  lockUntil: string | null;
  timeZone: string;
}

/**
 * Set a club's lock date, last (the triggers refuse postings before it), with
 * the backup's lock_until: from 0020 the app writes it and the trigger keeps
 * it. Before 0020 the trigger works it out in the club's zone; when the zone
 * was changed after the lock was set, that would move it, so the lock is set
 * in a fixed zone of the backup's offset and the zone put back after (a
 * change of zone alone leaves lock_until where it is).
 */
async function setLock(db: Conn, lock: ClubLock): Promise<void> {
  const check = await sql<{ same: boolean; east: number }>`
    select coalesce((${lock.lockDate}::date + 1)::timestamp at time zone ${lock.timeZone} =
    ${lock.lockUntil}::timestamptz, true) as same,
           coalesce(extract(epoch from (${lock.lockDate}::date + 1)::timestamp - (${lock.lockUntil}::timestamptz
           at time zone 'UTC')), 0)::int as east`.execute(db);
  const { same, east } = check.rows[0]!;
  const zone = same ? lock.timeZone : fixedZone(east);
  await sql`update club set lock_date = ${lock.lockDate}::date, lock_until = ${lock.lockUntil}::timestamptz,
        time_zone = ${zone} where id = ${lock.id}`.execute(db);
  if (!same) await sql`update club set time_zone = ${lock.timeZone} where id = ${lock.id}`.execute(db);
}

/** Each identity or serial sequence of the table continues after its largest value (or starts at 1 when empty). */
async function resetSequences(db: Conn, table: TableInfo): Promise<void> {
  for (const column of table.columns) {
    if (!column.sequence) continue;
    await sql
      .raw(
        `select setval('${column.sequence.replaceAll("'", "''")}', coalesce(max(${quote(column.name)}), ` +
          `1), max(${quote(column.name)}) is not null) from ${quote(table.name)}`,
      )
      .execute(db);
  }
}

/**
 * Restore `file` into `db`: the schema owner's connection (setting the
 * sequences needs it on PostgreSQL), a database empty of rows, with no
 * migration the backup lacks. Migrates it to the backup's level first and,
 * after the rows, to this version's.
 */
export async function restoreBackup(db: Conn, file: string): Promise<RestoreReport> {
  const started = performance.now();
  const reader = new LineReader(file);
  try {
    const header = await readHeader(reader);
    checkSchemaLevel(header);
    const applied = await appliedMigrations(db);
    const newer = applied.filter((name) => !header.migrations.includes(name));
    if (newer.length > 0) {
      throw new RestoreRefused(
        `The target database is already at a newer schema than the backup (${newer.join(', ')}); ` +
          `restore into a new, empty database, which is migrated to the backup's level first`,
      );
    }
    const all = readMigrations();
    await migrate(
      db,
      all.filter((migration) => header.migrations.includes(migration.name)),
    );
    const tables = new Map((await readTables(db)).map((table) => [table.name, table]));
    await checkEmpty(db, [...tables.values()]);
    for (const entry of header.tables) {
      const table = tables.get(entry.name);
      const missing = entry.columns.filter((name) => !table?.columns.some((column) => column.name === name));
      if (!table || missing.length > 0) {
        throw new Error(
          `The backup's table ${entry.name} does not match this schema at the same level ` +
            `(${table ? `no column ${missing.join(', ')}` : 'no such table'})`,
        );
      }
    }

    const report = await db.connection().execute(async (conn) => {
      await sql.raw('begin').execute(conn);
      try {
        const checks = await load(conn, reader, header, tables);
        await sql.raw('commit').execute(conn);
        return checks;
      } catch (error) {
        await sql
          .raw('rollback')
          .execute(conn)
          .catch(() => {});
        if (error instanceof RolledBack) return error.checks;
        throw error;
      }
    });
    const migratedAfter = report.ok ? await migrate(db, all) : [];
    return { header, ...report, migratedAfter, ms: performance.now() - started };
  } finally {
    reader.end();
  }
}

type Checks = Pick<RestoreReport, 'tables' | 'ledger' | 'ok'>;

/** The rows read back differ from the backup: the transaction is rolled back and the checks reported. */
class RolledBack extends Error {
  constructor(readonly checks: Checks) {
    super('rolled back');
  }
}

/** The rows, in one transaction; read back and compared before it commits (a difference rolls back). */
async function load(
  conn: Conn,
  reader: LineReader,
  header: BackupHeader,
  tables: Map<string, TableInfo>,
): Promise<Checks> {
  await portableSettings(conn);
  const locks: ClubLock[] = [];
  const counters: string[] = [];
  const digests = new Map<string, string>();
  let noticesMax = 0;
  for (const entry of header.tables) {
    const section = await reader.json<TableSection>();
    if (section.table !== entry.name)
      throw new Error(`The backup names table ${section.table} where its header has ${entry.name}`);
    const table = tables.get(entry.name)!;
    // Rows already here were made by the migrations (MIGRATION_ROWS) or by triggers on the rows restored
    // before them (a club's default duty roles): the backup's own copies replace them.
    if (table.name !== TRIGGER_COUNTERS && table.name !== TRIGGER_NOTICES)
      await sql`delete from ${sql.table(table.name)}`.execute(conn);
    const columns = table.columns.filter((column) => entry.columns.includes(column.name) && !column.generated);
    const list = columns.map((column) => quote(column.name)).join(', ');
    const overriding = columns.some((column) => column.identity) ? 'overriding system value' : '';
    // The batch is one bound value: a JSON array of the rows, made into the table's rows by the database.
    const insertBatch = (lines: string[]) =>
      lines.length === 0
        ? Promise.resolve()
        : sql`insert into ${sql.table(table.name)} (${sql.raw(list)}) ${sql.raw(overriding)} select
              ${sql.raw(list)} from json_populate_recordset(null::${sql.table(table.name)},
              ${`[${lines.join(',')}]`}::json)`
            .execute(conn)
            .then(() => undefined)
            .catch((error: unknown) => {
              throw new Error(`Restoring ${table.name}: ${(error as Error).message}`, { cause: error });
            });

    let batch: string[] = [];
    let chars = 0;
    for (let i = 0; i < section.rows; i++) {
      let line = await reader.next();
      if (table.name === TRIGGER_COUNTERS) {
        counters.push(line);
        continue;
      }
      if (table.name === 'club') {
        const club = JSON.parse(line) as {
          id: string;
          lock_date?: string | null;
          lock_until?: string | null;
          time_zone: string;
        };
        if (club.lock_date) {
          locks.push({
            id: club.id,
            lockDate: club.lock_date,
            lockUntil: club.lock_until ?? null,
            timeZone: club.time_zone,
          });
          line = JSON.stringify({ ...club, lock_date: null, lock_until: null });
        }
      }
      if (table.name === TRIGGER_NOTICES)
        noticesMax = Math.max(noticesMax, Number((JSON.parse(line) as { id: number }).id));
      batch.push(line);
      chars += line.length;
      if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) {
        await insertBatch(batch);
        batch = [];
        chars = 0;
      }
    }
    await insertBatch(batch);
    const end = await reader.json<TableEnd>();
    if (end.end !== entry.name || !end.sha256)
      throw new Error(`The backup's table ${entry.name} does not end where its row count says`);
    digests.set(entry.name, end.sha256);
    // The restore's own writes that take from a sequence (live_event's notices) come after the backup's ids.
    await resetSequences(conn, table);
  }
  const last = await reader.json<TableEnd>();
  if (last.end !== 'backup' || last.tables !== header.tables.length)
    throw new Error('The backup does not end with its end line: the file is cut short');

  // Last, the lock dates; then the deferred checks (every entry balanced) and the counters' bumps run now.
  for (const lock of locks) await setLock(conn, lock);
  await sql.raw('set constraints all immediate').execute(conn);
  const counterTable = tables.get(TRIGGER_COUNTERS);
  if (counterTable) {
    // The counters as they were: over the bumps the restore's own writes made.
    const entry = header.tables.find((table) => table.name === TRIGGER_COUNTERS)!;
    await sql.raw(`delete from ${quote(counterTable.name)}`).execute(conn);
    const list = counterTable.columns
      .filter((column) => entry.columns.includes(column.name) && !column.generated)
      .map((column) => quote(column.name))
      .join(', ');
    for (let i = 0; i < counters.length; i += BATCH_ROWS) {
      await sql`insert into ${sql.table(counterTable.name)} (${sql.raw(list)}) select ${sql.raw(list)} from
            json_populate_recordset(null::${sql.table(counterTable.name)},
            ${`[${counters.slice(i, i + BATCH_ROWS).join(',')}]`}::json)`.execute(conn);
    }
  }
  const notices = tables.get(TRIGGER_NOTICES);
  if (notices && notices.primaryKey.length === 1) {
    // The notices the restore's own inserts wrote (ids after the backup's): not part of the backup.
    await sql`delete from ${sql.table(notices.name)} where ${sql.ref(notices.primaryKey[0]!)} > ${noticesMax}`.execute(
      conn,
    );
    await resetSequences(conn, notices);
  }

  const checks: TableCheck[] = [];
  for (const entry of header.tables) {
    const table = tables.get(entry.name)!;
    const digest = await digestTable(conn, {
      ...table,
      columns: table.columns.filter((column) => entry.columns.includes(column.name)),
    });
    checks.push({
      name: entry.name,
      backupRows: entry.rows,
      restoredRows: digest.rows,
      same: digest.rows === entry.rows && digest.sha256 === digests.get(entry.name),
    });
  }
  const restored = await ledgerSums(conn);
  const same = JSON.stringify(restored) === JSON.stringify(header.ledger);
  const result: Checks = {
    tables: checks,
    ledger: { backup: header.ledger, restored, same, balanced: restored.debitCents === restored.creditCents },
    ok: false,
  };
  result.ok = checks.every((check) => check.same) && same && result.ledger.balanced;
  if (!result.ok) throw new RolledBack(result);
  return result;
}
