import type { Kysely } from 'kysely';
import type { Auth } from '../auth/auth.ts';
import type { Database } from '../db/engine.ts';
import type { DB } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';

/** What every module's routes are given. */
export interface ModuleDeps {
  db: Kysely<DB>;
  auth: Auth;
  database: Database;
  mailer: Mailer;
  minClientVersion: string;
}
