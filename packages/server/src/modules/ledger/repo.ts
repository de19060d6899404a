import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Members A/P: one sub-account per member. */
export const MEMBERS_AP_ACCOUNT = 2100;

/** The sum (as `total`) of a member's 2100 postings in a club, for the caller to bound by date or entry. */
export function memberApSumQuery(db: Db, clubId: string, memberId: string) {
  return db
    .selectFrom('posting')
    .select(sql<number>`coalesce(sum(amount_cents), 0)::bigint`.as('total'))
    .where('club_id', '=', clubId)
    .where('account', '=', MEMBERS_AP_ACCOUNT)
    .where('member_id', '=', memberId);
}

/**
 * Sum of a member's 2100 postings in a club, in cents (credit-negative, as
 * posted). With `asOf`, only the postings effective by then: the balance a
 * member has now leaves out entries dated ahead (a deposit dated next month
 * is not money to fly on today).
 */
export async function memberApSumCents(
  db: Db,
  clubId: string,
  memberId: string,
  options: { asOf?: Date } = {},
): Promise<number> {
  let query = memberApSumQuery(db, clubId, memberId);
  if (options.asOf) query = query.where('effective_at', '<=', options.asOf);
  const row = await query.executeTakeFirstOrThrow();
  return row.total;
}

/**
 * The same sum for every member of a club with postings effective by
 * `asOf`, by member id (the crew page's funds flags). A member with none is
 * not in the map: their sum is 0.
 */
export async function memberApSumsCents(db: Db, clubId: string, asOf: Date): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('posting')
    .select(['member_id', sql<number>`sum(amount_cents)::bigint`.as('total')])
    .where('club_id', '=', clubId)
    .where('account', '=', MEMBERS_AP_ACCOUNT)
    .where('member_id', 'is not', null)
    .where('effective_at', '<=', asOf)
    .groupBy('member_id')
    .execute();
  return new Map(rows.map((row) => [row.member_id!, row.total]));
}

/**
 * A member's balance as it stood once entry `transactionId` was posted: the
 * sum of their 2100 postings in entries up to and including it (by id). An
 * answer to add-transaction, and to its retry, is computed this way.
 */
export async function memberApSumThroughCents(
  db: Db,
  clubId: string,
  memberId: string,
  transactionId: number,
): Promise<number> {
  const row = await memberApSumQuery(db, clubId, memberId)
    .where('transaction_id', '<=', transactionId)
    .executeTakeFirstOrThrow();
  return row.total;
}

/** What names a member's block and bounds it: its name, units, amount and dates (`b` is member_block). */
export const MEMBER_BLOCK_COLUMNS = ['b.id', 'b.name', 'b.units', 'b.amount', 'b.starts_on', 'b.ends_on'] as const;

/**
 * A member's blocks in a club with the units drawn so far; only those ending
 * on or after `fromDay` unless null. A block voided by the reversal of its
 * purchase is never listed.
 */
export function memberBlocksWithUsage(db: Db, clubId: string, memberId: string, fromDay: string | null) {
  let query = db
    .selectFrom('member_block as b')
    .select([
      ...MEMBER_BLOCK_COLUMNS,
      sql<number>`(select coalesce(sum(u.units_used), 0) from block_usage u where u.member_block_id = b.id)::bigint`.as(
        'used',
      ),
    ])
    .where('b.club_id', '=', clubId)
    .where('b.member_id', '=', memberId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('member_block_void as v').select('v.member_block_id').whereRef('v.member_block_id', '=', 'b.id'),
        ),
      ),
    );
  if (fromDay !== null) query = query.where('b.ends_on', '>=', fromDay);
  return query.orderBy('b.ends_on').orderBy('b.starts_on').orderBy('b.created_at').orderBy('b.id').execute();
}
