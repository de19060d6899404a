import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/engine.ts';
import { migrate } from '../../src/db/migrate.ts';
import { grantRowAccess } from '../../src/db/roles.ts';

/** The row-only role the server's tests run as on PostgreSQL; TEST_DATABASE_URL's user owns the schema. */
export const APP_ROLE = 'flightline_app';

/**
 * Migrate once into a template: a PGlite data-directory dump, or (with
 * TEST_DATABASE_URL) a PostgreSQL template database, migrated by the URL's
 * user (the owner) with its rows granted to APP_ROLE. Each test file then
 * starts from its own copy (see test-app.ts), on PostgreSQL as APP_ROLE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `flightline_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    // Not a superuser, owns nothing: it gets rows only (grantRowAccess), as the server does in production.
    const role = await admin.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    if (role.rowCount === 0) await admin.query(`create role ${APP_ROLE} login nosuperuser nocreatedb nocreaterole`);
    // A statement stuck behind a lock fails with PostgreSQL's own message before the test's 30 s timeout,
    // and the server's log (log_lock_waits, scripts/pg-temp.ts) says who held it.
    await admin.query(`alter role ${APP_ROLE} set lock_timeout = '25s'`);
    await admin.query(`create database ${template}`);
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: templateUrl.toString(), poolSize: 1 });
    await migrate(database.db);
    await grantRowAccess(database.db, APP_ROLE);
    await database.close();
    project.provide('pgTemplate', template);
    project.provide('pglitePath', '');
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'flightline_test_${process.pid}_%' or datname = $1`,
        [template],
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'flightline-template-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database.db);
  const dump = await dumpPGlite(database);
  const path = join(dir, 'template.tar.gz');
  writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgTemplate', '');
  project.provide('pglitePath', path);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function dumpPGlite(database: Awaited<ReturnType<typeof openDatabase>>): Promise<Blob> {
  if (!database.dumpDataDir) throw new Error('not a PGlite database');
  return database.dumpDataDir();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pglitePath: string;
  }
}
