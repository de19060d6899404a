import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** The accounting settings of a club, row-locked for a change decided on what they are now. */
export function lockAccountingSettings(trx: Transaction<DB>, clubId: string) {
  return trx
    .selectFrom('club')
    .select(['id', 'time_zone', 'lock_date', 'fee_list', 'intro_stale_days'])
    .where('id', '=', clubId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function setLockDate(trx: Transaction<DB>, clubId: string, lockDate: string): Promise<void> {
  await trx.updateTable('club').set({ lock_date: lockDate }).where('id', '=', clubId).execute();
}

export async function setFeeList(trx: Transaction<DB>, clubId: string, feeList: string[]): Promise<void> {
  await trx.updateTable('club').set({ fee_list: feeList }).where('id', '=', clubId).execute();
}

export async function setIntroStaleDays(trx: Transaction<DB>, clubId: string, days: number): Promise<void> {
  await trx.updateTable('club').set({ intro_stale_days: days }).where('id', '=', clubId).execute();
}
