import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Tables have owners (docs/architecture.md "Tables have owners", decision
 * 0018): each table's SQL lives in one module's repositories (`repo.ts`,
 * `*-repo.ts`), and other modules call them. This reads every source file
 * under src/modules for the tables it names in Kysely calls and in raw SQL,
 * and fails on SQL outside a repository, on a table no one owns, and on a
 * table used outside its owner — except the read-only joins listed in
 * JOIN_EXCEPTIONS, which may only join.
 */

const SERVER = fileURLToPath(new URL('../', import.meta.url));
const MODULES = `${SERVER}src/modules/`;

/**
 * Each table's owner: a module under src/modules, or (for tables no module
 * touches) the part of the server that does. better-auth creates `user` rows
 * and keeps the credentials and sessions through its own adapter (src/auth);
 * the SQL our code runs on people — names, email look-ups — is the members
 * module's.
 */
const OWNERS: Record<string, string> = {
  app_setting: 'src/main.ts',
  user: 'members',
  session: 'src/auth',
  account: 'src/auth',
  verification: 'src/auth',
  auth_attempt: 'src/auth',
  club: 'clubs',
  club_logo: 'clubs',
  club_version: 'clubs',
  profile: 'members',
  pilot: 'members',
  club_invitation: 'members',
  mail_outbox: 'src/mail',
  glider: 'fleet',
  tug: 'fleet',
  launch_type: 'fleet',
  intro_launch: 'fleet',
  block_rule: 'fleet',
  intro: 'intros',
  ledger_transaction: 'ledger',
  posting: 'ledger',
  member_block: 'ledger',
  block_usage: 'ledger',
  member_block_void: 'ledger',
  flight: 'flights',
  flight_action: 'flights',
  flight_correction: 'flights',
  tow_event: 'tugs',
  live_event: 'live',
  roster_setting: 'roster',
  duty_role: 'roster',
  duty_eligibility: 'roster',
  duty_blackout: 'roster',
  duty_preference: 'roster',
  duty: 'roster',
  duty_swap: 'roster',
  flying_plan: 'roster',
  duty_help_call: 'roster',
  ogn_device: 'ogn',
  ogn_detection: 'ogn',
  ogn_feed_state: 'ogn',
  ogn_feed_lease: 'ogn',
  notification_setting: 'notifications',
  push_subscription: 'notifications',
  calendar_feed: 'notifications',
  flight_next_notice: 'notifications',
};

/**
 * The named exceptions: a repository that joins another module's table,
 * read-only, to describe its own rows in one statement. Only joins: selecting
 * from, writing or locking the table stays its owner's.
 */
const JOIN_EXCEPTIONS: { file: string; table: string; why: string }[] = [
  {
    file: 'flights/repo.ts',
    table: 'user',
    why: "names: a correction's author and who pressed Launch, in the flight lists the line polls",
  },
  {
    file: 'tugs/repo.ts',
    table: 'user',
    why: "names: the checked-in tow pilot in the tugs' readings, part of the line's one statement",
  },
  { file: 'ledger/history-repo.ts', table: 'user', why: 'accounting report: the member each posting names' },
  { file: 'ledger/history-repo.ts', table: 'intro', why: 'accounting report: the intro each posting names' },
  { file: 'ledger/summary-repo.ts', table: 'user', why: "accounting report: the members of the summary's entries" },
  { file: 'ledger/summary-repo.ts', table: 'intro', why: "accounting report: the intros of the summary's entries" },
  { file: 'members/repo.ts', table: 'club', why: "a person's clubs, with each club's name and zone" },
  { file: 'members/invitation-repo.ts', table: 'club', why: "an invitation, with its club's name" },
  {
    file: 'flights/recorded-times-repo.ts',
    table: 'user',
    why: "names: who recorded the times a flight charge used, in the charge's breakdown",
  },
  {
    file: 'ledger/block-usage-repo.ts',
    table: 'block_rule',
    why: "the blocks a flight may draw on, with their rule's per-flight terms",
  },
];

interface TableUse {
  file: string;
  table: string;
  /** 'join' for a join; 'from' for a select from, a write, or a lock */
  kind: 'join' | 'from';
}

