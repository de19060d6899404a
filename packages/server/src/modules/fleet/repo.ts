import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { BlockRuleTable, DB, GliderTable, IntroLaunchTable, LaunchTypeTable, TugTable } from '../../db/schema.ts';
import type { TaxUse } from '../clubs/club-fleet.ts';

/** Gliders, tugs, launch types, intro launch options and block rules of one club. Nothing here deletes. */

type Db = Kysely<DB> | Transaction<DB>;
type Changes<T> = Omit<Updateable<T>, 'club_id' | 'id' | 'created_at'>;

export type GliderRow = Selectable<GliderTable>;
export type TugRow = Selectable<TugTable>;
export type LaunchTypeRow = Selectable<LaunchTypeTable>;
export type IntroLaunchRow = Selectable<IntroLaunchTable>;
export type BlockRuleRow = Selectable<BlockRuleTable>;

// ── Every item table ─────────────────────────────────────────────────────────

/** The tables of the club's items, each keyed by club_id and id. */
export type ItemTable = 'glider' | 'tug' | 'launch_type' | 'intro_launch' | 'block_rule';
export type ItemRow<T extends ItemTable> = Selectable<DB[T]>;

// Kysely cannot name a column of a table that is a type parameter, so the
// queries below are built on the union of the item tables and each answers
// the row type of the table it was given.

/** Gliders and tugs have no is_active column: list them with the default, every row. */
export function listItems<T extends ItemTable>(
  db: Db,
  table: T,
  clubId: string,
  options = { includeInactive: true },
): Promise<ItemRow<T>[]> {
  let query = db
    .selectFrom(table as ItemTable)
    .selectAll()
    .where('club_id', '=', clubId);
  if (!options.includeInactive) query = query.where('is_active', '=', true);
  return query.execute() as Promise<unknown> as Promise<ItemRow<T>[]>;
}

function itemQuery(db: Db, table: ItemTable, clubId: string, id: string) {
  return db.selectFrom(table).selectAll().where('club_id', '=', clubId).where('id', '=', id);
}

export function findItem<T extends ItemTable>(
  db: Db,
  table: T,
  clubId: string,
  id: string,
): Promise<ItemRow<T> | undefined> {
  return itemQuery(db, table, clubId, id).executeTakeFirst() as Promise<unknown> as Promise<ItemRow<T> | undefined>;
}

/** Row-locked, for a change decided on what the row holds now. */
export function findItemForUpdate<T extends ItemTable>(
  db: Db,
  table: T,
  clubId: string,
  id: string,
): Promise<ItemRow<T> | undefined> {
  return itemQuery(db, table, clubId, id).forUpdate().executeTakeFirst() as Promise<unknown> as Promise<
    ItemRow<T> | undefined
  >;
}

/** Undefined when an item with that id (a glider's registration, a launch's label) was created meanwhile. */
export function insertItem<T extends Exclude<ItemTable, 'block_rule'>>(
  db: Db,
  table: T,
  values: Insertable<DB[T]>,
): Promise<ItemRow<T> | undefined> {
  return db
    .insertInto(table as ItemTable)
    .values(values as Insertable<DB[ItemTable]>)
    .onConflict((oc) => oc.columns(['club_id', 'id']).doNothing())
    .returningAll()
    .executeTakeFirst() as Promise<unknown> as Promise<ItemRow<T> | undefined>;
}

export function updateItem<T extends ItemTable>(
  db: Db,
  table: T,
  clubId: string,
  id: string,
  values: Changes<DB[T]>,
): Promise<ItemRow<T>> {
  return db
    .updateTable(table as ItemTable)
    .set(values as Changes<DB[ItemTable]>)
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow() as Promise<unknown> as Promise<ItemRow<T>>;
}

