import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** One round trip: the pool hands out a connection and the database answers. */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
