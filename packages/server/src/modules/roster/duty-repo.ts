import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, DutySwapTable, DutyTable } from '../../db/schema.ts';

/** The roster's duties and the swap offers on them (docs/duty-roster.md). */

type Db = Kysely<DB> | Transaction<DB>;

export type DutyRow = Selectable<DutyTable>;
export type SwapRow = Selectable<DutySwapTable>;

const DUTY_COLUMNS = [
  'id',
  'club_id',
  'day',
  'role_id',
  'extra',
  'user_id',
  'published_user_id',
  'published_at',
  'updated_at',
] as const;

/** The club's duties from `from` to `to` (both included); only published ones with `publishedOnly`. */
export function listDuties(
  db: Db,
  clubId: string,
  from: string,
  to: string,
  options: { publishedOnly: boolean },
): Promise<DutyRow[]> {
  let query = db
    .selectFrom('duty')
    .select(DUTY_COLUMNS)
    .where('club_id', '=', clubId)
    .where('day', '>=', from)
    .where('day', '<=', to);
  if (options.publishedOnly) query = query.where('published_at', 'is not', null);
  return query.orderBy('day').orderBy('extra').orderBy('updated_at').orderBy('id').execute();
}

export function findDuty(db: Db, clubId: string, dutyId: string): Promise<DutyRow | undefined> {
  return db
    .selectFrom('duty')
    .select(DUTY_COLUMNS)
    .where('club_id', '=', clubId)
    .where('id', '=', dutyId)
    .executeTakeFirst();
}

/** The day's one (not extra) duty of a role. */
export function findSlot(db: Db, clubId: string, day: string, roleId: string): Promise<DutyRow | undefined> {
  return db
    .selectFrom('duty')
    .select(DUTY_COLUMNS)
    .where('club_id', '=', clubId)
    .where('day', '=', day)
    .where('role_id', '=', roleId)
    .where('extra', '=', false)
    .executeTakeFirst();
}

/** A member's duty on a day, in the working copy or as published, if any. */
export function findPersonDuty(db: Db, clubId: string, day: string, userId: string): Promise<DutyRow | undefined> {
  return db
    .selectFrom('duty')
    .select(DUTY_COLUMNS)
    .where('club_id', '=', clubId)
    .where('day', '=', day)
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('published_user_id', '=', userId)]))
    .executeTakeFirst();
}

export function insertDuty(
  db: Db,
  values: {
    club_id: string;
    day: string;
    role_id: string;
    user_id: string | null;
    extra?: boolean;
    published_user_id?: string | null;
    published_at?: Date | null;
    updated_at: Date;
  },
): Promise<DutyRow> {
  return db.insertInto('duty').values(values).returning(DUTY_COLUMNS).executeTakeFirstOrThrow();
}

/** Many duties at once (a generated roster). */
export async function insertDuties(
  db: Db,
  values: { club_id: string; day: string; role_id: string; user_id: string | null; updated_at: Date }[],
): Promise<void> {
  for (let i = 0; i < values.length; i += 500)
    await db
      .insertInto('duty')
      .values(values.slice(i, i + 500))
      .execute();
}

