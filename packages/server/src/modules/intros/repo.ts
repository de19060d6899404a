import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, IntroTable } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type IntroRow = Selectable<IntroTable>;

/** The club's intros, refunded and cancelled ones included, newest purchase first. */
export function listIntros(db: Db, clubId: string): Promise<IntroRow[]> {
  return db
    .selectFrom('intro')
    .selectAll()
    .where('club_id', '=', clubId)
    .orderBy('purchase_date', 'desc')
    .orderBy('purchased_at', 'desc')
    .orderBy('sn')
    .execute();
}
