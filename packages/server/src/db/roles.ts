import { sql, type Kysely } from 'kysely';
import { openDatabase, type Database } from './engine.ts';
import { migrate } from './migrate.ts';

/**
 * Two database roles on PostgreSQL: the owner of the schema runs the
 * migrations; the server runs as a role that may only read and write rows.
 * Not the owner, it cannot ALTER, DROP or TRUNCATE a table, nor disable a
 * trigger, so even a compromised server cannot switch off the ledger's guards.
 */

/** The role a connection runs as. */
export async function currentRole<T>(db: Kysely<T>): Promise<string> {
  const row = await sql<{ role: string }>`select current_user as role`.execute(db);
  return row.rows[0]!.role;
}

/**
 * Give the app role rows and nothing else: SELECT, INSERT, UPDATE, DELETE on
 * every table (no TRUNCATE, REFERENCES or TRIGGER), the sequences identity
 * columns need, and only SELECT on the migrations list. Run by the owner
 * after every migration, so new tables are covered; granting twice is a no-op.
 */
export async function grantRowAccess<T>(owner: Kysely<T>, appRole: string): Promise<void> {
  const role = sql.id(appRole);
  // Two processes starting at once would grant on the same tables together, and PostgreSQL ends one of them
  // with "tuple concurrently updated": one at a time, under a lock held until the grants commit.
  await owner.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${GRANT_LOCK})`.execute(trx);
    await sql`grant usage on schema public to ${role}`.execute(trx);
    await sql`grant select, insert, update, delete on all tables in schema public to ${role}`.execute(trx);
    await sql`grant usage, select on all sequences in schema public to ${role}`.execute(trx);
    await sql`revoke insert, update, delete on schema_migrations from ${role}`.execute(trx);
  });
}

/** The advisory lock the grants take (the migrations take 4711, migrate.ts). */
const GRANT_LOCK = 4712;

/** What is wrong with the server's role, as warnings for the log (empty when it is a row-only role). */
export async function appRoleWarnings<T>(db: Kysely<T>): Promise<string[]> {
  const row = await sql<{ role: string; superuser: boolean; owned: number }>`
    select current_user as role, r.rolsuper as superuser,
           (select count(*) from pg_tables where schemaname = 'public' and tableowner = current_user)::int as owned
      from pg_roles r where r.rolname = current_user`.execute(db);
  const { role, superuser, owned } = row.rows[0]!;
  const warnings: string[] = [];
  if (superuser)
    warnings.push(`the server's database role "${role}" is a superuser: it could disable the ledger's triggers`);
  else if (owned > 0)
    warnings.push(
      `the server's database role "${role}" owns ${owned} table(s): it ` +
        `could alter them and disable the ledger's triggers`,
    );
  return warnings;
}

/**
 * Apply the migrations as the owner (MIGRATION_DATABASE_URL) and grant the
 * server's role its rows. Without a separate owner URL, the server's own
 * connection migrates, and its role owns the schema: said in the log.
 * PGlite has one user and one process; it migrates on its own connection.
 */
export async function migrateAs(
  database: Database,
  migrationDatabaseUrl: string | undefined,
  log: (message: string) => void = console.warn,
): Promise<string[]> {
  if (database.kind === 'pglite') return migrate(database.db);
  if (!migrationDatabaseUrl) {
    const applied = await migrate(database.db);
    const warnings = await appRoleWarnings(database.db);
    if (warnings.length > 0) {
      log(
        `Warning: ${warnings.join('; ')}. MIGRATION_DATABASE_URL is not set, so one role migrates and serves; ` +
          'give the server a role that can only read and write rows (README, Configuration).',
      );
    }
    return applied;
  }
  const owner = await openDatabase({ databaseUrl: migrationDatabaseUrl, poolSize: 1, log });
  try {
    const applied = await migrate(owner.db);
    const appRole = await currentRole(database.db);
    if (appRole !== (await currentRole(owner.db))) await grantRowAccess(owner.db, appRole);
    for (const warning of await appRoleWarnings(database.db)) log(`Warning: ${warning}`);
    return applied;
  } finally {
    await owner.close();
  }
}
