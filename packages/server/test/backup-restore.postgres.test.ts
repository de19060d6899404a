import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTransactionSchema } from '@flightline/domain/schemas/ledger';
import { writeBackup } from '../src/backup/backup.ts';
import { restoreBackup } from '../src/backup/restore.ts';
import { openDatabase, type Database } from '../src/db/engine.ts';
import { migrate } from '../src/db/migrate.ts';
import { grantRowAccess } from '../src/db/roles.ts';
import { addTransaction } from '../src/modules/ledger/add-transaction-service.ts';
import { DEMO_ADMIN_EMAIL } from '../src/seed/demo-club.ts';
import { expectSameRows, expectWorks, seedSource } from './helpers/backup.ts';
import { memberContext } from './helpers/ledger.ts';
import { APP_ROLE } from './helpers/global-setup.ts';

/**
 * Moving a club up from the embedded database to PostgreSQL (docs/deploy.md,
 * "Backup, restore and moving up"): back up a PGlite database, restore it
 * into a new, empty PostgreSQL database (not even migrated) as its owner,
 * grant the server's row-only role its rows, and serve on as that role. And
 * a backup of PostgreSQL taken while entries are being posted is one
 * snapshot: it restores balanced and identical.
 */
const adminUrl = process.env.TEST_DATABASE_URL!;
const created: string[] = [];
const opened: Database[] = [];

/** A new, empty PostgreSQL database: its owner's URL and the app role's. */
async function newDatabase(): Promise<{ ownerUrl: string; appUrl: string }> {
  const name = `flightline_move_${process.pid}_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  created.push(name);
  const owner = new URL(adminUrl);
  owner.pathname = `/${name}`;
  const app = new URL(owner);
  app.username = APP_ROLE;
  app.password = '';
  return { ownerUrl: owner.toString(), appUrl: app.toString() };
}

async function open(options: Parameters<typeof openDatabase>[0]): Promise<Database> {
  const database = await openDatabase(options);
  opened.push(database);
  return database;
}

describe('moving up from the embedded database to PostgreSQL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'flightline-move-'));
  let embedded: Database;
  let clubId: string;

  beforeAll(async () => {
    embedded = await open({ dataDir: 'memory://' });
    await migrate(embedded.db);
    clubId = await seedSource(embedded.db);
  }, 240_000);
  afterAll(async () => {
    for (const database of opened) await database.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up PGlite, restores into a new PostgreSQL database, and the server role serves it', async () => {
    const file = join(dir, 'move.jsonl.gz');
    const backup = await writeBackup(embedded, file);
    expect(backup.header.engine).toBe('pglite');
    const { ownerUrl, appUrl } = await newDatabase();
    const owner = await open({ databaseUrl: ownerUrl, poolSize: 2 });
    const report = await restoreBackup(owner.db, file);
    expect(report.ok).toBe(true);
    expect(report.ledger.restored).toEqual(backup.header.ledger);
    await grantRowAccess(owner.db, APP_ROLE);
    const app = await open({ databaseUrl: appUrl, poolSize: 2 });
    await expectSameRows(embedded.db, app.db);
    // The same rows back out of PostgreSQL: the same JSON, byte for byte, as PGlite wrote.
    const again = await writeBackup(app, join(dir, 'again.jsonl.gz'));
    expect(again.digests).toEqual(backup.digests);
    await expectWorks(app.db, clubId);
  }, 240_000);

  it('takes one snapshot of PostgreSQL while entries are being posted', async () => {
    const { ownerUrl, appUrl } = await newDatabase();
    const owner = await open({ databaseUrl: ownerUrl, poolSize: 2 });
    expect((await restoreBackup(owner.db, join(dir, 'move.jsonl.gz'))).ok).toBe(true);
    await grantRowAccess(owner.db, APP_ROLE);
    const live = await open({ databaseUrl: appUrl, poolSize: 4 });
    const admin = await live.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', DEMO_ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    const member = await live.db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'dana@demo.flightline.local')
      .executeTakeFirstOrThrow();
    let posting = true;
    let posted = 0;
    const writer = (async () => {
      while (posting) {
        const ctx = await memberContext(live.db, clubId, admin.id, Date.now());
        await addTransaction(
          live.db,
          ctx,
          addTransactionSchema.parse({
            transactionType: 'Deposit',
            pilot: member.id,
            amountCents: 1000 + posted,
            transferType: 'Cash',
          }),
        );
        posted++;
      }
    })();
    const file = join(dir, 'live.jsonl.gz');
    try {
      // Until at least one entry was posted while a backup ran.
      for (let i = 0; i < 5; i++) {
        const before = posted;
        await writeBackup(live, file);
        if (posted > before) break;
      }
    } finally {
      posting = false;
      await writer;
    }
    expect(posted).toBeGreaterThan(0);
    const target = await open({ databaseUrl: (await newDatabase()).ownerUrl, poolSize: 2 });
    const report = await restoreBackup(target.db, file);
    expect(report.ok).toBe(true);
    expect(report.ledger.balanced).toBe(true);
    const entries = Number(
      (await sql<{ n: number }>`select count(*)::bigint as n from ledger_transaction`.execute(live.db)).rows[0]!.n,
    );
    expect(report.ledger.restored.transactions).toBeLessThan(entries);
  }, 240_000);
});
