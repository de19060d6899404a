import type { Kysely } from 'kysely';
import type { AccountHistory, AccountRow, AllTransactions, LedgerPosting } from '@flightline/domain/api/types';
import { clubDayRange } from '@flightline/domain/time/club-time';
import { CHART_OF_ACCOUNTS } from '@flightline/domain/money/ledger';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { historyText } from './descriptions.ts';
import {
  memberApSumBefore,
  memberEntriesInRange,
  memberLatestEntries,
  postingsInRange,
  type PostingInRange,
} from './history-repo.ts';
import { memberApSumCents } from './repo.ts';
import { assertMayReadAccount } from './service.ts';

/** How many entries get-recent-transactions answers. */
export const RECENT_ENTRIES = 10;

export interface DayRange {
  startDate: string;
  endDate: string;
}

/**
 * A member's account over whole club days [start of startDate, end of
 * endDate) in the club's zone: one row per entry, by effective time then id,
 * each with the balance after it, starting from the balance before the range.
 * Amounts are changes to the member's balance (+ deposits, − charges).
 */
export async function getMemberHistory(
  db: Kysely<DB>,
  ctx: MemberContext,
  memberId: string,
  range: DayRange,
): Promise<AccountHistory> {
  await assertMayReadAccount(db, ctx, memberId);
  const { startMs, endMs } = clubDayRange(range.startDate, range.endDate, ctx.club.time_zone);
  const openingBalanceCents = 0 - (await memberApSumBefore(db, ctx.club.id, memberId, startMs));
  const entries = await memberEntriesInRange(db, ctx.club.id, memberId, startMs, endMs);
  let balanceCents = openingBalanceCents;
  const transactions = entries.map((entry): AccountRow => {
    const amountCents = 0 - entry.sum_cents;
    balanceCents += amountCents;
    return {
      id: entry.id,
      date: entry.effective_at.getTime(),
      description: historyText(entry),
      amountCents,
      balanceCents,
    };
  });
  return { transactions, balanceCents, openingBalanceCents };
}

/**
 * The member's last entries (by effective time), oldest first, each with the
 * balance after it. Nothing unless both club and id are given.
 */
export async function getRecentTransactions(
  db: Kysely<DB>,
  ctx: MemberContext,
  query: { club?: string | undefined; id?: string | undefined },
): Promise<{ transactions: AccountRow[] }> {
  if (!query.club || !query.id) return { transactions: [] };
  await assertMayReadAccount(db, ctx, query.id);
  const latest = await memberLatestEntries(db, ctx.club.id, query.id, RECENT_ENTRIES);
  // The newest entry is the last of all, so the balance after it is the balance now.
  let balanceCents = 0 - (await memberApSumCents(db, ctx.club.id, query.id));
  const newestFirst = latest.map((entry): AccountRow => {
    const amountCents = 0 - entry.sum_cents;
    const row = {
      id: entry.id,
      date: entry.effective_at.getTime(),
      description: historyText(entry),
      amountCents,
      balanceCents,
    };
    balanceCents -= amountCents;
    return row;
  });
  return { transactions: newestFirst.reverse() };
}

/** Who a posting names: the member's full name, or the intro's serial number and buyer. */
export function postingParty(row: PostingInRange): { userId: string; user: string } {
  if (row.member_id !== null)
    return { userId: row.member_id, user: `${row.member_first ?? ''} ${row.member_last ?? ''}`.trim() };
  if (row.intro_id !== null) return { userId: 'Intro', user: row.intro_sn ?? '' };
  return { userId: '', user: '' };
}

/** Every posting of the club over whole club days (admin), with its entry's fields and the chart of accounts. */
export async function getAllTransactions(
  db: Kysely<DB>,
  ctx: MemberContext,
  range: DayRange,
): Promise<AllTransactions> {
  const { startMs, endMs } = clubDayRange(range.startDate, range.endDate, ctx.club.time_zone);
  const rows = await postingsInRange(db, ctx.club.id, { startMs, endMs });
  const transactions = rows.map((row): LedgerPosting => ({
    transactionId: row.transaction_id,
    timestamp: row.effective_at.getTime(),
    account: row.account,
    direction: row.amount_cents > 0 ? 1 : -1,
    amountCents: Math.abs(row.amount_cents),
    ...postingParty(row),
    description: row.description || row.transaction_type,
    note: row.note,
    transactionRef: row.reference,
    transactionType: row.transaction_type,
    transferType: row.transfer_type ?? '',
    taxName: row.tax_name ?? '',
    feeClass: row.fee_class ?? '',
    reversesId: row.reverses_id,
  }));
  return { transactions, chartOfAccounts: { ...CHART_OF_ACCOUNTS } };
}
