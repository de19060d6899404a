import { clubDayBounds } from '@flightline/domain/time/club-time';
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { ClubTable, DB } from '../../db/schema.ts';

type Db = Kysely<DB> | Transaction<DB>;
export type ClubRecord = Selectable<ClubTable>;

export function listClubs(db: Db) {
  return db.selectFrom('club').select(['id', 'name', 'short_name', 'time_zone', 'currency']).execute();
}

export function findClub(db: Db, clubId: string): Promise<ClubRecord | undefined> {
  return db.selectFrom('club').selectAll().where('id', '=', clubId).executeTakeFirst();
}

/** Club names are unique regardless of case (club_name_key). */
export function findClubByName(db: Db, name: string): Promise<ClubRecord | undefined> {
  return db
    .selectFrom('club')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
}

/**
 * How a transaction holds the club row until it ends. 'share': writes checked
 * against the club's settings as they are now (an item save, an entry posted,
 * a flight charged) run side by side, and a settings change waits for them.
 * 'noKeyUpdate': an accounting adjustment, checked against what its account
 * owes, waits for every entry being posted and they for it. 'update': a
 * settings change.
 */
export type ClubLock = 'share' | 'noKeyUpdate' | 'update';

export type ClubColumn = keyof ClubRecord & string;

/**
 * The club's row, locked for the rest of the transaction: the one place that
 * locks it, so every lock on it is taken the same way (docs/architecture.md,
 * "Tables have owners"). With `columns`, only those are read.
 */
export function lockClub(db: Db, clubId: string, lock: ClubLock): Promise<ClubRecord>;
export function lockClub<C extends ClubColumn>(
  db: Db,
  clubId: string,
  lock: ClubLock,
  columns: readonly C[],
): Promise<Pick<ClubRecord, C>>;
export function lockClub(
  db: Db,
  clubId: string,
  lock: ClubLock,
  columns?: readonly ClubColumn[],
): Promise<Partial<ClubRecord>> {
  const rows = db.selectFrom('club').where('id', '=', clubId);
  const query = columns ? rows.select(columns) : rows.selectAll();
  if (lock === 'share') return query.forShare().executeTakeFirstOrThrow();
  if (lock === 'noKeyUpdate') return query.forNoKeyUpdate().executeTakeFirstOrThrow();
  return query.forUpdate().executeTakeFirstOrThrow();
}

export function updateClub(
  db: Db,
  clubId: string,
  values: Omit<Updateable<ClubTable>, 'id' | 'created_at'>,
): Promise<ClubRecord> {
  return db.updateTable('club').set(values).where('id', '=', clubId).returningAll().executeTakeFirstOrThrow();
}

/** The accounting settings Accounting admin changes, one at a time (ledger/admin-parameter-service.ts). */
export async function setLockDate(db: Db, clubId: string, lockDate: string, timeZone: string): Promise<void> {
  await db.updateTable('club').set(lockDateValues(lockDate, timeZone)).where('id', '=', clubId).execute();
}

/** A lock date with the instant it ends, the end of that day in the club's zone (the database checks it, 0020). */
export function lockDateValues(lockDate: string, timeZone: string): { lock_date: string; lock_until: Date } {
  return { lock_date: lockDate, lock_until: new Date(clubDayBounds(lockDate, timeZone).endMs) };
}

export async function setFeeList(db: Db, clubId: string, feeList: string[]): Promise<void> {
  await db.updateTable('club').set({ fee_list: feeList }).where('id', '=', clubId).execute();
}

export async function setIntroStaleDays(db: Db, clubId: string, days: number): Promise<void> {
  await db.updateTable('club').set({ intro_stale_days: days }).where('id', '=', clubId).execute();
}

export async function insertClub(db: Db, values: Insertable<ClubTable>): Promise<ClubRecord> {
  return db.insertInto('club').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The clubs whose OGN feed is on (docs/ogn.md "The feed"): the feed's holder reads them every 30 s. */
export function clubsWithOgnFeed(db: Db): Promise<ClubRecord[]> {
  return db.selectFrom('club').selectAll().where('ogn_mode', '<>', 'off').orderBy('id').execute();
}
