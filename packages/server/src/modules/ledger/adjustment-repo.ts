import { sql, type Transaction } from 'kysely';
import type { AccountNumber } from '@flightline/domain/money/ledger';
import type { DB } from '../../db/schema.ts';

/**
 * What a liability account still owes, in cents (−sum of its postings, over
 * all its entries whatever their dates): Intro A/P as a whole, or Sales Tax
 * A/P of one tax name (its postings always name one).
 */
export async function owedCents(
  trx: Transaction<DB>,
  clubId: string,
  account: AccountNumber,
  taxName?: string,
): Promise<number> {
  let query = trx
    .selectFrom('posting')
    .select(sql<number>`coalesce(0 - sum(amount_cents), 0)::bigint`.as('owed'))
    .where('club_id', '=', clubId)
    .where('account', '=', account);
  if (taxName !== undefined) query = query.where('tax_name', '=', taxName);
  const row = await query.executeTakeFirstOrThrow();
  return row.owed;
}
