import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { INTRO_NAMING_COLUMNS } from './intro-ap-repo.ts';
import { MEMBERS_AP_ACCOUNT, memberApSumQuery } from './repo.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** Sum of a member's 2100 postings effective before `beforeMs` (as posted: credits negative). */
export async function memberApSumBefore(db: Db, clubId: string, memberId: string, beforeMs: number): Promise<number> {
  const row = await memberApSumQuery(db, clubId, memberId)
    .where('effective_at', '<', new Date(beforeMs))
    .executeTakeFirstOrThrow();
  return row.total;
}

/** One row per entry touching the member's account: the entry and the sum of the member's postings in it. */
function memberEntries(db: Db, clubId: string, memberId: string) {
  return db
    .selectFrom('posting as p')
    .innerJoin('ledger_transaction as t', 't.id', 'p.transaction_id')
    .select([
      't.id',
      't.effective_at',
      't.transaction_type',
      't.description',
      't.note',
      sql<number>`sum(p.amount_cents)::bigint`.as('sum_cents'),
    ])
    .where('p.club_id', '=', clubId)
    .where('p.account', '=', MEMBERS_AP_ACCOUNT)
    .where('p.member_id', '=', memberId)
    .groupBy(['t.id', 't.effective_at', 't.transaction_type', 't.description', 't.note']);
}

/** The member's entries effective in [startMs, endMs), by effective time then id. */
export function memberEntriesInRange(db: Db, clubId: string, memberId: string, startMs: number, endMs: number) {
  return memberEntries(db, clubId, memberId)
    .where('p.effective_at', '>=', new Date(startMs))
    .where('p.effective_at', '<', new Date(endMs))
    .orderBy('t.effective_at')
    .orderBy('t.id')
    .execute();
}

/** The member's latest `limit` entries, newest first. */
export function memberLatestEntries(db: Db, clubId: string, memberId: string, limit: number) {
  return memberEntries(db, clubId, memberId)
    .orderBy('t.effective_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Postings effective in [startMs, endMs) with their entry's fields and the
 * names behind them (member, intro), by effective time, entry, posting. With
 * `accounts`, only those accounts; each filter narrows further.
 */
export function postingsInRange(
  db: Db,
  clubId: string,
  range: { startMs: number; endMs: number },
  filter: { account?: number; taxName?: string; transferType?: string; memberId?: string; feeClass?: string } = {},
) {
  let query = db
    .selectFrom('posting as p')
    .innerJoin('ledger_transaction as t', 't.id', 'p.transaction_id')
    .leftJoin('user as u', 'u.id', 'p.member_id')
    .leftJoin('intro as i', (join) =>
      join.onRef('i.club_id', '=', 'p.club_id').on(sql`i.id::text`, '=', sql.ref('p.intro_id')),
    )
    .select([
      'p.id as posting_id',
      'p.transaction_id',
      'p.effective_at',
      'p.account',
      'p.amount_cents',
      'p.member_id',
      'p.intro_id',
      'p.tax_name',
      'p.transfer_type',
      'p.fee_class',
      't.transaction_type',
      't.description',
      't.note',
      't.reference',
      't.reverses_id',
      'u.firstName as member_first',
      'u.lastName as member_last',
      ...INTRO_NAMING_COLUMNS,
    ])
    .where('p.club_id', '=', clubId)
    .where('p.effective_at', '>=', new Date(range.startMs))
    .where('p.effective_at', '<', new Date(range.endMs));
  if (filter.account !== undefined) query = query.where('p.account', '=', filter.account);
  if (filter.taxName !== undefined) query = query.where('p.tax_name', '=', filter.taxName);
  if (filter.transferType !== undefined) query = query.where('p.transfer_type', '=', filter.transferType);
  if (filter.memberId !== undefined) query = query.where('p.member_id', '=', filter.memberId);
  if (filter.feeClass !== undefined) query = query.where('p.fee_class', '=', filter.feeClass);
  return query.orderBy('p.effective_at').orderBy('p.transaction_id').orderBy('p.id').execute();
}

export type PostingInRange = Awaited<ReturnType<typeof postingsInRange>>[number];
