import { sql, type Kysely, type Transaction } from 'kysely';
import type { LiveNotice } from '@flightline/domain/field/live-events';
import type { DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;

/** The NOTIFY channel every server process listens on (migration 0014's live_notice()). */
export const LIVE_CHANNEL = 'flightline_live';

/** A notice as the database stores and sends it. */
export interface LiveEvent {
  id: number;
  club: string;
  /** Only this member's streams; null: the whole club. */
  member: string | null;
  notice: LiveNotice;
}

/**
 * Write a notice and send it to every process, through the database as the
 * triggers do: within `db`'s transaction it goes only if that commits. The
 * triggers make every notice of the product; this is for what has no table
 * of its own (a benchmark's load, a test).
 */
export async function publishNotice(
  db: Db,
  clubId: string,
  memberId: string | null,
  notice: LiveNotice,
): Promise<void> {
  await sql`select live_notice(${clubId}::uuid, ${memberId}, ${JSON.stringify(notice)}::jsonb)`.execute(db);
}

/**
 * A reconnecting stream's catch-up: the club's events after `afterId` that are for everyone or for this member,
 * oldest first.
 */
export async function eventsAfter(
  db: Db,
  clubId: string,
  memberId: string,
  afterId: number,
  limit: number,
): Promise<LiveEvent[]> {
  const rows = await db
    .selectFrom('live_event')
    .select(['id', 'club_id', 'member_id', 'notice'])
    .where('club_id', '=', clubId)
    .where('id', '>', afterId)
    .where((eb) => eb.or([eb('member_id', 'is', null), eb('member_id', '=', memberId)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    club: row.club_id,
    member: row.member_id,
    notice: row.notice as LiveNotice,
  }));
}

/**
 * Delete the events written before `before`. Ids grow with time, so this walks
 * the primary key from its start to the first event to keep: it reads only
 * what it deletes (plus one row), however large the table.
 */
export async function pruneEventsBefore(db: Db, before: Date): Promise<number> {
  const result = await sql`
    delete from live_event
     where id < coalesce((select id from live_event where at >= ${before} order by id limit 1),
                         (select max(id) + 1 from live_event))
       and at < ${before}`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
