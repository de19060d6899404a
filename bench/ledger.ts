import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../packages/server/src/db/engine.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import type { DB } from '../packages/server/src/db/schema.ts';
import type { MemberContext } from '../packages/server/src/http/context.ts';
import { getMemberHistory } from '../packages/server/src/modules/ledger/history-service.ts';
import { getBalance } from '../packages/server/src/modules/ledger/service.ts';
import { getBalances } from '../packages/server/src/modules/ledger/summary-service.ts';
import { startTempPostgres } from '../scripts/pg-temp.ts';
import type { BenchmarkResult } from './run.ts';

/**
 * LEDGER: the accounting reads on a club-sized year. On a throwaway
 * PostgreSQL, a club with 300 members and a year (2025) of about 100,000
 * postings — balanced entries of every kind, bulk-inserted with SQL through
 * the ledger's own triggers — then, after a warm-up, the median time of the
 * accounting summary for the year, one member's history for the year and a
 * member's balance, through the server's service functions.
 *
 * Options: --runs=N timed runs per read (default 15).
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = join(ROOT, 'bench/out/ledger.json');
const MEMBERS = 300;
const ENTRIES = 38_500;
const TARGET_MS = 150;
const ZONE = 'America/Toronto';

export async function seed(db: Kysely<DB>): Promise<{ clubId: string; adminId: string; memberIds: string[] }> {
  const club = await db
    .insertInto('club')
    .values({
      name: 'Bench Soaring',
      time_zone: ZONE,
      tax_rates: JSON.stringify({ HST: 0.13 }),
      fee_list: ['Hangar fee', 'Tie-down', 'Trailer'],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const memberIds = Array.from({ length: MEMBERS }, (_, i) => `bench-member-${String(i).padStart(3, '0')}`);
  const adminId = 'bench-admin';
  const people = [adminId, ...memberIds];
  await db
    .insertInto('user')
    .values(
      people.map((id, i) => ({
        id,
        name: `Pilot ${i}`,
        email: `${id}@bench.invalid`,
        emailVerified: true,
        image: null,
        createdAt: new Date(),
        updatedAt: new Date(),
        firstName: 'Pilot',
        lastName: String(i),
      })),
    )
    .execute();
  await db
    .insertInto('pilot')
    .values(
      people.map((id) => ({
        club_id: club.id,
        user_id: id,
        is_active: true,
        is_admin: id === adminId,
        activated_at: new Date(),
      })),
    )
    .execute();

  // One transaction, so the balance check of every entry runs at its commit, as in production.
  await db.transaction().execute(async (trx) => {
    // Entries spread evenly over the club's year 2025; the kind is id % 10.
    await sql`
      insert into ledger_transaction (club_id, effective_at, transaction_type, description)
      select ${club.id}::uuid,
             timestamptz '2025-01-01 05:00:00+00' + (g - 1) * (interval '365 days' / ${ENTRIES}::int),
             'Bench', 'Bench entry ' || g
      from generate_series(1, ${ENTRIES}::int) g`.execute(trx);
    // Each entry's lines: deposits (Dr 1000 / Cr 2100), tow and rental charges and fees (Dr 2100 / Cr 41xx-49xx / Cr
    // 2510 HST),
    // intro sales (Dr 1000 / Cr 2120), bank payments of HST (Dr 2510 / Cr 1000).
    await sql`
      insert into posting (transaction_id, account, amount_cents, member_id, intro_id, tax_name, transfer_type,
      fee_class)
      select t.id, l.account, l.amount, l.member_id, l.intro_id, l.tax_name, l.transfer_type, l.fee_class
      from ledger_transaction t
      cross join lateral (select 500 + (t.id * 37) % 20000 as net,
                                 (${memberIds}::text[])[1 + (t.id * 7919) % ${MEMBERS}::int] as member_id,
                                 t.id % 10 as kind) k
      cross join lateral (values
        (case when k.kind < 3 then 1000 end, k.net, null::text, null::text, null::text, (array['Cash', 'Cheque',
        'E-Transfer'])[1 + t.id % 3], null::text),
        (case when k.kind < 3 then 2100 end, -k.net, k.member_id, null, null, null, null),
        (case when k.kind between 3 and 8 then 2100 end, k.net + round(k.net * 0.13)::bigint, k.member_id, null,
        null, null, null),
        (case when k.kind between 3 and 8 then (array[4100, 4100, 4100, 4200, 4200, 4900])[k.kind - 2] end,
        -k.net, null, null, null, null,
           case when k.kind = 8 then (array['Hangar fee', 'Tie-down', 'Trailer'])[1 + t.id % 3] end),
        (case when k.kind between 3 and 8 then 2510 end, -round(k.net * 0.13)::bigint, null, null, 'HST', null, null),
        (case when k.kind = 9 and t.id % 20 = 9 then 1000 end, k.net, null, null, null, 'Credit Card', null),
        (case when k.kind = 9 and t.id % 20 = 9 then 2120 end, -k.net, null, 'intro-' || t.id, null, null, null),
        (case when k.kind = 9 and t.id % 20 = 19 then 2510 end, k.net, null, null, 'HST', null, null),
        (case when k.kind = 9 and t.id % 20 = 19 then 1000 end, -k.net, null, null, null, 'Bank Payment', null)
      ) as l(account, amount, member_id, intro_id, tax_name, transfer_type, fee_class)
      where t.club_id = ${club.id}::uuid and l.account is not null`.execute(trx);
  });
  await sql`analyze`.execute(db);
  return { clubId: club.id, adminId, memberIds };
}

/** Warm-up (3 calls), then `runs` timed calls of `read`: the median, fastest and slowest in ms. */
export async function median(
  runs: number,
  read: () => Promise<unknown>,
): Promise<{ medianMs: number; minMs: number; maxMs: number }> {
  for (let i = 0; i < 3; i += 1) await read();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)]!, minMs: times[0]!, maxMs: times[times.length - 1]! };
}

