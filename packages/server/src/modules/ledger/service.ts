import type { Kysely } from 'kysely';
import type { BalanceInfo, BlockBalance } from '@flightline/domain/api/types';
import { clubToday } from '@flightline/domain/time/club-time';
import type { DB } from '../../db/schema.ts';
import { hasRight, type MemberContext } from '../../http/context.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { findPilot } from '../members/repo.ts';
import { memberApSumCents, memberBlocksWithUsage } from './repo.ts';

/** Whether the caller may read this member's account: their own; any member's for admins and add-funds holders. */
export function mayReadAccount(ctx: MemberContext, userId: string): boolean {
  // canAddFunds includes admin (hasRight).
  return userId === ctx.user.id || hasRight(ctx, 'canAddFunds');
}

/** A member reads their own account; admins and add-funds holders read any member's of the club. */
export async function assertMayReadAccount(db: Kysely<DB>, ctx: MemberContext, userId: string): Promise<void> {
  if (userId === ctx.user.id) return;
  if (!mayReadAccount(ctx, userId))
    throw forbidden("You can only see your own account; an admin or a treasurer can see others'");
  if (!(await findPilot(db, ctx.club.id, userId))) throw notFound('No such member at this club');
}

/** Balance now = −(sum of the member's 2100 postings effective by now): deposits raise it, charges lower it. */
export async function getBalance(db: Kysely<DB>, ctx: MemberContext, userId: string): Promise<BalanceInfo> {
  await assertMayReadAccount(db, ctx, userId);
  const sum = await memberApSumCents(db, ctx.club.id, userId, { asOf: new Date(ctx.now) });
  return { userID: userId, balanceCents: 0 - sum };
}

/**
 * A member's blocks with what is left on each, by expiry. A block ending
 * before today (club zone) is left out unless asked for.
 */
export async function getBlockBalances(
  db: Kysely<DB>,
  ctx: MemberContext,
  userId: string,
  includeExpired: boolean,
): Promise<BlockBalance[]> {
  await assertMayReadAccount(db, ctx, userId);
  const fromDay = includeExpired ? null : clubToday(ctx.club.time_zone, ctx.now);
  const rows = await memberBlocksWithUsage(db, ctx.club.id, userId, fromDay);
  return rows.map((row) => ({
    blockId: row.id,
    blockName: row.name,
    blockUnits: row.units,
    blockStarts: row.starts_on,
    blockExpires: row.ends_on,
    blockBalance: row.units === 'unlimited' ? 0 : row.amount - row.used,
  }));
}
