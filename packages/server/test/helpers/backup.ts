import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';
import { addTransactionSchema } from '@flightline/domain/schemas/ledger';
import { isPortable, quote, readTables } from '../../src/backup/catalog.ts';
import type { DB } from '../../src/db/schema.ts';
import { addTransaction } from '../../src/modules/ledger/add-transaction-service.ts';
import { DEMO_ADMIN_EMAIL } from '../../src/seed/demo-club.ts';
import { seedDemo } from '../../src/seed/demo-season.ts';
import { memberContext } from './ledger.ts';
import { solidPng } from './png.ts';
import { OGN_USER_ID } from '@flightline/domain/ogn/settings';

/** The demo season's "now": a fixed day, so the same season every run. */
export const SEASON_NOW = Date.parse('2026-11-20T17:00:00Z');
/** Locked after the season's first two months; then the club moves zone (the lock's instant stays where it was). */
export const LOCK_DATE = '2026-06-30';

/**
 * A realistic club to back up: the demo club and its season (flights,
 * deposits, blocks, intros, refunds, tug sessions), a lock date, a later
 * change of time zone, and a logo (bytea).
 */
export async function seedSource(db: Kysely<DB>): Promise<string> {
  const { demo } = await seedDemo(db, { history: true, now: SEASON_NOW });
  const clubId = demo.clubId;
  await sql`update club set lock_date = ${LOCK_DATE}::date, lock_until = ((${LOCK_DATE}::date + 1)::timestamp at
        time zone time_zone)
             where id = ${clubId}`.execute(db);
  await sql`update club set time_zone = 'America/Vancouver' where id = ${clubId}`.execute(db);
  await db
    .insertInto('club_logo')
    .values({
      club_id: clubId,
      sha256: 'a'.repeat(64),
      content_type: 'image/png',
      bytes: solidPng(4, 4, [200, 30, 30]),
    })
    .execute();
  return clubId;
}

/** A value as both engines' drivers agree on it: bytes as hex, instants as ISO text. */
function normalize(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  return value;
}

/** Every table's rows, compared column by column (all but the source's transaction ids), in primary-key order. */
export async function expectSameRows(source: Kysely<DB>, restored: Kysely<DB>): Promise<number> {
  const tables = await readTables(source);
  expect((await readTables(restored)).map((table) => table.name).sort()).toEqual(
    tables.map((table) => table.name).sort(),
  );
  let compared = 0;
  for (const table of tables) {
    const columns = table.columns
      .filter(isPortable)
      .map((column) => quote(column.name))
      .join(', ');
    const query = `select ${columns} from ${quote(table.name)} order by ${table.primaryKey.map(quote).join(', ')}`;
    const read = async (db: Kysely<DB>) =>
      (await sql.raw<Record<string, unknown>>(query).execute(db)).rows.map((row) =>
        Object.fromEntries(Object.entries(row).map(([k, v]) => [k, normalize(v)])),
      );
    const [a, b] = [await read(source), await read(restored)];
    expect(b, table.name).toEqual(a);
    compared += a.length;
  }
  return compared;
}

/**
 * The restored database takes new work: a deposit through the ledger service
 * gets the next entry and posting ids and a live notice after the restored
 * ones; the lock date still refuses an entry before it.
 */
export async function expectWorks(db: Kysely<DB>, clubId: string): Promise<void> {
  const max = async (table: 'ledger_transaction' | 'posting' | 'live_event') =>
    Number(
      (await sql<{ n: number }>`select coalesce(max(id), 0)::bigint as n from ${sql.table(table)}`.execute(db)).rows[0]!
        .n,
    );
  const before = {
    entry: await max('ledger_transaction'),
    posting: await max('posting'),
    notice: await max('live_event'),
  };
  const admin = await db
    .selectFrom('user')
    .select('id')
    .where('email', '=', DEMO_ADMIN_EMAIL)
    .executeTakeFirstOrThrow();
  const member = await db
    .selectFrom('user')
    .select('id')
    .where('email', '=', 'pat@demo.flightline.local')
    .executeTakeFirstOrThrow();
  const now = Date.now();
  const ctx = await memberContext(db, clubId, admin.id, now);
  const posted = await addTransaction(
    db,
    ctx,
    addTransactionSchema.parse({
      transactionType: 'Deposit',
      pilot: member.id,
      amountCents: 5000,
      transferType: 'Cash',
    }),
  );
  expect(posted.transactionId).toBe(before.entry + 1);
  expect(await max('posting')).toBe(before.posting + 2);
  expect(await max('live_event')).toBeGreaterThan(before.notice);
  const early = addTransaction(
    db,
    ctx,
    addTransactionSchema.parse({
      transactionType: 'Deposit',
      pilot: member.id,
      amountCents: 100,
      transferType: 'Cash',
      time: Date.parse('2026-06-15T12:00:00Z'),
    }),
  );
  await expect(early).rejects.toThrow(/lock date/);
}

/** How many rows the clubs and users tables hold. */
export async function clubsAndUsers(db: Kysely<DB>): Promise<{ clubs: number; users: number }> {
  // People, not the OGN feed's user, which the migrations make (0024).
  const row = await sql<{ clubs: number; users: number }>`
    select (select count(*) from club)::int as clubs, (select count(*) from "user" where id <>
    ${OGN_USER_ID})::int as users`.execute(db);
  return row.rows[0]!;
}
