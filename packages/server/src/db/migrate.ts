import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));

export interface Migration {
  name: string;
  sql: string;
}

export function readMigrations(dir = migrationsDir): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(file))
    .sort()
    .map((name) => ({ name, sql: readFileSync(dir + name, 'utf8') }));
}

/**
 * Apply the numbered SQL files not yet applied, each in its own transaction.
 * An advisory lock keeps two servers starting at once from racing.
 */
export async function migrate<T>(db: Kysely<T>, migrations = readMigrations()): Promise<string[]> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(4711)`.execute(conn);
    try {
      // Looked up first: a role without CREATE on the schema (the server's own, with no
      // migration pending) is refused even a CREATE TABLE IF NOT EXISTS.
      const exists = await sql<{
        found: string | null;
      }>`select to_regclass('schema_migrations')::text as found`.execute(conn);
      if (!exists.rows[0]?.found) {
        await sql`create table schema_migrations (
          name text primary key,
          applied_at timestamptz not null default now()
        )`.execute(conn);
      }
      const done = await sql<{ name: string }>`select name from schema_migrations`.execute(conn);
      const applied = new Set(done.rows.map((row) => row.name));
      const ran: string[] = [];
      for (const migration of migrations) {
        if (applied.has(migration.name)) continue;
        await sql`begin`.execute(conn);
        try {
          await sql.raw(migration.sql).execute(conn);
          await sql`insert into schema_migrations (name) values (${migration.name})`.execute(conn);
          await sql`commit`.execute(conn);
        } catch (error) {
          await sql`rollback`.execute(conn);
          throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
        }
        ran.push(migration.name);
      }
      return ran;
    } finally {
      await sql`select pg_advisory_unlock(4711)`.execute(conn);
    }
  });
}
