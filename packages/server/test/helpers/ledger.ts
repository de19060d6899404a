import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/db/schema.ts';
import type { MemberContext } from '../../src/http/context.ts';
import { lockDateValues } from '../../src/modules/clubs/repo.ts';
import { asOwner, createPerson, type Person } from './test-app.ts';

/** Test helpers for the ledger: club settings, block rules, reading postings back, a service-level caller. */

export async function setClubAccounting(
  db: Kysely<DB>,
  clubId: string,
  values: {
    taxRates?: Record<string, number>;
    feeList?: string[];
    lockDate?: string | null;
    paymentMethods?: string[];
  },
): Promise<void> {
  const { time_zone: timeZone } = await db
    .selectFrom('club')
    .select('time_zone')
    .where('id', '=', clubId)
    .executeTakeFirstOrThrow();
  const set = {
    ...(values.taxRates ? { tax_rates: JSON.stringify(values.taxRates) } : {}),
    ...(values.feeList ? { fee_list: values.feeList } : {}),
    ...(values.paymentMethods ? { payment_methods: values.paymentMethods } : {}),
    ...(values.lockDate ? lockDateValues(values.lockDate, timeZone) : {}),
  };
  if (Object.keys(set).length > 0) await db.updateTable('club').set(set).where('id', '=', clubId).execute();
  if (values.lockDate === null) await clearLockDate(db, clubId);
}

/**
 * Undo a test's lock date. The database lets a lock date only move forward
 * (0010_ledger_hardening.sql), so this does what only the database's owner
 * can: the guard trigger off for one update, in one transaction.
 */
async function clearLockDate(db: Kysely<DB>, clubId: string): Promise<void> {
  await asOwner(db, (owner) =>
    owner.transaction().execute(async (trx) => {
      await sql`alter table club disable trigger club_lock_forward`.execute(trx);
      await sql`update club set lock_date = null, lock_until = null where id = ${clubId}`.execute(trx);
      // The club's change counter is bumped at commit (0015); an ALTER TABLE waits for no pending trigger.
      await sql`set constraints club_club_version immediate`.execute(trx);
      await sql`alter table club enable trigger club_lock_forward`.execute(trx);
    }),
  );
}

export async function createBlockRule(
  db: Kysely<DB>,
  clubId: string,
  rule: {
    id: string;
    name: string;
    units: 'unlimited' | '$' | 'minutes';
    amount: number;
    priceCents: number;
    taxStatus?: 'exempt' | 'inclusive' | 'exclusive';
    taxNames?: string[];
    isActive?: boolean;
  },
): Promise<void> {
  await db
    .insertInto('block_rule')
    .values({
      club_id: clubId,
      id: rule.id,
      name: rule.name,
      units: rule.units,
      amount: rule.amount,
      price_cents: rule.priceCents,
      tax_status: rule.taxStatus ?? 'exempt',
      tax_names: rule.taxNames ?? [],
      is_active: rule.isActive ?? true,
    })
    .execute();
}

/**
 * A member's block as the database now lets one exist (0011_member_block_guard.sql):
 * created with a Block entry in the same transaction. The entry here moves no
 * money (1 cent in and out of Cash), so a read test's balances stay its own.
 */
export async function insertBlockWithEntry(
  db: Kysely<DB>,
  block: {
    club_id: string;
    member_id: string;
    block_rule_id: string;
    name: string;
    units: 'unlimited' | '$' | 'minutes';
    amount: number;
    starts_on: string;
    ends_on: string;
  },
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const tx = await sql<{ id: number }>`
      insert into ledger_transaction (club_id, effective_at, transaction_type)
      values (${block.club_id}, ${`${block.starts_on}T12:00:00Z`}, 'Block') returning id`.execute(trx);
    const transactionId = tx.rows[0]!.id;
    await sql`insert into posting (transaction_id, account, amount_cents, transfer_type) values
          (${transactionId}, 1000, 1, 'Cash'), (${transactionId}, 1000, -1, 'Cash')`.execute(trx);
    const row = await trx
      .insertInto('member_block')
      .values({ ...block, transaction_id: transactionId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/**
 * A journal entry written in plain SQL, past the code's checks, in one
 * transaction: the database alone decides whether it stands. Its 1000 legs
 * are Cash.
 */
export async function insertRawEntry(
  db: Kysely<DB>,
  clubId: string,
  postings: { account: number; amount: number; member?: string }[],
  effectiveAt: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const tx = await sql<{ id: number }>`
      insert into ledger_transaction (club_id, effective_at, transaction_type)
      values (${clubId}, ${effectiveAt}, 'Deposit') returning id`.execute(trx);
    const id = tx.rows[0]!.id;
    for (const p of postings) {
      await sql`insert into posting (transaction_id, account, amount_cents, member_id, transfer_type)
                values (${id}, ${p.account}, ${p.amount}, ${p.member ?? null},
                ${p.account === 1000 ? 'Cash' : null})`.execute(trx);
    }
  });
}

export interface PostingRow {
  account: number;
  amount: number;
  member: string | null;
  intro: string | null;
  tax: string | null;
  transfer: string | null;
  fee: string | null;
}

/** An entry's postings as stored, in insertion order. */
export async function postingsOf(db: Kysely<DB>, transactionId: number): Promise<PostingRow[]> {
  const rows = await db
    .selectFrom('posting')
    .select(['account', 'amount_cents', 'member_id', 'intro_id', 'tax_name', 'transfer_type', 'fee_class'])
    .where('transaction_id', '=', transactionId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    account: r.account,
    amount: r.amount_cents,
    member: r.member_id,
    intro: r.intro_id,
    tax: r.tax_name,
    transfer: r.transfer_type,
    fee: r.fee_class,
  }));
}

