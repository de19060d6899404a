import { sql, type Selectable, type Transaction } from 'kysely';
import type { DB, FlightTable } from '../../db/schema.ts';

/** What billing reads and writes besides the ledger's own tables (posting-repo.ts). */

export type FlightRow = Selectable<FlightTable>;

export function findFlight(trx: Transaction<DB>, clubId: string, flightId: string): Promise<FlightRow | undefined> {
  return trx.selectFrom('flight').selectAll().where('club_id', '=', clubId).where('id', '=', flightId).executeTakeFirst();
}

/**
 * The club row, share-locked like lockClubForPosting (a lock-date change
 * waits for the charges being posted), with what flight charges need.
 */
export function lockClubForBilling(trx: Transaction<DB>, clubId: string) {
  return trx
    .selectFrom('club')
    .select(['id', 'time_zone', 'lock_date', 'tax_rates', 'height_unit'])
    .where('id', '=', clubId)
    .forShare()
    .executeTakeFirstOrThrow();
}

export function findLaunchType(trx: Transaction<DB>, clubId: string, id: string) {
  return trx
    .selectFrom('launch_type')
    .select(['id', 'kind', 'price_cents', 'height_ranges', 'tax_status', 'tax_names'])
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findGlider(trx: Transaction<DB>, clubId: string, id: string) {
  return trx
    .selectFrom('glider')
    .select(['id', 'rate_cents_per_minute', 'block_rule_ids', 'tax_status', 'tax_names'])
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The intro a flight redeems, row-locked: its refund or cancellation waits for the flight's entry. */
export function lockIntro(trx: Transaction<DB>, clubId: string, id: string) {
  return trx
    .selectFrom('intro')
    .select(['id', 'sn', 'recipient_first', 'recipient_last', 'price_cents', 'tax_status', 'tax_names'])
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function memberNames(trx: Transaction<DB>, ids: readonly string[]): Promise<Map<string, { first: string; last: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await trx.selectFrom('user').select(['id', 'firstName', 'lastName']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, { first: row.firstName, last: row.lastName }]));
}

/**
 * A member's blocks that a flight on `day` in a glider listing `ruleIds` may
 * draw on: not voided, the day within their dates; with their rule's
 * per-flight terms, the units drawn so far and the days flown on them.
 * Ordered by expiry, then purchase. The member's row is locked by the caller,
 * so no other flight draws on these blocks meanwhile.
 */
export async function candidateBlocks(trx: Transaction<DB>, clubId: string, memberId: string, day: string, ruleIds: readonly string[]) {
  if (ruleIds.length === 0) return [];
  const rows = await trx
    .selectFrom('member_block as b')
    .innerJoin('block_rule as r', (join) => join.onRef('r.club_id', '=', 'b.club_id').onRef('r.id', '=', 'b.block_rule_id'))
    .select([
      'b.id',
      'b.name',
      'b.units',
      'b.amount',
      'b.starts_on',
      'b.ends_on',
      'b.block_rule_id',
      'r.min_flight_units',
      'r.max_flight_units',
      'r.min_flight_charge_cents',
      'r.max_flight_charge_cents',
      'r.excess_multiplier',
      'r.ends_after_days',
      'r.days_count',
      'r.ends_after_flying_days',
      'r.flying_days_count',
      sql<number>`(select coalesce(sum(u.units_used), 0) from block_usage u where u.member_block_id = b.id)::bigint`.as('used'),
      // Days with units still drawn: a flight undone gives its day back.
      sql<string | null>`(select string_agg(d.flown_on::text, ',') from (
          select u.flown_on from block_usage u where u.member_block_id = b.id group by u.flown_on having sum(u.units_used) > 0
        ) d)`.as('flown_days'),
    ])
    .where('b.club_id', '=', clubId)
    .where('b.member_id', '=', memberId)
    .where('b.starts_on', '<=', day)
    .where('b.ends_on', '>=', day)
    .where('b.block_rule_id', 'in', ruleIds)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('member_block_void as v').select('v.member_block_id').whereRef('v.member_block_id', '=', 'b.id'))),
    )
    .orderBy('b.ends_on')
    .orderBy('b.starts_on')
    .orderBy('b.created_at')
    .orderBy('b.id')
    .execute();
  return rows.map((row) => ({ ...row, flown_days: row.flown_days ? row.flown_days.split(',') : [] }));
}

export type CandidateBlock = Awaited<ReturnType<typeof candidateBlocks>>[number];

export async function insertBlockUsage(
  trx: Transaction<DB>,
  rows: readonly { memberBlockId: string; flightId: string; transactionId: number | null; unitsUsed: number; flownOn: string; at: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('block_usage')
    .values(
      rows.map((row) => ({
        member_block_id: row.memberBlockId,
        flight_id: row.flightId,
        transaction_id: row.transactionId,
        units_used: row.unitsUsed,
        flown_on: row.flownOn,
        created_at: row.at,
      })),
    )
    .execute();
}

/** What a flight still draws from each block of the club (usage net of earlier undos), with each block's holder. */
export function flightBlockUsage(trx: Transaction<DB>, clubId: string, flightId: string) {
  return trx
    .selectFrom('block_usage as u')
    .innerJoin('member_block as b', 'b.id', 'u.member_block_id')
    .select(['u.member_block_id', 'b.member_id', 'u.flown_on', sql<number>`sum(u.units_used)::bigint`.as('units')])
    .where('b.club_id', '=', clubId)
    .where('u.flight_id', '=', flightId)
    .groupBy(['u.member_block_id', 'b.member_id', 'u.flown_on'])
    .having(sql<boolean>`sum(u.units_used) <> 0`)
    .orderBy('u.member_block_id')
    .execute();
}

type FlightMoney = Partial<Pick<FlightRow, 'launch_transaction' | 'launch_cost_cents' | 'landing_transaction' | 'flight_cost_cents'>>;

export async function setFlightMoney(trx: Transaction<DB>, clubId: string, flightId: string, values: FlightMoney): Promise<void> {
  await trx.updateTable('flight').set(values).where('club_id', '=', clubId).where('id', '=', flightId).execute();
}
