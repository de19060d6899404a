import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { readConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/engine.ts';
import { migrateAs } from '../db/roles.ts';
import { HttpError } from '../http/errors.ts';
import { activateMember, createClubWithAdmin, listClubsWithCounts } from '../modules/members/bootstrap-service.ts';
import { importDeviceDatabase } from '../modules/ogn/device-import.ts';

/**
 * npm run club -- <command>: a host's operator bootstraps clubs on the same
 * database the server uses (DATABASE_URL, or the embedded one in DATA_DIR).
 * The embedded database is one process's: stop the server first.
 */

const USAGE = `Usage: npm run club -- <command> [options]

Commands:
  create --name "Club name" --timezone America/Toronto --admin someone@example.org [--currency CAD]
      Create a club. The admin must already have signed up in the app; they become
      the club's first active admin (and it becomes their active club if they have none).
  activate --club "<club name or id>" --email someone@example.org
      Activate a member who asked to join (or was deactivated).
  list
      The clubs, with their active, inactive and pending members.
  import-ddb FILE
      Replace the OGN device database with FILE, the DDB's download
      (ddb.glidernet.org/download): the glider and tug editors suggest
      registrations from it, and the feed never records an untracked device.

Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (./data);
stop the server first when it uses the embedded database.`;

class UsageError extends Error {}

/** The options each command needs, checked before the database is opened. */
const REQUIRED: Record<string, readonly ('name' | 'timezone' | 'admin' | 'club' | 'email')[]> = {
  create: ['name', 'timezone', 'admin'],
  activate: ['club', 'email'],
  list: [],
  'import-ddb': [],
};

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`);
  return value;
}

async function run(
  database: Database,
  command: string,
  values: Record<string, string | boolean | undefined>,
): Promise<string> {
  const now = Date.now();
  switch (command) {
    case 'create': {
      const created = await createClubWithAdmin(
        database.db,
        {
          name: required(values, 'name'),
          timeZone: required(values, 'timezone'),
          adminEmail: required(values, 'admin'),
          currency: typeof values.currency === 'string' ? values.currency : undefined,
        },
        now,
      );
      return (
        `Created "${created.club.name}" (${created.club.id}, ${created.club.time_zone}, ` +
        `${created.club.currency}); ${created.adminEmail} is its admin.`
      );
    }
    case 'activate': {
      const activation = await activateMember(
        database.db,
        { club: required(values, 'club'), email: required(values, 'email') },
        now,
      );
      return activation.message;
    }
    case 'list': {
      const clubs = await listClubsWithCounts(database.db, now);
      if (clubs.length === 0)
        return 'No clubs yet. Create one with: npm run club -- create --name … --timezone … --admin …';
      return clubs
        .map(
          (c) =>
            `${c.name}  (${c.id})  ${c.timeZone} ${c.currency}  ` +
            `active ${c.activeMembers}, inactive ${c.inactiveMembers}, pending ${c.pendingRequests}`,
        )
        .join('\n');
    }
    case 'import-ddb': {
      const file = required(values, 'file');
      const imported = await importDeviceDatabase(database.db, await readFile(file, 'utf8'));
      return `Imported ${imported.devices} devices from ${file}${
        imported.skipped ? ` (${imported.skipped} lines ` + `not understood, skipped)` : ''
      }.`;
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}"` : 'Name a command');
  }
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        name: { type: 'string' },
        timezone: { type: 'string' },
        admin: { type: 'string' },
        currency: { type: 'string' },
        club: { type: 'string' },
        email: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }
  const [command = '', ...extra] = parsed.positionals;
  if (parsed.values.help || command === 'help') {
    console.log(USAGE);
    return 0;
  }
  // import-ddb takes its file as an argument.
  const file = command === 'import-ddb' ? extra.shift() : undefined;
  if (command === 'import-ddb' && !file) {
    console.error(`import-ddb needs the file to import\n\n${USAGE}`);
    return 1;
  }
  if (extra.length > 0) {
    console.error(`Unexpected argument "${extra[0]}" (quote names with spaces)\n\n${USAGE}`);
    return 1;
  }
  const needs = REQUIRED[command];
  if (!needs) {
    console.error(`${command ? `Unknown command "${command}"` : 'Name a command'}\n\n${USAGE}`);
    return 1;
  }
  const missing = needs.find((name) => typeof parsed.values[name] !== 'string' || parsed.values[name].trim() === '');
  if (missing) {
    console.error(`--${missing} is required\n\n${USAGE}`);
    return 1;
  }
  const config = readConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    await migrateAs(database, config.migrationDatabaseUrl);
    console.log(await run(database, command, { ...parsed.values, file }));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 1;
    }
    if (error instanceof HttpError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
