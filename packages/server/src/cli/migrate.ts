import { readConfig } from '../config.ts';
import { openDatabase } from '../db/engine.ts';
import { migrateAs } from '../db/roles.ts';

/**
 * npm run migrate: apply the migrations once, before the server processes
 * start (docs/deploy.md) — as the schema owner (MIGRATION_DATABASE_URL), then
 * grant the server's row-only role (DATABASE_URL's user) its rows. The server
 * processes then need only DATABASE_URL: with nothing left to apply, their own
 * start changes nothing. Exits 0 when the schema is up to date.
 */
async function main() {
  const config = readConfig();
  if (!config.databaseUrl)
    throw new Error(
      'DATABASE_URL is required: the server role whose rows are granted (and, ' +
        'without MIGRATION_DATABASE_URL, the role that migrates)',
    );
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 1 });
  try {
    const applied = await migrateAs(database, config.migrationDatabaseUrl);
    console.log(applied.length ? `Applied ${applied.join(', ')}` : 'The schema is up to date: nothing to apply');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