export function setDraftPerson(
  db: Db,
  clubId: string,
  dutyId: string,
  userId: string | null,
  at: Date,
): Promise<DutyRow> {
  return db
    .updateTable('duty')
    .set({ user_id: userId, updated_at: at })
    .where('club_id', '=', clubId)
    .where('id', '=', dutyId)
    .returning(DUTY_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** A swap or a volunteer: the duty's person changes in the working copy and as published, at once. */
export function setPublishedPerson(db: Db, clubId: string, dutyId: string, userId: string, at: Date): Promise<DutyRow> {
  return db
    .updateTable('duty')
    .set({ user_id: userId, published_user_id: userId, published_at: at, updated_at: at })
    .where('club_id', '=', clubId)
    .where('id', '=', dutyId)
    .returning(DUTY_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** An extra duty cleared: it goes (a regular one stays, with nobody). */
export async function deleteExtraDuty(db: Db, clubId: string, dutyId: string): Promise<void> {
  await db
    .deleteFrom('duty')
    .where('club_id', '=', clubId)
    .where('id', '=', dutyId)
    .where('extra', '=', true)
    .execute();
}

/**
 * Clear the working copy's people of these duties before they are drafted again (so no one is on a day twice
 * meanwhile).
 */
export async function clearDrafts(db: Db, clubId: string, dutyIds: readonly string[], at: Date): Promise<void> {
  for (let i = 0; i < dutyIds.length; i += 500) {
    await db
      .updateTable('duty')
      .set({ user_id: null, updated_at: at })
      .where('club_id', '=', clubId)
      .where('id', 'in', dutyIds.slice(i, i + 500))
      .execute();
  }
}

/** Never-published duties that are no longer wanted (a day no longer drafted, a role made inactive). */
export async function deleteUnpublished(db: Db, clubId: string, dutyIds: readonly string[]): Promise<void> {
  for (let i = 0; i < dutyIds.length; i += 500) {
    await db
      .deleteFrom('duty')
      .where('club_id', '=', clubId)
      .where('published_at', 'is', null)
      .where('id', 'in', dutyIds.slice(i, i + 500))
      .execute();
  }
}

/**
 * Publish: what members see becomes the working copy (first the people who leave, so nobody is on a day twice
 * meanwhile).
 */
export async function publishDuties(db: Db, clubId: string, dutyIds: readonly string[], at: Date): Promise<void> {
  for (let i = 0; i < dutyIds.length; i += 500) {
    const ids = dutyIds.slice(i, i + 500);
    await db
      .updateTable('duty')
      .set({ published_user_id: null })
      .where('club_id', '=', clubId)
      .where('id', 'in', ids)
      .execute();
    await db
      .updateTable('duty')
      .set((eb) => ({ published_user_id: eb.ref('user_id'), published_at: at }))
      .where('club_id', '=', clubId)
      .where('id', 'in', ids)
      .execute();
  }
}

// ── Swaps ───────────────────────────────────────────────────────────────────

export function findSwap(db: Db, swapId: string): Promise<SwapRow | undefined> {
  return db.selectFrom('duty_swap').selectAll().where('id', '=', swapId).executeTakeFirst();
}

export function findSwapForUpdate(trx: Transaction<DB>, clubId: string, swapId: string): Promise<SwapRow | undefined> {
  return trx
    .selectFrom('duty_swap')
    .selectAll()
    .where('club_id', '=', clubId)
    .where('id', '=', swapId)
    .forUpdate()
    .executeTakeFirst();
}

export function insertSwap(
  db: Db,
  values: { club_id: string; id: string; duty_id: string; offered_by: string; offered_at: Date; note: string },
): Promise<SwapRow> {
  return db.insertInto('duty_swap').values(values).returningAll().executeTakeFirstOrThrow();
}

export function acceptSwapRow(db: Db, swapId: string, userId: string, at: Date): Promise<SwapRow> {
  return db
    .updateTable('duty_swap')
    .set({ accepted_by: userId, accepted_at: at })
    .where('id', '=', swapId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function withdrawSwapRow(db: Db, swapId: string, at: Date): Promise<SwapRow> {
  return db
    .updateTable('duty_swap')
    .set({ withdrawn_at: at })
    .where('id', '=', swapId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Open offers on these duties (a duty has at most one). */
export function openSwapsOf(db: Db, clubId: string, dutyIds: readonly string[]): Promise<SwapRow[]> {
  if (dutyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('duty_swap')
    .selectAll()
    .where('club_id', '=', clubId)
    .where('duty_id', 'in', dutyIds)
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .execute();
}

/** An open offer withdrawn because its duty changed hands another way (an editor, a re-publish). */
export async function withdrawOpenSwapsOf(db: Db, clubId: string, dutyIds: readonly string[], at: Date): Promise<void> {
  if (dutyIds.length === 0) return;
  await db
    .updateTable('duty_swap')
    .set({ withdrawn_at: at })
    .where('club_id', '=', clubId)
    .where('duty_id', 'in', dutyIds)
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .execute();
}

/** Open offers of the club on duties from `from` on, with their duties, by day. */
export function listOpenSwaps(db: Db, clubId: string, from: string) {
  return db
    .selectFrom('duty_swap')
    .innerJoin('duty', 'duty.id', 'duty_swap.duty_id')
    .selectAll('duty_swap')
    .select(['duty.day', 'duty.role_id'])
    .where('duty_swap.club_id', '=', clubId)
    .where('duty_swap.accepted_at', 'is', null)
    .where('duty_swap.withdrawn_at', 'is', null)
    .where('duty.day', '>=', from)
    .orderBy('duty.day')
    .orderBy('duty_swap.offered_at')
    .execute();
}

/**
 * Flag a club's open offers whose duty is within the club's warning days and
 * not past: a conditional update, so of two processes running it at once
 * only one flags (and mails) each offer.
 */
export async function flagDueSwaps(
  db: Db,
  clubId: string,
  today: string,
  at: Date,
): Promise<(SwapRow & { day: string; role_id: string })[]> {
  const rows = await sql<SwapRow & { day: string; role_id: string }>`
    update duty_swap s set flagged_at = ${at}
      from duty d
     where s.club_id = ${clubId} and d.id = s.duty_id
       and s.accepted_at is null and s.withdrawn_at is null and s.flagged_at is null
       and d.day >= ${today}::date
       and d.day <= ${today}::date + coalesce((select swap_warning_days from roster_setting where club_id =
       s.club_id), 3)
    returning s.*, d.day::text as day, d.role_id`.execute(db);
  return rows.rows;
}

/** Clubs with open offers not yet flagged. */
export async function clubsWithOpenSwaps(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('duty_swap')
    .select('club_id')
    .distinct()
    .where('accepted_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .where('flagged_at', 'is', null)
    .execute();
  return rows.map((row) => row.club_id);
}