/** --runs=N: how many timed runs per read (default 15). */
export const runsOption = (args: string[]) =>
  Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 15);

/** A migrated database on a throwaway PostgreSQL server; close() closes it and stops the server. */
async function openBenchDatabase(): Promise<{ db: Kysely<DB>; close(): Promise<void> }> {
  const pg = await startTempPostgres();
  const database = await openDatabase({ databaseUrl: pg.url, poolSize: 4 });
  const close = async () => {
    await database.close();
    await pg.stop();
  };
  try {
    await migrate(database.db);
  } catch (error) {
    await close();
    throw error;
  }
  return { db: database.db, close };
}

/** `work` on a migrated database of its own, closed and its server stopped however `work` ends. */
export async function withBenchDatabase<T>(work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  const database = await openBenchDatabase();
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

export async function run(args: string[]): Promise<BenchmarkResult> {
  const runs = runsOption(args);
  return withBenchDatabase(async (db) => {
    const seeding = performance.now();
    const { clubId, adminId, memberIds } = await seed(db);
    const counts = await sql<{ entries: number; postings: number }>`
      select (select count(*) from ledger_transaction)::bigint as entries, (select count(*) from
      posting)::bigint as postings`.execute(db);
    const { entries, postings } = counts.rows[0]!;
    console.log(
      `seeded ${MEMBERS} members, ${entries} entries, ${postings} postings ` +
        `in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const club = await db.selectFrom('club').selectAll().where('id', '=', clubId).executeTakeFirstOrThrow();
    const pilot = await db
      .selectFrom('pilot')
      .selectAll()
      .where('club_id', '=', clubId)
      .where('user_id', '=', adminId)
      .executeTakeFirstOrThrow();
    const ctx: MemberContext = {
      user: { id: adminId, email: `${adminId}@bench.invalid`, firstName: 'Pilot', lastName: '0' },
      club,
      pilot,
      isActive: true,
      // Read by the HTTP layer's ETags only (http/etag.ts); the services timed here do not use it.
      clubVersion: 0,
      now: Date.parse('2026-01-15T17:00:00Z'),
    };
    const year = { startDate: '2025-01-01', endDate: '2025-12-31' };
    const member = memberIds[42]!;
    const history = await getMemberHistory(db, ctx, member, year);

    const { report, targetsMet } = await timeReads(db, runs, [
      {
        name: 'accounting summary, year',
        read: () => getBalances(db, ctx, { ...year, balance: 'AccountingSummary' }),
        targetMs: TARGET_MS,
      },
      {
        name: `member history, year (${history.transactions.length} rows)`,
        read: () => getMemberHistory(db, ctx, member, year),
        targetMs: TARGET_MS,
      },
      { name: 'member balance', read: () => getBalance(db, ctx, member), targetMs: TARGET_MS },
    ]);
    writeReport(OUT, { members: MEMBERS, entries, postings, runs, reads: report });
    return { targetsMet };
  });
}

export interface TimedRead {
  name: string;
  read: () => Promise<unknown>;
  targetMs: number;
}

/**
 * Each read timed against its target and printed as a table: the timings by read name, and whether every median met
 * its target.
 */
export async function timeReads(
  db: Kysely<DB>,
  runs: number,
  reads: TimedRead[],
): Promise<{ report: Record<string, unknown>; targetsMet: boolean }> {
  const rows: string[][] = [['read', 'median ms', 'min ms', 'max ms', 'target ms', 'met']];
  const report: Record<string, unknown> = {};
  let targetsMet = true;
  for (const { name, read, targetMs } of reads) {
    const timing = await median(runs, read);
    const met = timing.medianMs < targetMs;
    targetsMet &&= met;
    rows.push([
      name,
      timing.medianMs.toFixed(1),
      timing.minMs.toFixed(1),
      timing.maxMs.toFixed(1),
      `< ${targetMs}`,
      met ? 'yes' : 'NO',
    ]);
    report[name] = { ...timing, targetMs, met };
  }
  printTable(rows);
  console.log(
    `\nmedian of ${runs} runs after 3 warm-up runs, PostgreSQL ` +
      `${(await sql<{ v: string }>`select current_setting('server_version') as v`.execute(db)).rows[0]!.v}`,
  );
  return { report, targetsMet };
}

/** The run's figures as JSON in `out` (under bench/out/), stamped with the time. */
export function writeReport(out: string, figures: Record<string, unknown>): void {
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2));
  console.log(`  (written to ${out.replace(ROOT, '')})`);
}

/** Rows of cells as aligned columns, the first row a header underlined. */
export function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const [index, row] of rows.entries()) {
    console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
    if (index === 0) console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  }
}
