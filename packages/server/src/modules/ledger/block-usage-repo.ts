import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { MEMBER_BLOCK_COLUMNS } from './repo.ts';

/**
 * What a flight draws from its payers' blocks (billing/flight-billing.ts):
 * the blocks it may draw on, and the usage rows it adds and gives back.
 * Blocks are bought and voided by ledger entries (posting-repo.ts).
 */

/**
 * A member's blocks that a flight on `day` in a glider listing `ruleIds` may
 * draw on: not voided, the day within their dates; with their rule's
 * per-flight terms, the units drawn so far and the days flown on them.
 * Ordered by expiry, then purchase. The member's row is locked by the caller,
 * so no other flight draws on these blocks meanwhile.
 */
export async function candidateBlocks(
  trx: Transaction<DB>,
  clubId: string,
  memberId: string,
  day: string,
  ruleIds: readonly string[],
) {
  if (ruleIds.length === 0) return [];
  const rows = await trx
    .selectFrom('member_block as b')
    .innerJoin('block_rule as r', (join) =>
      join.onRef('r.club_id', '=', 'b.club_id').onRef('r.id', '=', 'b.block_rule_id'),
    )
    .select([
      ...MEMBER_BLOCK_COLUMNS,
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
      sql<number>`(select coalesce(sum(u.units_used), 0) from block_usage u where u.member_block_id = b.id)::bigint`.as(
        'used',
      ),
      // Days with units still drawn: a flight undone gives its day back.
      sql<string | null>`(select string_agg(d.flown_on::text, ',') from (
          select u.flown_on from block_usage u where u.member_block_id = b.id group by u.flown_on having
          sum(u.units_used) > 0
        ) d)`.as('flown_days'),
    ])
    .where('b.club_id', '=', clubId)
    .where('b.member_id', '=', memberId)
    .where('b.starts_on', '<=', day)
    .where('b.ends_on', '>=', day)
    .where('b.block_rule_id', 'in', ruleIds)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('member_block_void as v').select('v.member_block_id').whereRef('v.member_block_id', '=', 'b.id'),
        ),
      ),
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
  rows: readonly {
    memberBlockId: string;
    flightId: string;
    transactionId: number | null;
    unitsUsed: number;
    flownOn: string;
    at: Date;
  }[],
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
