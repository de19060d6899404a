import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The block a purchase entry created (its rule and season), for comparing a retried request with it. */
export function purchasedBlockOf(db: Kysely<DB>, clubId: string, transactionId: number) {
  return db
    .selectFrom('member_block')
    .select(['block_rule_id', 'starts_on', 'ends_on'])
    .where('club_id', '=', clubId)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}
