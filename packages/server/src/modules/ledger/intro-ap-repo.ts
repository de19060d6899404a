import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** What Intro A/P (2120) holds for each intro, and which entries name one: the intros module asks the ledger. */

type Db = Kysely<DB> | Transaction<DB>;

/** What a ledger row says of the intro it names (`i` is intro): its serial number, who bought it and for whom. */
export const INTRO_NAMING_COLUMNS = [
  'i.sn as intro_sn',
  'i.buyer_first as intro_buyer_first',
  'i.buyer_last as intro_buyer_last',
  'i.buyer_email as intro_buyer_email',
  'i.recipient_first as intro_recipient_first',
  'i.recipient_last as intro_recipient_last',
] as const;

/** What one intro still holds on Intro A/P: −(sum of its 2120 postings). */
export async function introOwedCents(db: Db, clubId: string, introId: string): Promise<number> {
  const row = await db
    .selectFrom('posting')
    .select(sql<number>`coalesce(0 - sum(amount_cents), 0)::bigint`.as('owed'))
    .where('club_id', '=', clubId)
    .where('account', '=', 2120)
    .where('intro_id', '=', introId)
    .executeTakeFirstOrThrow();
  return row.owed;
}

/** The intro an entry names on Intro A/P (its first 2120 posting), if any. */
export async function entryIntroId(db: Db, clubId: string, transactionId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('posting')
    .select('intro_id')
    .where('club_id', '=', clubId)
    .where('transaction_id', '=', transactionId)
    .where('account', '=', 2120)
    .orderBy('id')
    .executeTakeFirst();
  return row?.intro_id ?? undefined;
}

/** Whether an entry of this type names the intro on Intro A/P (a cancel that posted, for instance). */
export async function introHasEntryOfType(
  db: Db,
  clubId: string,
  introId: string,
  transactionType: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('posting')
    .innerJoin('ledger_transaction', 'ledger_transaction.id', 'posting.transaction_id')
    .select('posting.id')
    .where('posting.club_id', '=', clubId)
    .where('posting.account', '=', 2120)
    .where('posting.intro_id', '=', introId)
    .where('ledger_transaction.transaction_type', '=', transactionType)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * What each intro of the club holds on Intro A/P, as a query the intros' list joins to (intros/repo.ts
 * listIntrosWithOwed).
 */
export function introHoldingsQuery(db: Db, clubId: string) {
  return db
    .selectFrom('posting')
    .select(['intro_id', sql<number>`(0 - sum(amount_cents))::bigint`.as('owed_cents')])
    .where('club_id', '=', clubId)
    .where('account', '=', 2120)
    .where('intro_id', 'is not', null)
    .groupBy('intro_id');
}