/** A posting as expected: the fields a test does not name are null. */
export function posting(
  account: number,
  amount: number,
  extra: Partial<Omit<PostingRow, 'account' | 'amount'>> = {},
): PostingRow {
  return { account, amount, member: null, intro: null, tax: null, transfer: null, fee: null, ...extra };
}

/** How many entries and postings a club has: a refused call changes neither. */
export async function ledgerCounts(
  db: Kysely<DB>,
  clubId: string,
): Promise<{ transactions: number; postings: number; blocks: number }> {
  const row = await sql<{ transactions: number; postings: number; blocks: number }>`
    select (select count(*) from ledger_transaction where club_id = ${clubId})::bigint as transactions,
           (select count(*) from posting where club_id = ${clubId})::bigint as postings,
           (select count(*) from member_block where club_id = ${clubId})::bigint as blocks`.execute(db);
  return row.rows[0]!;
}

/** The context the HTTP layer would resolve for an active member of the club: for calling services directly. */
export async function memberContext(
  db: Kysely<DB>,
  clubId: string,
  userId: string,
  now: number,
): Promise<MemberContext> {
  const club = await db.selectFrom('club').selectAll().where('id', '=', clubId).executeTakeFirstOrThrow();
  const pilot = await db
    .selectFrom('pilot')
    .selectAll()
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const user = await db
    .selectFrom('user')
    .select(['id', 'email', 'firstName', 'lastName'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const version = await db
    .selectFrom('club_version')
    .select('version')
    .where('club_id', '=', clubId)
    .executeTakeFirst();
  return { user, club, pilot, isActive: true, clubVersion: version?.version ?? 0, now };
}

export interface LedgerPeople {
  /** An admin of alpha. */
  admin: Person;
  /** Can add funds at alpha. */
  treasurer: Person;
  /** Members of alpha. */
  mary: Person;
  bea: Person;
  /** A member of bravo. */
  outsider: Person;
}

/** The people of the account history and posting tests, in alpha (and one in bravo). */
export async function createLedgerPeople(db: Kysely<DB>, alpha: string, bravo: string): Promise<LedgerPeople> {
  return {
    admin: await createPerson(db, { club: alpha, first: 'Alex', last: 'Admin', flags: { is_admin: true } }),
    treasurer: await createPerson(db, {
      club: alpha,
      first: 'Tess',
      last: 'Treasurer',
      flags: { can_add_funds: true },
    }),
    mary: await createPerson(db, { club: alpha, first: 'Mary', last: 'Member' }),
    bea: await createPerson(db, { club: alpha, first: 'Bea', last: 'Member' }),
    outsider: await createPerson(db, { club: bravo, first: 'Otto' }),
  };
}

/** The id of the club's latest journal entry (0 for none): where entriesAfter starts. */
export async function latestEntryId(db: Kysely<DB>, clubId: string): Promise<number> {
  const row = await sql<{
    id: number | null;
  }>`select max(id)::bigint as id from ledger_transaction where club_id = ${clubId}`.execute(db);
  return row.rows[0]!.id ?? 0;
}

/** The club's entries after `afterId`, newest last, each with its postings as stored. */
export async function entriesAfter(db: Kysely<DB>, clubId: string, afterId: number) {
  const rows = await db
    .selectFrom('ledger_transaction')
    .selectAll()
    .where('club_id', '=', clubId)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return Promise.all(rows.map(async (row) => ({ ...row, postings: await postingsOf(db, row.id) })));
}
