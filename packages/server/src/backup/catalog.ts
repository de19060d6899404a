import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';

/**
 * What a backup and a restore know of the schema: read from the database's
 * own catalog, never a hand-written list, so a table or column a later
 * migration adds is dumped and restored with no change here
 * (docs/deploy.md, "Backup, restore and moving up").
 */

/** A connection (or transaction) that runs one statement after another; any Kysely will do. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Conn = Kysely<any>;

export interface TableInfo {
  name: string;
  /** Every column, in the table's order. */
  columns: ColumnInfo[];
  /** The primary key's columns (the order rows are dumped and restored in). */
  primaryKey: string[];
  /** The tables its foreign keys name (not itself). */
  references: string[];
}

export interface ColumnInfo {
  name: string;
  type: string;
  /** 'always' / 'by default' identity columns take their value from a sequence. */
  identity: boolean;
  /** A stored generated column: computed again on insert, never written. */
  generated: boolean;
  /** The sequence that numbers it (identity or serial), if any. */
  sequence: string | null;
}

/**
 * Columns not carried over: a transaction id names a transaction of the
 * source database (ledger_transaction.created_xact, set again by its trigger
 * on insert); it means nothing in another one.
 */
const NOT_PORTABLE_TYPES = new Set(['xid', 'xid8', 'cid']);
export const isPortable = (column: ColumnInfo) => !NOT_PORTABLE_TYPES.has(column.type);

/** The schema's own bookkeeping: the backup names its migration level in its header instead. */
const NOT_DUMPED = new Set(['schema_migrations']);

/**
 * Insertion order beyond the foreign keys: what the triggers need first.
 * A block's usage before its void (block_usage_not_voided refuses drawing on a voided block).
 */
const AFTER: Record<string, string[]> = { member_block_void: ['block_usage'] };

/**
 * Rows written by other tables' triggers (docs/live.md): loaded first, so the restore's own notices come after the
 * dump's ids.
 */
export const TRIGGER_NOTICES = 'live_event';
/** Counters bumped by triggers at commit (0015): loaded last, over what the restore's own writes bumped. */
export const TRIGGER_COUNTERS = 'club_version';

/** The tables of the public schema, in an order that satisfies the foreign keys and the triggers. */
export async function readTables(db: Conn): Promise<TableInfo[]> {
  const columns = await sql<{
    table: string;
    column: string;
    type: string;
    identity: string;
    generated: string;
    sequence: string | null;
  }>`
    select c.relname as "table", a.attname as "column", t.typname as "type",
           a.attidentity::text as "identity", a.attgenerated::text as "generated",
           pg_get_serial_sequence(format('%I', c.relname), a.attname) as "sequence"
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid
      join pg_type t on t.oid = a.atttypid
     where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
     order by c.relname, a.attnum`.execute(db);
  const keys = await sql<{ table: string; column: string }>`
    select c.relname as "table", a.attname as "column"
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_namespace n on n.oid = c.relnamespace
      cross join lateral unnest(con.conkey) with ordinality as k(attnum, ord)
      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
     where n.nspname = 'public' and con.contype = 'p'
     order by c.relname, k.ord`.execute(db);
  const foreign = await sql<{ table: string; references: string }>`
    select distinct c.relname as "table", f.relname as "references"
      from pg_constraint con
      join pg_class c on c.oid = con.conrelid
      join pg_class f on f.oid = con.confrelid
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and con.contype = 'f' and con.conrelid <> con.confrelid`.execute(db);

  const tables = new Map<string, TableInfo>();
  for (const row of columns.rows) {
    if (NOT_DUMPED.has(row.table)) continue;
    let table = tables.get(row.table);
    if (!table) tables.set(row.table, (table = { name: row.table, columns: [], primaryKey: [], references: [] }));
    table.columns.push({
      name: row.column,
      type: row.type,
      identity: row.identity !== '',
      generated: row.generated !== '',
      sequence: row.sequence,
    });
  }
  for (const row of keys.rows) tables.get(row.table)?.primaryKey.push(row.column);
  for (const row of foreign.rows)
    if (tables.has(row.references)) tables.get(row.table)?.references.push(row.references);
  return insertionOrder([...tables.values()]);
}

/** Kahn's sort: each table after the ones it names (foreign keys and AFTER), ties by name; live_event first. */
function insertionOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const needs = new Map(
    tables.map((table) => [
      table.name,
      new Set([...table.references, ...(AFTER[table.name] ?? [])].filter((name) => byName.has(name))),
    ]),
  );
  const order: TableInfo[] = [];
  const first = byName.get(TRIGGER_NOTICES);
  if (first && needs.get(first.name)!.size === 0) {
    order.push(first);
    needs.delete(first.name);
    for (const set of needs.values()) set.delete(first.name);
  }
  while (needs.size > 0) {
    const ready = [...needs.entries()]
      .filter(([, set]) => set.size === 0)
      .map(([name]) => name)
      .sort();
    if (ready.length === 0) throw new Error(`The tables' foreign keys form a cycle: ${[...needs.keys()].join(', ')}`);
    const name = ready[0]!;
    order.push(byName.get(name)!);
    needs.delete(name);
    for (const set of needs.values()) set.delete(name);
  }
  return order;
}

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The statement that reads a table's rows as JSON text, one per row, in primary-key order (the same on both
 * engines).
 */
