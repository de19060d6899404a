import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Database } from '../src/db/engine.ts';
import { asOwner, openTestDatabase } from './helpers/test-app.ts';
import {
  compareSchema,
  readDeclaredSchema,
  SCHEMA_FILE,
  type Allowances,
  type DatabaseColumn,
} from './helpers/declared-schema.ts';

/** What db/schema.ts leaves out of the migrated database on purpose, and why. */
const ALLOW: Allowances = {
  tablesLeftOut: {
    schema_migrations: 'db/migrate.ts keeps it with its own SQL',
    rateLimit: "better-auth's own; only better-auth reads or writes it",
  },
  columnsLeftOut: Object.fromEntries(
    ['accessToken', 'refreshToken', 'idToken', 'accessTokenExpiresAt', 'refreshTokenExpiresAt', 'scope'].map(
      (column) => [
        `account.${column}`,
        "better-auth's social sign-in tokens; the app signs in by email and password only",
      ],
    ),
  ),
  filledByTrigger: {
    'posting.club_id': 'posting_fill',
    'posting.effective_at': 'posting_fill',
  },
};

/**
 * db/schema.ts is kept by hand; this holds it to the migrations: every table
 * and column, each column's nullability, what its type reaches the code as,
 * and that a column an insert may leave out has a default.
 */
describe('db/schema.ts matches the migrated database', () => {
  let database: Database;
  let columns: DatabaseColumn[];
  let triggers: { table: string; trigger: string }[];

  beforeAll(async () => {
    database = await openTestDatabase();
    // As the owner: information_schema shows a column's default only to its table's owner.
    ({ columns, triggers } = await asOwner(database.db, async (owner) => {
      const columns = await sql<DatabaseColumn>`
        select c.table_name, c.column_name, c.is_nullable, c.udt_name, c.column_default, c.is_identity,
        c.identity_generation
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
         order by c.table_name, c.ordinal_position`.execute(owner);
      const triggers = await sql<{ table: string; trigger: string }>`
        select distinct event_object_table as table, trigger_name as trigger
          from information_schema.triggers
         where trigger_schema = 'public' and action_timing = 'BEFORE' and event_manipulation = 'INSERT'`.execute(owner);
      return { columns: columns.rows, triggers: triggers.rows };
    }));
  });
  afterAll(() => database.close());

  it('declares every table and column of the database, as the database has them', () => {
    const declared = readDeclaredSchema();
    expect(declared.size).toBeGreaterThan(25);
    expect(compareSchema(declared, columns, triggers, ALLOW)).toEqual([]);
  });

  it('names the table and column of each difference', () => {
    const declared = readDeclaredSchema(
      SCHEMA_FILE,
      `import type { ColumnType, Generated } from 'kysely';
       export interface TugTable {
         id: Generated<string>;
         aircraft_type: string | null;
         places: string;
         status: 'Ready' | 'Not ready';
         position: string;
         colour: string;
       }
       export interface PostingTable {
         id: Generated<number>;
         club_id: ColumnType<string, string | undefined, never>;
       }
       export interface DB { tug: TugTable; posting: PostingTable; hangar: { id: string } }`,
    );
    const column = (table: string, name: string, udt: string, more: Partial<DatabaseColumn> = {}): DatabaseColumn => ({
      table_name: table,
      column_name: name,
      is_nullable: 'NO',
      udt_name: udt,
      column_default: null,
      is_identity: 'NO',
      identity_generation: null,
      ...more,
    });
    const database = [
      column('tug', 'id', 'text'),
      column('tug', 'aircraft_type', 'text', { column_default: "''::text" }),
      column('tug', 'places', 'int4', { column_default: '2' }),
      column('tug', 'status', 'text', { is_nullable: 'YES' }),
      column('tug', 'position', 'point'),
      column('tug', 'created_at', 'timestamptz', { column_default: 'now()' }),
      column('posting', 'id', 'int8', { is_identity: 'YES', identity_generation: 'ALWAYS' }),
      column('posting', 'club_id', 'uuid'),
      column('windsock', 'id', 'text'),
    ];
    const allow = {
      tablesLeftOut: { rateLimit: '' },
      columnsLeftOut: {},
      filledByTrigger: { 'posting.club_id': 'posting_fill' },
    };
    expect(
      compareSchema(declared, database, [{ table: 'ledger_transaction', trigger: 'posting_fill' }], allow),
    ).toEqual([
      'windsock: a table of the database that schema.ts does not declare',
      'rateLimit: listed as left out of schema.ts, but the database has no such table',
      'hangar: declared in schema.ts, but the database has no such table',
      'posting.id: generated always as identity, so the database ' +
        'refuses a written value; declare it GeneratedAlways<…>',
      'posting.club_id: listed as filled by the trigger posting_fill, but posting has no such BEFORE INSERT trigger',
      'tug.created_at: a column of the database that schema.ts does not declare',
      'tug.id: not null with no default in the database; schema.ts lets an insert leave it out',
      "tug.aircraft_type: not null in the database; schema.ts's select type admits null",
      'tug.places: database type int4 is selected as number; schema.ts declares string',
      "tug.status: nullable in the database; schema.ts's select type has no null",
      'tug.position: database type point has no known TypeScript family (add it to SELECTED_AS)',
      'tug.colour: declared in schema.ts, but the database has no such column',
    ]);
  });
});
