import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBackup, type BackupSummary } from '../src/backup/backup.ts';
import { appliedMigrations } from '../src/backup/catalog.ts';
import { readBackupHeader, RestoreRefused, restoreBackup } from '../src/backup/restore.ts';
import { openDatabase, type Database } from '../src/db/engine.ts';
import { readMigrations } from '../src/db/migrate.ts';
import { clubsAndUsers, expectSameRows, expectWorks, seedSource } from './helpers/backup.ts';
import { createPostgresTestDatabase, openTestDatabase } from './helpers/test-app.ts';

/**
 * npm run backup / npm run restore (docs/deploy.md, "Backup, restore and
 * moving up"), on the engine of the pass: PGlite, or PostgreSQL with
 * TEST_DATABASE_URL (the source then read as the server's row-only role, the
 * target loaded by the schema's owner). The move from PGlite to PostgreSQL:
 * backup-restore.postgres.test.ts.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const opened: Database[] = [];

/** An empty target: a new embedded database (not even migrated), or a new PostgreSQL database as its owner. */
async function emptyTarget(): Promise<Database> {
  const database = onPostgres
    ? await openDatabase({ databaseUrl: (await createPostgresTestDatabase()).ownerUrl, poolSize: 2 })
    : await openDatabase({ dataDir: 'memory://' });
  opened.push(database);
  return database;
}

describe('backup and restore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'flightline-backup-'));
  const file = join(dir, 'club.jsonl.gz');
  let source: Database;
  let clubId: string;
  let backup: BackupSummary;
  let restored: Database;

  beforeAll(async () => {
    source = await openTestDatabase();
    opened.push(source);
    clubId = await seedSource(source.db);
    backup = await writeBackup(source, file);
  }, 240_000);
  afterAll(async () => {
    for (const database of opened) await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes a header naming the schema level, every table with its rows, and the ledger sums', async () => {
    const header = await readBackupHeader(file);
    expect(header.migrations).toEqual(readMigrations().map((migration) => migration.name));
    expect(header.engine).toBe(source.kind);
    const rows = Object.fromEntries(header.tables.map((table) => [table.name, table.rows]));
    expect(rows.club).toBe(1);
    expect(rows.flight).toBeGreaterThan(300);
    expect(rows.posting).toBeGreaterThan(1000);
    expect(rows.club_logo).toBe(1);
    expect(rows).not.toHaveProperty('schema_migrations');
    // Not a hand-written list: every table of the schema.
    expect(header.tables.length).toBeGreaterThanOrEqual(30);
    expect(header.ledger.debitCents).toBe(header.ledger.creditCents);
    expect(header.ledger.debitCents).toBeGreaterThan(0);
    expect(backup.bytes).toBeGreaterThan(0);
  });

  it('restores into an empty database: every row the same, the ledger the same, in one pass', async () => {
    restored = await emptyTarget();
    const report = await restoreBackup(restored.db, file);
    expect(report.ok).toBe(true);
    expect(report.tables.every((table) => table.same && table.restoredRows === table.backupRows)).toBe(true);
    expect(report.ledger).toMatchObject({ same: true, balanced: true });
    expect(report.ledger.restored).toEqual(report.ledger.backup);
    // Read back independently of the restore's own check: column by column, table by table.
    const compared = await expectSameRows(source.db, restored.db);
    expect(compared).toBe(report.tables.reduce((sum, table) => sum + table.backupRows, 0));
    // The lock date and its instant came back, after a change of zone that did not move it.
    const [a, b] = await Promise.all(
      [source, restored].map((d) =>
        d.db.selectFrom('club').select(['lock_date', 'lock_until', 'time_zone']).executeTakeFirstOrThrow(),
      ),
    );
    expect(b).toEqual(a);
    expect(b!.time_zone).toBe('America/Vancouver');
  }, 180_000);

  it('backs the restored database up to the same rows', async () => {
    const again = await writeBackup(restored, join(dir, 'again.jsonl.gz'));
    expect(again.digests).toEqual(backup.digests);
    expect(again.header.ledger).toEqual(backup.header.ledger);
  }, 60_000);

  it('takes new work after the restored rows: the sequences continue, the lock date still holds', async () => {
    await expectWorks(restored.db, clubId);
  });

  it('refuses a database that already holds clubs and users, and changes nothing', async () => {
    const before = await clubsAndUsers(restored.db);
    const refused = restoreBackup(restored.db, file);
    await expect(refused).rejects.toThrow(RestoreRefused);
    await expect(refused).rejects.toThrow(/not empty: it holds 1 club and \d+ users/);
    expect(await clubsAndUsers(restored.db)).toEqual(before);
  });

  it('refuses a backup from a newer schema, before migrating anything', async () => {
    const lines = gunzipSync(readFileSync(file)).toString().split('\n');
    const header = JSON.parse(lines[0]!) as { migrations: string[] };
    header.migrations.push('0999_from_the_future.sql');
    lines[0] = JSON.stringify(header);
    const newer = join(dir, 'newer.jsonl.gz');
    writeFileSync(newer, gzipSync(lines.join('\n')));
    const target = await emptyTarget();
    const applied = await appliedMigrations(target.db);
    const refused = restoreBackup(target.db, newer);
    await expect(refused).rejects.toThrow(RestoreRefused);
    await expect(refused).rejects.toThrow(/newer schema .*0999_from_the_future\.sql/);
    expect(await appliedMigrations(target.db)).toEqual(applied);
  }, 60_000);

  it('rolls back a backup that is cut short: the target stays empty', async () => {
    const lines = gunzipSync(readFileSync(file)).toString().split('\n');
    const cut = join(dir, 'cut.jsonl.gz');
    writeFileSync(cut, gzipSync(lines.slice(0, Math.floor(lines.length * 0.8)).join('\n')));
    const target = await emptyTarget();
    await expect(restoreBackup(target.db, cut)).rejects.toThrow(/cut short/);
    expect(await clubsAndUsers(target.db)).toEqual({ clubs: 0, users: 0 });
    // And the whole backup then restores there.
    expect((await restoreBackup(target.db, file)).ok).toBe(true);
  }, 180_000);
});