export function selectRowsJson(table: TableInfo): string {
  const columns = table.columns
    .filter(isPortable)
    .map((column) => quote(column.name))
    .join(', ');
  const order = table.primaryKey.length ? table.primaryKey.map(quote).join(', ') : 'r::text';
  return `select row_to_json(r)::text as j from (select ${columns} from ${quote(table.name)}) r order by ${order}`;
}

/**
 * Session settings that make the JSON text of a row the same on PGlite and
 * PostgreSQL: instants in UTC, bytea in hex, floats exact. Run at the start
 * of the transaction (SET LOCAL).
 */
export async function portableSettings(db: Conn): Promise<void> {
  await sql.raw(`set local timezone = 'UTC'`).execute(db);
  await sql.raw(`set local bytea_output = 'hex'`).execute(db);
  await sql.raw(`set local extra_float_digits = 1`).execute(db);
  await sql.raw(`set local intervalstyle = 'iso_8601'`).execute(db);
}

/** Rows fetched from a cursor at a time: memory stays bounded, whatever the table's size. */
const FETCH_ROWS = 500;

/**
 * Each row of a table as JSON text, in batches from a cursor (inside the
 * caller's transaction): memory stays bounded, whatever the table's size.
 */
export async function* rowBatches(db: Conn, table: TableInfo): AsyncGenerator<string[]> {
  await sql.raw(`declare backup_rows no scroll cursor for ${selectRowsJson(table)}`).execute(db);
  try {
    for (;;) {
      const batch = await sql.raw<{ j: string }>(`fetch forward ${FETCH_ROWS} from backup_rows`).execute(db);
      if (batch.rows.length === 0) return;
      yield batch.rows.map((row) => row.j);
    }
  } finally {
    await sql.raw('close backup_rows').execute(db);
  }
}

/** A table's rows and the SHA-256 of their JSON lines: the same figures for the same rows on either engine. */
export class TableDigest {
  rows = 0;
  private readonly hash = createHash('sha256');
  add(lines: string[]): void {
    for (const line of lines) this.hash.update(line).update('\n');
    this.rows += lines.length;
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

/** Read a whole table back and digest it (the restore's check). */
export async function digestTable(db: Conn, table: TableInfo): Promise<{ rows: number; sha256: string }> {
  const digest = new TableDigest();
  for await (const lines of rowBatches(db, table)) digest.add(lines);
  return { rows: digest.rows, sha256: digest.digest() };
}

export interface AccountSum {
  clubId: string;
  account: number;
  postings: number;
  debitCents: number;
  creditCents: number;
}

export interface LedgerSums {
  transactions: number;
  accounts: AccountSum[];
  /** Over every club: the debits and the credits, equal in a sound ledger. */
  debitCents: number;
  creditCents: number;
}

/** The ledger's figures: per club and account, postings and the debits and credits, and the totals. */
export async function ledgerSums(db: Conn): Promise<LedgerSums> {
  const accounts = await sql<AccountSum>`
    select club_id::text as "clubId", account, count(*)::int as postings,
           coalesce(sum(amount_cents) filter (where amount_cents > 0), 0)::bigint as "debitCents",
           coalesce(-sum(amount_cents) filter (where amount_cents < 0), 0)::bigint as "creditCents"
      from posting group by club_id, account order by club_id, account`.execute(db);
  const transactions = await sql<{ n: number }>`select count(*)::int as n from ledger_transaction`.execute(db);
  const total = (key: 'debitCents' | 'creditCents') => accounts.rows.reduce((sum, row) => sum + Number(row[key]), 0);
  return {
    transactions: transactions.rows[0]!.n,
    accounts: accounts.rows.map((row) => ({
      ...row,
      account: Number(row.account),
      debitCents: Number(row.debitCents),
      creditCents: Number(row.creditCents),
    })),
    debitCents: total('debitCents'),
    creditCents: total('creditCents'),
  };
}

/** The migrations applied, in order; empty when the database has none yet. */
export async function appliedMigrations(db: Conn): Promise<string[]> {
  const exists = await sql<{ found: string | null }>`select to_regclass('schema_migrations')::text as found`.execute(
    db,
  );
  if (!exists.rows[0]?.found) return [];
  const rows = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(db);
  return rows.rows.map((row) => row.name);
}
