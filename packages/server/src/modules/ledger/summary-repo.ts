import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { INTRO_NAMING_COLUMNS } from './intro-ap-repo.ts';
import { MEMBERS_AP_ACCOUNT } from './repo.ts';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * In one pass over the club's postings before `endMs`, per account and
 * sub-account (tax name, transfer type, fee class): the sum before `startMs`,
 * and in [startMs, endMs) the sum of the debits (> 0) and of the credits (< 0),
 * all as posted.
 */
export function accountTotalsInRange(db: Db, clubId: string, startMs: number, endMs: number) {
  const start = new Date(startMs);
  return db
    .selectFrom('posting')
    .select([
      'account',
      'tax_name',
      'transfer_type',
      'fee_class',
      sql<number>`coalesce(sum(amount_cents) filter (where effective_at < ${start}), 0)::bigint`.as('before_cents'),
      sql<number>`coalesce(sum(amount_cents) filter (where effective_at >= ${start} and amount_cents > 0),
            0)::bigint`.as('debit_cents'),
      sql<number>`coalesce(sum(amount_cents) filter (where effective_at >= ${start} and amount_cents < 0),
            0)::bigint`.as('credit_cents'),
    ])
    .where('club_id', '=', clubId)
    .where('effective_at', '<', new Date(endMs))
    .groupBy(['account', 'tax_name', 'transfer_type', 'fee_class'])
    .execute();
}

export type AccountTotalsRow = Awaited<ReturnType<typeof accountTotalsInRange>>[number];

/**
 * The members on the Members A/P (2100) postings of these entries, by entry
 * then posting: whose money an entry's other legs (cash, tax, revenue) were.
 * The ids travel as one array parameter, so a long drill-down stays one query.
 */
export function entryMembers(db: Db, clubId: string, transactionIds: readonly number[]) {
  return db
    .selectFrom('posting as p')
    .innerJoin('user as u', 'u.id', 'p.member_id')
    .select(['p.transaction_id', 'p.member_id', 'u.firstName as first', 'u.lastName as last'])
    .where('p.club_id', '=', clubId)
    .where('p.account', '=', MEMBERS_AP_ACCOUNT)
    .where(sql<boolean>`p.transaction_id = any(${sql.val([...transactionIds])}::bigint[])`)
    .orderBy('p.transaction_id')
    .orderBy('p.id')
    .execute();
}

/**
 * For each entry, the intro on its Intro A/P posting (an intro sale, flight,
 * refund, cancel or write-down names one; a Write Down adjustment none): its
 * serial number and who bought it, so the entry's revenue, cash and tax rows
 * say whose intro it was.
 */
export function entryIntros(db: Db, clubId: string, transactionIds: readonly number[]) {
  return db
    .selectFrom('posting as p')
    .innerJoin('intro as i', (join) =>
      join.onRef('i.club_id', '=', 'p.club_id').on(sql`i.id::text`, '=', sql.ref('p.intro_id')),
    )
    .select(['p.transaction_id', ...INTRO_NAMING_COLUMNS])
    .where('p.club_id', '=', clubId)
    .where('p.account', '=', 2120)
    .where(sql<boolean>`p.transaction_id = any(${sql.val([...transactionIds])}::bigint[])`)
    .orderBy('p.transaction_id')
    .orderBy('p.id')
    .execute();
}