const KYSELY_FROM = /\b(?:selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)\(\s*['"`]([a-z_]+)/g;
const KYSELY_FROM_LIST = /\bselectFrom\(\s*\[([^\]]*)\]/g;
const KYSELY_JOIN = /\b(?:inner|left|right|full|cross)Join(?:Lateral)?\(\s*['"`]([a-z_]+)/g;
const SQL_TABLE = /\bsql\.table\(\s*['"`]([a-z_]+)/g;
/** A tagged sql`…` template (its text up to the closing backtick). */
const RAW_SQL = /\bsql(?:<[^`]*?>)?`([^`]*)`/g;
const RAW_TABLE = /\b(from|join|into|update)\s+"?([a-z_]+)"?/gi;

/** The tables a source file names in its queries. */
function tableUses(file: string, source: string, tables: ReadonlySet<string>): TableUse[] {
  const uses: TableUse[] = [];
  const add = (table: string, kind: TableUse['kind']) => {
    if (tables.has(table)) uses.push({ file, table, kind });
  };
  for (const m of source.matchAll(KYSELY_FROM)) add(m[1]!, 'from');
  for (const m of source.matchAll(KYSELY_FROM_LIST))
    for (const name of m[1]!.matchAll(/['"`]([a-z_]+)/g)) add(name[1]!, 'from');
  for (const m of source.matchAll(KYSELY_JOIN)) add(m[1]!, 'join');
  for (const m of source.matchAll(SQL_TABLE)) add(m[1]!, 'from');
  for (const raw of source.matchAll(RAW_SQL)) {
    for (const m of raw[1]!.matchAll(RAW_TABLE)) add(m[2]!, m[1]!.toLowerCase() === 'join' ? 'join' : 'from');
  }
  return uses;
}

const isRepository = (file: string) => /(^|\/|-)repo\.ts$/.test(file);
const moduleOf = (file: string) => file.split('/')[0]!;

/** What breaks the rule, one line each. */
function violations(uses: readonly TableUse[]): string[] {
  const found: string[] = [];
  for (const use of uses) {
    const owner = OWNERS[use.table];
    if (owner === undefined) found.push(`${use.file}: ${use.table} has no owner in OWNERS`);
    else if (!isRepository(use.file))
      found.push(`${use.file}: SQL on ${use.table} outside a repository (repo.ts, *-repo.ts)`);
    else if (owner !== moduleOf(use.file)) {
      const excepted = JOIN_EXCEPTIONS.some((e) => e.file === use.file && e.table === use.table);
      if (!excepted) found.push(`${use.file}: ${use.table} belongs to ${owner}: call its repository`);
      else if (use.kind !== 'join')
        found.push(
          `${use.file}: ${use.table} may only be joined here (JOIN_EXCEPTIONS), not selected from, written or locked`,
        );
    }
  }
  return [...new Set(found)].sort();
}

function sourceFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return sourceFiles(`${dir}${entry.name}/`, `${prefix}${entry.name}/`);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [`${prefix}${entry.name}`] : [];
  });
}

const schema = readFileSync(`${SERVER}src/db/schema.ts`, 'utf8');
const dbInterface = /export interface DB \{([^}]*)\}/.exec(schema)?.[1] ?? '';
const TABLES = new Set([...dbInterface.matchAll(/^\s*([a-z_]+):/gm)].map((m) => m[1]!));
const USES = sourceFiles(MODULES).flatMap((file) => tableUses(file, readFileSync(`${MODULES}${file}`, 'utf8'), TABLES));

describe('tables have owners', () => {
  it('reads the tables from db/schema.ts, and every table has an owner', () => {
    expect(TABLES.size).toBeGreaterThanOrEqual(29);
    expect([...TABLES].filter((table) => OWNERS[table] === undefined)).toEqual([]);
    expect(Object.keys(OWNERS).filter((table) => !TABLES.has(table))).toEqual([]);
  });

  it('every owner that is a module holds SQL on its tables in its repositories', () => {
    const modules = new Set(USES.map((use) => moduleOf(use.file)));
    for (const owner of new Set(Object.values(OWNERS)))
      if (!owner.startsWith('src/')) expect(modules, owner).toContain(owner);
  });

  it(
    'no file under src/modules runs SQL on a table outside the ' + "table's owner, but for the named read-only joins",
    () => {
      expect(violations(USES)).toEqual([]);
    },
  );

  it('every named exception is still used', () => {
    const unused = JOIN_EXCEPTIONS.filter((e) => !USES.some((use) => use.file === e.file && use.table === e.table));
    expect(unused).toEqual([]);
  });

  it(
    "catches a query on another module's table: Kysely, a join " +
      'outside the exceptions, raw SQL, and SQL in a service',
    () => {
      const probe = (file: string, source: string) => violations(tableUses(file, source, TABLES));
      expect(probe('flights/repo.ts', "db.selectFrom('club').selectAll()")).toEqual([
        'flights/repo.ts: club belongs to clubs: call its repository',
      ]);
      expect(
        probe('flights/repo.ts', "db.selectFrom('flight').innerJoin('pilot as p', 'p.user_id', 'flight.user_id')"),
      ).toEqual(['flights/repo.ts: pilot belongs to members: call its repository']);
      expect(probe('tugs/repo.ts', 'sql`update "user" set x = 1`')).toEqual([
        'tugs/repo.ts: user may only be joined here (JOIN_EXCEPTIONS), not selected from, written or locked',
      ]);
      expect(
        probe('ledger/summary-repo.ts', 'sql<number>`select 1 from posting p join intro i on i.id = p.intro_id`'),
      ).toEqual([]);
      expect(probe('clubs/service.ts', "trx.updateTable('club').set(values)")).toEqual([
        'clubs/service.ts: SQL on club outside a repository (repo.ts, *-repo.ts)',
      ]);
    },
  );
});
