import { sql, type Kysely, type Transaction } from 'kysely';
import type { FlightChargeDetail } from '@flightline/domain/money/charge-breakdown';
import type { PostingLine } from '@flightline/domain/money/ledger';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

const transactionColumns = [
  'id',
  'club_id',
  'effective_at',
  'transaction_type',
  'note',
  'reference',
  'reverses_id',
  'description',
] as const;

export function findTransactionByKey(db: Db, clubId: string, idempotencyKey: string) {
  return db
    .selectFrom('ledger_transaction')
    .select([...transactionColumns, 'entered_by'])
    .where('club_id', '=', clubId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export function findTransaction(db: Db, clubId: string, id: number) {
  return db
    .selectFrom('ledger_transaction')
    .select(transactionColumns)
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** An entry with what a charge breakdown reads of it: its figures as frozen when it was posted. */
export function findEntryBreakdown(db: Db, clubId: string, id: number) {
  return db
    .selectFrom('ledger_transaction')
    .select(['id', 'effective_at', 'entered_at', 'transaction_type', 'description', 'note', 'reverses_id', 'breakdown'])
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The entry that reversed `id`, if any. */
export function findReversalOf(db: Db, clubId: string, id: number) {
  return db
    .selectFrom('ledger_transaction')
    .select('id')
    .where('club_id', '=', clubId)
    .where('reverses_id', '=', id)
    .executeTakeFirst();
}

export async function transactionPostings(db: Db, clubId: string, transactionId: number): Promise<PostingLine[]> {
  const rows = await db
    .selectFrom('posting')
    .select(['account', 'amount_cents', 'member_id', 'intro_id', 'tax_name', 'transfer_type', 'fee_class', 'flight_id'])
    .where('club_id', '=', clubId)
    .where('transaction_id', '=', transactionId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    account: row.account as PostingLine['account'],
    amountCents: row.amount_cents,
    memberId: row.member_id ?? undefined,
    introId: row.intro_id ?? undefined,
    taxName: row.tax_name ?? undefined,
    transferType: row.transfer_type ?? undefined,
    feeClass: row.fee_class ?? undefined,
    flightId: row.flight_id ?? undefined,
  }));
}

/** The member an entry charges or credits (its first Members A/P posting), if any. */
export async function entryMember(db: Db, clubId: string, transactionId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('posting')
    .select('member_id')
    .where('club_id', '=', clubId)
    .where('transaction_id', '=', transactionId)
    .where('member_id', 'is not', null)
    .orderBy('id')
    .executeTakeFirst();
  return row?.member_id ?? undefined;
}

export interface NewEntry {
  clubId: string;
  effectiveAt: Date;
  enteredAt: Date;
  enteredBy: string;
  transactionType: string;
  description: string;
  note: string;
  reference: string;
  idempotencyKey: string | null;
  reversesId: number | null;
  lines: readonly PostingLine[];
  /** A flight charge's figures, frozen with the entry (charge breakdowns). */
  breakdown?: FlightChargeDetail | undefined;
}

/** A journal entry and its postings; the database checks at commit that they balance. */
export async function insertEntry(trx: Transaction<DB>, entry: NewEntry): Promise<number> {
  const { id } = await trx
    .insertInto('ledger_transaction')
    .values({
      club_id: entry.clubId,
      effective_at: entry.effectiveAt,
      entered_at: entry.enteredAt,
      entered_by: entry.enteredBy,
      transaction_type: entry.transactionType,
      description: entry.description,
      note: entry.note,
      reference: entry.reference,
      idempotency_key: entry.idempotencyKey,
      reverses_id: entry.reversesId,
      breakdown: entry.breakdown === undefined ? null : JSON.stringify(entry.breakdown),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('posting')
    .values(
      entry.lines.map((line) => ({
        transaction_id: id,
        account: line.account,
        amount_cents: line.amountCents,
        member_id: line.memberId ?? null,
        intro_id: line.introId ?? null,
        tax_name: line.taxName ?? null,
        transfer_type: line.transferType ?? null,
        fee_class: line.feeClass ?? null,
        flight_id: line.flightId ?? null,
      })),
    )
    .execute();
  return id;
}

export async function insertMemberBlock(
  trx: Transaction<DB>,
  values: {
    clubId: string;
    memberId: string;
    ruleId: string;
    name: string;
    units: 'unlimited' | '$' | 'minutes';
    amount: number;
    startsOn: string;
    endsOn: string;
    transactionId: number;
    createdAt: Date;
  },
): Promise<string> {
  const row = await trx
    .insertInto('member_block')
    .values({
      club_id: values.clubId,
      member_id: values.memberId,
      block_rule_id: values.ruleId,
      name: values.name,
      units: values.units,
      amount: values.amount,
      starts_on: values.startsOn,
      ends_on: values.endsOn,
      transaction_id: values.transactionId,
      created_at: values.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The block a purchase entry created (its rule and season), for comparing a retried request with it
 * (same-request.ts).
 */
export function purchasedBlockOf(db: Db, clubId: string, transactionId: number) {
  return db
    .selectFrom('member_block')
    .select(['block_rule_id', 'starts_on', 'ends_on'])
    .where('club_id', '=', clubId)
    .where('transaction_id', '=', transactionId)
    .executeTakeFirst();
}

/** The block a purchase created, row-locked, with the units drawn from it so far. */
export function lockBlockOfPurchase(trx: Transaction<DB>, clubId: string, transactionId: number) {
  return trx
    .selectFrom('member_block as b')
    .select([
      'b.id',
      'b.name',
      'b.units',
      sql<number>`(select coalesce(sum(u.units_used), 0) from block_usage u where u.member_block_id = b.id)::bigint`.as(
        'used',
      ),
    ])
    .where('b.club_id', '=', clubId)
    .where('b.transaction_id', '=', transactionId)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertBlockVoid(
  trx: Transaction<DB>,
  memberBlockId: string,
  transactionId: number,
  at: Date,
): Promise<void> {
  await trx
    .insertInto('member_block_void')
    .values({ member_block_id: memberBlockId, transaction_id: transactionId, voided_at: at })
    .execute();
}

/**
 * Whether Sales Tax A/P was ever posted under this tax name (a tax the club has since removed can still be
 * remitted).
 */
export async function taxNameWasPosted(db: Db, clubId: string, taxName: string): Promise<boolean> {
  const row = await db
    .selectFrom('posting')
    .select('id')
    .where('club_id', '=', clubId)
    .where('account', '=', 2510)
    .where('tax_name', '=', taxName)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
