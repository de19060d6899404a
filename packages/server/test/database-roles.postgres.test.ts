import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/engine.ts';
import type { DB } from '../src/db/schema.ts';
import { appRoleWarnings, currentRole, migrateAs } from '../src/db/roles.ts';
import { readMigrations } from '../src/db/migrate.ts';
import { APP_ROLE } from './helpers/global-setup.ts';
import { asOwner, openTestDatabase } from './helpers/test-app.ts';

/** The server's database role reads and writes rows, and nothing else (PostgreSQL). */
describe('the server runs as a row-only database role', () => {
  let database: Database;
  let db: Kysely<DB>;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());

  it('is the app role, neither superuser nor owner of any table', async () => {
    expect(await currentRole(db)).toBe(APP_ROLE);
    expect(await appRoleWarnings(db)).toEqual([]);
    await asOwner(db, async (owner) =>
      expect(await appRoleWarnings(owner)).toEqual([
        expect.stringMatching(/is a superuser: it could disable the ledger's triggers/),
      ]),
    );
  });

  it("is refused disabling the ledger's triggers, and altering, dropping or truncating its tables", async () => {
    await expect(sql`alter table posting disable trigger posting_immutable`.execute(db)).rejects.toThrow(
      /must be owner of (table|relation) posting/,
    );
    await expect(sql`alter table ledger_transaction disable trigger all`.execute(db)).rejects.toThrow(
      'must be owner of table ledger_transaction',
    );
    await expect(sql`alter table club disable trigger club_lock_forward`.execute(db)).rejects.toThrow(
      'must be owner of table club',
    );
    await expect(sql`alter table member_block drop constraint member_block_check`.execute(db)).rejects.toThrow(
      'must be owner of table member_block',
    );
    await expect(sql`drop trigger posting_immutable on posting`.execute(db)).rejects.toThrow(
      /must be owner of (table|relation) posting/,
    );
    await expect(sql`drop table posting cascade`.execute(db)).rejects.toThrow(
      /must be owner of (table|relation) posting/,
    );
    await expect(sql`truncate posting`.execute(db)).rejects.toThrow('permission denied for table posting');
    await expect(
      sql`create or replace function ledger_immutable() returns trigger language plpgsql as $$ begin return new;
            end $$`.execute(db),
    ).rejects.toThrow(/permission denied for schema public|must be owner of function ledger_immutable/);
    await expect(sql`set session_replication_role = replica`.execute(db)).rejects.toThrow(
      'permission denied to set parameter "session_replication_role"',
    );
    await expect(sql`create table scratch (id int)`.execute(db)).rejects.toThrow('permission denied for schema public');
    await expect(sql`insert into schema_migrations (name) values ('9999_fake.sql')`.execute(db)).rejects.toThrow(
      'permission denied for table schema_migrations',
    );
  });

  it('migrates as the owner (MIGRATION_DATABASE_URL) and grants the server its rows', async () => {
    const ownerUrl = new URL(process.env.TEST_DATABASE_URL!);
    const admin = new pg.Client({ connectionString: ownerUrl.toString() });
    await admin.connect();
    const name = `flightline_roles_${process.pid}`;
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    ownerUrl.pathname = `/${name}`;
    const appUrl = new URL(ownerUrl);
    appUrl.username = APP_ROLE;
    const server = await openDatabase({ databaseUrl: appUrl.toString(), poolSize: 1 });
    const logged: string[] = [];
    try {
      const applied = await migrateAs(server, ownerUrl.toString(), (line) => logged.push(line));
      expect(applied).toEqual(readMigrations().map((m) => m.name));
      expect(logged).toEqual([]);
      const owners = await sql<{
        owner: string;
      }>`select distinct tableowner as owner from pg_tables where schemaname = 'public'`.execute(server.db);
      expect(owners.rows).toEqual([{ owner: ownerUrl.username }]);
      // The app role reads and writes rows of the new schema, and migrations already applied are not run again.
      await sql`insert into club (name, time_zone) values ('Roles Soaring', 'America/Toronto')`.execute(server.db);
      expect(await migrateAs(server, ownerUrl.toString(), (line) => logged.push(line))).toEqual([]);
      expect(logged).toEqual([]);
    } finally {
      await server.close();
    }
    // Without MIGRATION_DATABASE_URL, one role migrates and serves: the log says what that role could do.
    const single = await openDatabase({ databaseUrl: ownerUrl.toString(), poolSize: 1 });
    try {
      expect(await migrateAs(single, undefined, (line) => logged.push(line))).toEqual([]);
    } finally {
      await single.close();
    }
    expect(logged).toEqual([
      expect.stringMatching(
        /^Warning: the server's database role "\w+" is a superuser.*MIGRATION_DATABASE_URL is not set/,
      ),
    ]);
  });
});
