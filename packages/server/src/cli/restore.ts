import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { RestoreRefused, restoreBackup, type RestoreReport } from '../backup/restore.ts';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/engine.ts';
import { currentRole, grantRowAccess } from '../db/roles.ts';

/**
 * npm run restore -- FILE: load a backup (npm run backup) into the configured
 * database — DATABASE_URL, or the embedded one in DATA_DIR — which must be
 * empty. On PostgreSQL the rows are loaded by the schema's owner
 * (MIGRATION_DATABASE_URL when set, which then grants DATABASE_URL's role its
 * rows). Prints each table's rows and the ledger's sums, backup against
 * restored. Exit codes: 0 restored and identical; 1 failed or different
 * (rolled back: the target is left empty); 2 refused (not empty, a newer
 * schema, not a backup), nothing written.
 */
async function main() {
  const arg = process.argv[2];
  if (!arg || process.argv.length > 3) {
    console.error('Usage: npm run restore -- FILE   (into an empty database: DATABASE_URL, or DATA_DIR)');
    process.exit(2);
  }
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  if (!existsSync(file)) {
    console.error(`No such file: ${file}`);
    process.exit(2);
  }
  const config = readConfig();
  const ownerUrl = config.migrationDatabaseUrl ?? config.databaseUrl;
  const target = await openDatabase({ databaseUrl: ownerUrl, dataDir: config.dataDir, poolSize: 1 });
  const where =
    target.kind === 'postgres'
      ? `PostgreSQL (${redact(ownerUrl!)})`
      : `the embedded database in ${resolve(config.dataDir)}`;
  try {
    console.log(`Restoring ${file} into ${where}`);
    const report = await restoreBackup(target.db, file);
    if (report.ok && config.databaseUrl && config.migrationDatabaseUrl) {
      const app = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
      try {
        const role = await currentRole(app.db);
        if (role !== (await currentRole(target.db))) await grantRowAccess(target.db, role);
      } finally {
        await app.close();
      }
    }
    print(report);
    process.exitCode = report.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof RestoreRefused) {
      console.error(`Restore refused: ${error.message}`);
      process.exitCode = 2;
    } else {
      console.error(`Restore failed, nothing kept: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    }
  } finally {
    await target.close();
  }
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
const money = (cents: number) => (cents / 100).toFixed(2);

function print(report: RestoreReport) {
  const { header, tables, ledger } = report;
  console.log(`Backup of ${header.createdAt} from ${header.engine}, schema ${header.migrations.at(-1)}`);
  console.log(`${'table'.padEnd(22)} ${'backup'.padStart(8)} ${'restored'.padStart(9)}`);
  for (const table of tables) {
    console.log(
      `${table.name.padEnd(22)} ${String(table.backupRows).padStart(8)} ` +
        `${String(table.restoredRows).padStart(9)}  ` +
        `${table.same ? 'identical' : 'DIFFERENT'}`,
    );
  }
  console.log(
    `Ledger: ${ledger.restored.transactions} entries (backup ` +
      `${ledger.backup.transactions}); per club and account, postings, debits, ` +
      `credits:`,
  );
  const key = (row: { clubId: string; account: number }) => `${row.clubId} ${row.account}`;
  const restored = new Map(ledger.restored.accounts.map((row) => [key(row), row]));
  for (const row of ledger.backup.accounts) {
    const other = restored.get(key(row));
    const same =
      other &&
      other.postings === row.postings &&
      other.debitCents === row.debitCents &&
      other.creditCents === row.creditCents;
    const figures = (r: typeof row | undefined) =>
      r ? `${r.postings} ${money(r.debitCents)} ${money(r.creditCents)}` : 'none';
    console.log(
      `  ${row.clubId.slice(0, 8)} ${String(row.account).padStart(5)}  ` +
        `${figures(row).padEnd(34)} ${same ? 'same' : `DIFFERENT: ${figures(other)}`}`,
    );
  }
  console.log(
    `Debits ${money(ledger.restored.debitCents)}, credits ${money(ledger.restored.creditCents)}: ` +
      (`${ledger.balanced ? 'equal' : 'NOT EQUAL'}; ` +
        `${ledger.same ? 'the same as the backup' : 'DIFFERENT from the backup'}`),
  );
  if (report.migratedAfter.length) console.log(`Then migrated to this version: ${report.migratedAfter.join(', ')}`);
  console.log(
    report.ok
      ? `Restored: every table and the ledger are identical to the backup (${(report.ms / 1000).toFixed(1)} s)`
      : 'Restore FAILED: the rows read back differ from the backup; rolled back, the target is left empty',
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
