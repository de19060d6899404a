import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeBackup } from '../backup/backup.ts';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/engine.ts';

/**
 * npm run backup -- FILE: every table's rows of the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR) to one gzipped file that
 * restores into either engine (npm run restore; docs/deploy.md, "Backup,
 * restore and moving up"). On PostgreSQL it reads one snapshot while the
 * servers run; the embedded database is one process's: stop the server first.
 */
async function main() {
  const arg = process.argv[2];
  if (!arg || process.argv.length > 3) {
    console.error('Usage: npm run backup -- FILE   (e.g. flightline-2026-11-30.jsonl.gz)');
    process.exit(2);
  }
  // npm runs scripts in the project's folder: a relative FILE is where the command was typed.
  const file = resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  const config = readConfig();
  if (!config.databaseUrl && !existsSync(config.dataDir)) {
    console.error(`There is no embedded database in ${resolve(config.dataDir)} (DATA_DIR): nothing to back up`);
    process.exit(2);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const { header, bytes, ms } = await writeBackup(database, file);
    const rows = header.tables.reduce((sum, table) => sum + table.rows, 0);
    const count = (name: string) => header.tables.find((table) => table.name === name)?.rows ?? 0;
    const where = database.kind === 'postgres' ? 'PostgreSQL' : `the embedded database in ${resolve(config.dataDir)}`;
    console.log(
      `Backed up ${where} at ` +
        `${header.migrations.at(-1) ?? 'no migration'}: ` +
        `${header.tables.length} tables, ${rows} rows ` +
        `(${plural(count('club'), 'club')}, ${plural(count('user'), 'user')}, ${plural(count('flight'), 'flight')}, ` +
        `${plural(count('ledger_transaction'), 'entry', 'entries')}, ${plural(count('posting'), 'posting')}; ` +
        `debits ${money(header.ledger.debitCents)} = credits ${money(header.ledger.creditCents)})`,
    );
    console.log(`to ${file} (${(bytes / 1024).toFixed(1)} kB) in ${(ms / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

const money = (cents: number) => (cents / 100).toFixed(2);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

main().catch((error: unknown) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
