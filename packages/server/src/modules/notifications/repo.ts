import type { Kysely, Selectable, Transaction } from 'kysely';
import { DEFAULT_NOTICE_CHOICES, NOTICE_KINDS, type NoticeChoices } from '@flightline/domain/schemas/notifications';
import type { DB, NotificationSettingTable } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;
type SettingRow = Selectable<NotificationSettingTable>;

const choicesOf = (row: SettingRow | undefined): NoticeChoices =>
  row
    ? {
        roster: { email: row.roster_email, push: row.roster_push },
        swaps: { email: row.swaps_email, push: row.swaps_push },
        help: { email: row.help_email, push: row.help_push },
        next: { email: row.next_email, push: row.next_push },
      }
    : structuredClone(DEFAULT_NOTICE_CHOICES);

/** Each member's choices (the defaults for a member who never chose). */
export async function noticeChoicesOf(
  db: Db,
  clubId: string,
  userIds: readonly string[],
): Promise<Map<string, NoticeChoices>> {
  const rows = userIds.length
    ? await db
        .selectFrom('notification_setting')
        .selectAll()
        .where('club_id', '=', clubId)
        .where('user_id', 'in', [...userIds])
        .execute()
    : [];
  const byUser = new Map(rows.map((row) => [row.user_id, row]));
  return new Map(userIds.map((id) => [id, choicesOf(byUser.get(id))]));
}

export async function saveNoticeChoices(
  db: Db,
  clubId: string,
  userId: string,
  choices: NoticeChoices,
  at: Date,
): Promise<void> {
  const values = Object.fromEntries(
    NOTICE_KINDS.flatMap((kind) => [
      [`${kind}_email`, choices[kind].email],
      [`${kind}_push`, choices[kind].push],
    ]),
  ) as Omit<SettingRow, 'club_id' | 'user_id' | 'updated_at'>;
  await db
    .insertInto('notification_setting')
    .values({ club_id: clubId, user_id: userId, ...values, updated_at: at })
    .onConflict((oc) => oc.columns(['club_id', 'user_id']).doUpdateSet({ ...values, updated_at: at }))
    .execute();
}

export function listPushSubscriptions(db: Db, clubId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('push_subscription')
    .select(['user_id', 'endpoint', 'p256dh', 'auth'])
    .where('club_id', '=', clubId)
    .where('user_id', 'in', [...userIds])
    .orderBy('created_at')
    .execute();
}

export async function countPushSubscriptions(db: Db, clubId: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('push_subscription')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The browser's subscription, for this member: sent again it stays one row, and a shared browser's moves to the
 * caller.
 */
export async function savePushSubscription(
  db: Db,
  values: { club_id: string; user_id: string; endpoint: string; p256dh: string; auth: string; created_at: Date },
): Promise<void> {
  await db
    .insertInto('push_subscription')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['club_id', 'endpoint'])
        .doUpdateSet({ user_id: values.user_id, p256dh: values.p256dh, auth: values.auth }),
    )
    .execute();
}

/**
 * Remove a subscription: the member's own (unsubscribe), or anyone's the push service said is gone (userId
 * undefined).
 */
export async function deletePushSubscription(db: Db, clubId: string, endpoint: string, userId?: string): Promise<void> {
  let query = db.deleteFrom('push_subscription').where('club_id', '=', clubId).where('endpoint', '=', endpoint);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  await query.execute();
}

export function findCalendarFeed(db: Db, clubId: string, userId: string) {
  return db
    .selectFrom('calendar_feed')
    .select('token')
    .where('club_id', '=', clubId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function findCalendarFeedByToken(db: Db, token: string) {
  return db.selectFrom('calendar_feed').select(['club_id', 'user_id']).where('token', '=', token).executeTakeFirst();
}

/** The member's feed gets this token; the one before no longer exists. */
export async function setCalendarToken(db: Db, clubId: string, userId: string, token: string, at: Date): Promise<void> {
  await db
    .insertInto('calendar_feed')
    .values({ club_id: clubId, user_id: userId, token, created_at: at })
    .onConflict((oc) => oc.columns(['club_id', 'user_id']).doUpdateSet({ token, created_at: at }))
    .execute();
}

/** True for the one caller that records "you are next" for this flight; every other (process, retry) gets false. */
export async function claimNextNotice(
  db: Db,
  clubId: string,
  flightId: string,
  userId: string,
  at: Date,
): Promise<boolean> {
  const inserted = await db
    .insertInto('flight_next_notice')
    .values({ club_id: clubId, flight_id: flightId, user_id: userId, decided_at: at })
    .onConflict((oc) => oc.columns(['club_id', 'flight_id']).doNothing())
    .returning('flight_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
