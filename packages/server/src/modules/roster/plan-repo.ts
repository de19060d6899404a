import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';

/** Planned flying and the busy days' calls for help (docs/duty-roster.md). */

type Db = Kysely<DB> | Transaction<DB>;

export interface PlanValues {
  instruction: boolean;
  glider_id: string | null;
  tow: boolean;
}

/** The day's plans (not withdrawn). */
export function listPlans(db: Db, clubId: string, day: string) {
  return db
    .selectFrom('flying_plan')
    .select(['user_id', 'instruction', 'glider_id', 'tow'])
    .where('club_id', '=', clubId)
    .where('day', '=', day)
    .where('withdrawn_at', 'is', null)
    .execute();
}

/** Make or change a member's plan for a day (a withdrawn one comes back). */
export async function upsertPlan(
  db: Db,
  clubId: string,
  userId: string,
  day: string,
  values: PlanValues,
  at: Date,
): Promise<void> {
  await db
    .insertInto('flying_plan')
    .values({ club_id: clubId, user_id: userId, day, ...values, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['club_id', 'user_id', 'day']).doUpdateSet({ ...values, updated_at: at, withdrawn_at: null }),
    )
    .execute();
}

/** Withdraw a member's plan; whether there was one to withdraw. */
export async function withdrawPlan(db: Db, clubId: string, userId: string, day: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('flying_plan')
    .set({ withdrawn_at: at, updated_at: at })
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Record the day's call for help for a role: true for the one request that
 * made it (an insert that does nothing when it exists), so two plans written
 * at once ask once.
 */
export async function claimHelpCall(db: Db, clubId: string, day: string, roleId: string, at: Date): Promise<boolean> {
  const row = await db
    .insertInto('duty_help_call')
    .values({ club_id: clubId, day, role_id: roleId, asked_at: at })
    .onConflict((oc) => oc.columns(['club_id', 'day', 'role_id']).doNothing())
    .returning('role_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setHelpCallCount(
  db: Db,
  clubId: string,
  day: string,
  roleId: string,
  count: number,
): Promise<void> {
  await db
    .updateTable('duty_help_call')
    .set({ asked_count: count })
    .where('club_id', '=', clubId)
    .where('day', '=', day)
    .where('role_id', '=', roleId)
    .execute();
}