/** A new block rule; rules have no natural key, so the database gives it its id. */
export function insertBlockRule(db: Db, values: Omit<Insertable<BlockRuleTable>, 'id'>): Promise<BlockRuleRow> {
  return db.insertInto('block_rule').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Which of these ids are block rules of the club (active or not). */
export async function existingBlockRuleIds(db: Db, clubId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('block_rule')
    .select('id')
    .where('club_id', '=', clubId)
    .where('id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => row.id));
}

// ── Taxes ────────────────────────────────────────────────────────────────────

/** The club's items (active or not) that apply any of these tax names (clubs/club-fleet.ts: a club's settings). */
export async function itemsUsingTaxes(db: Db, clubId: string, names: string[]): Promise<TaxUse[]> {
  if (names.length === 0) return [];
  const overlaps = sql<boolean>`tax_names && ${sql.val(names)}::text[]`;
  // One after another: inside a transaction the queries share one connection.
  const gliders = await db
    .selectFrom('glider')
    .select(['id', 'tax_names'])
    .where('club_id', '=', clubId)
    .where(overlaps)
    .orderBy('id')
    .execute();
  const launches = await db
    .selectFrom('launch_type')
    .select(['id', 'tax_names'])
    .where('club_id', '=', clubId)
    .where(overlaps)
    .orderBy('id')
    .execute();
  const introLaunches = await db
    .selectFrom('intro_launch')
    .select(['id', 'tax_names'])
    .where('club_id', '=', clubId)
    .where(overlaps)
    .orderBy('id')
    .execute();
  const blocks = await db
    .selectFrom('block_rule')
    .select(['name', 'tax_names'])
    .where('club_id', '=', clubId)
    .where(overlaps)
    .orderBy('name')
    .execute();
  return [
    ...gliders.map((row): TaxUse => ({ kind: 'glider', label: row.id, taxNames: row.tax_names })),
    ...launches.map((row): TaxUse => ({ kind: 'launch type', label: row.id, taxNames: row.tax_names })),
    ...introLaunches.map((row): TaxUse => ({ kind: 'intro launch', label: row.id, taxNames: row.tax_names })),
    ...blocks.map((row): TaxUse => ({ kind: 'block rule', label: row.name, taxNames: row.tax_names })),
  ];
}

/** A launch type's price and taxes, for charging a tow (billing/flight-billing.ts). */
export function findLaunchTypeTerms(trx: Transaction<DB>, clubId: string, id: string) {
  return trx
    .selectFrom('launch_type')
    .select(['id', 'kind', 'price_cents', 'height_ranges', 'tax_status', 'tax_names'])
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** A glider's rate, block rules and taxes, for charging a rental (billing/flight-billing.ts). */
export function findGliderTerms(trx: Transaction<DB>, clubId: string, id: string) {
  return trx
    .selectFrom('glider')
    .select(['id', 'rate_cents_per_minute', 'block_rule_ids', 'tax_status', 'tax_names'])
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function activeLaunchTypeIds(db: Db, clubId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('launch_type')
    .select('id')
    .where('club_id', '=', clubId)
    .where('is_active', '=', true)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

export function findBlockRule(db: Db, clubId: string, ruleId: string) {
  return db
    .selectFrom('block_rule')
    .select(['id', 'name', 'units', 'amount', 'price_cents', 'tax_status', 'tax_names', 'is_active'])
    .where('club_id', '=', clubId)
    .where('id', '=', ruleId)
    .executeTakeFirst();
}

/** The tug, row-locked: tow events of one tug are decided one at a time. */
export function lockTugForLog(db: Db, clubId: string, tug: string) {
  return db
    .selectFrom('tug')
    .select(['id', 'aircraft_type', 'status'])
    .where('club_id', '=', clubId)
    .where('id', '=', tug)
    .forUpdate()
    .executeTakeFirst();
}

/** The club's tugs as `t`, for a reader that adds to each what it knows (tugs/repo.ts adds the tug log's readings). */
export function tugsOfClubQuery(db: Db, clubId: string) {
  return db.selectFrom('tug as t').where('t.club_id', '=', clubId);
}
