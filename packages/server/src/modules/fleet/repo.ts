import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { BlockRuleTable, DB, GliderTable, IntroLaunchTable, LaunchTypeTable, TugTable } from '../../db/schema.ts';

/** Gliders, tugs, launch types, intro launch options and block rules of one club. Nothing here deletes. */

type Db = Kysely<DB> | Transaction<DB>;
type Changes<T> = Omit<Updateable<T>, 'club_id' | 'id' | 'created_at'>;

export type GliderRow = Selectable<GliderTable>;
export type TugRow = Selectable<TugTable>;
export type LaunchTypeRow = Selectable<LaunchTypeTable>;
export type IntroLaunchRow = Selectable<IntroLaunchTable>;
export type BlockRuleRow = Selectable<BlockRuleTable>;

// ── Gliders ──────────────────────────────────────────────────────────────────

export function listGliders(db: Db, clubId: string): Promise<GliderRow[]> {
  return db.selectFrom('glider').selectAll().where('club_id', '=', clubId).execute();
}

/** Row-locked, for a change decided on what the row holds now. */
export function findGliderForUpdate(db: Db, clubId: string, id: string): Promise<GliderRow | undefined> {
  return db.selectFrom('glider').selectAll().where('club_id', '=', clubId).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Undefined when a glider with that registration was created meanwhile. */
export function insertGlider(db: Db, values: Insertable<GliderTable>): Promise<GliderRow | undefined> {
  return db
    .insertInto('glider')
    .values(values)
    .onConflict((oc) => oc.columns(['club_id', 'id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function updateGlider(db: Db, clubId: string, id: string, values: Changes<GliderTable>): Promise<GliderRow> {
  return db
    .updateTable('glider')
    .set(values)
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ── Tugs ─────────────────────────────────────────────────────────────────────

export function listTugs(db: Db, clubId: string): Promise<TugRow[]> {
  return db.selectFrom('tug').selectAll().where('club_id', '=', clubId).execute();
}

export function findTugForUpdate(db: Db, clubId: string, id: string): Promise<TugRow | undefined> {
  return db.selectFrom('tug').selectAll().where('club_id', '=', clubId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertTug(db: Db, values: Insertable<TugTable>): Promise<TugRow | undefined> {
  return db
    .insertInto('tug')
    .values(values)
    .onConflict((oc) => oc.columns(['club_id', 'id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function updateTug(db: Db, clubId: string, id: string, values: Changes<TugTable>): Promise<TugRow> {
  return db.updateTable('tug').set(values).where('club_id', '=', clubId).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

// ── Launch types ─────────────────────────────────────────────────────────────

export function listLaunchTypes(db: Db, clubId: string, options: { includeInactive: boolean }): Promise<LaunchTypeRow[]> {
  let query = db.selectFrom('launch_type').selectAll().where('club_id', '=', clubId);
  if (!options.includeInactive) query = query.where('is_active', '=', true);
  return query.execute();
}

export function findLaunchType(db: Db, clubId: string, id: string): Promise<LaunchTypeRow | undefined> {
  return db.selectFrom('launch_type').selectAll().where('club_id', '=', clubId).where('id', '=', id).executeTakeFirst();
}

export function findLaunchTypeForUpdate(db: Db, clubId: string, id: string): Promise<LaunchTypeRow | undefined> {
  return db.selectFrom('launch_type').selectAll().where('club_id', '=', clubId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertLaunchType(db: Db, values: Insertable<LaunchTypeTable>): Promise<LaunchTypeRow | undefined> {
  return db
    .insertInto('launch_type')
    .values(values)
    .onConflict((oc) => oc.columns(['club_id', 'id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function updateLaunchType(db: Db, clubId: string, id: string, values: Changes<LaunchTypeTable>): Promise<LaunchTypeRow> {
  return db
    .updateTable('launch_type')
    .set(values)
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ── Intro launch options ─────────────────────────────────────────────────────

export function listIntroLaunches(db: Db, clubId: string, options: { includeInactive: boolean }): Promise<IntroLaunchRow[]> {
  let query = db.selectFrom('intro_launch').selectAll().where('club_id', '=', clubId);
  if (!options.includeInactive) query = query.where('is_active', '=', true);
  return query.execute();
}

export function findIntroLaunchForUpdate(db: Db, clubId: string, id: string): Promise<IntroLaunchRow | undefined> {
  return db.selectFrom('intro_launch').selectAll().where('club_id', '=', clubId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertIntroLaunch(db: Db, values: Insertable<IntroLaunchTable>): Promise<IntroLaunchRow | undefined> {
  return db
    .insertInto('intro_launch')
    .values(values)
    .onConflict((oc) => oc.columns(['club_id', 'id']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function updateIntroLaunch(db: Db, clubId: string, id: string, values: Changes<IntroLaunchTable>): Promise<IntroLaunchRow> {
  return db
    .updateTable('intro_launch')
    .set(values)
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

// ── Block rules ──────────────────────────────────────────────────────────────

export function listBlockRules(db: Db, clubId: string, options: { includeInactive: boolean }): Promise<BlockRuleRow[]> {
  let query = db.selectFrom('block_rule').selectAll().where('club_id', '=', clubId);
  if (!options.includeInactive) query = query.where('is_active', '=', true);
  return query.execute();
}

export function findBlockRuleForUpdate(db: Db, clubId: string, id: string): Promise<BlockRuleRow | undefined> {
  return db.selectFrom('block_rule').selectAll().where('club_id', '=', clubId).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A new rule; the database gives it its id. */
export function insertBlockRule(db: Db, values: Omit<Insertable<BlockRuleTable>, 'id'>): Promise<BlockRuleRow> {
  return db.insertInto('block_rule').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateBlockRule(db: Db, clubId: string, id: string, values: Changes<BlockRuleTable>): Promise<BlockRuleRow> {
  return db
    .updateTable('block_rule')
    .set(values)
    .where('club_id', '=', clubId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Which of these ids are block rules of the club (active or not). */
export async function existingBlockRuleIds(db: Db, clubId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('block_rule').select('id').where('club_id', '=', clubId).where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

// ── Taxes ────────────────────────────────────────────────────────────────────

export interface TaxUse {
  kind: 'glider' | 'launch type' | 'intro launch' | 'block rule';
  /** How a person knows the item: registration, label, or the block rule's name. */
  label: string;
  taxNames: string[];
}

/** The club's items (active or not) that apply any of these tax names. */
export async function itemsUsingTaxes(db: Db, clubId: string, names: string[]): Promise<TaxUse[]> {
  if (names.length === 0) return [];
  const overlaps = sql<boolean>`tax_names && ${sql.val(names)}::text[]`;
  // One after another: inside a transaction the queries share one connection.
  const gliders = await db.selectFrom('glider').select(['id', 'tax_names']).where('club_id', '=', clubId).where(overlaps).orderBy('id').execute();
  const launches = await db.selectFrom('launch_type').select(['id', 'tax_names']).where('club_id', '=', clubId).where(overlaps).orderBy('id').execute();
  const introLaunches = await db
    .selectFrom('intro_launch')
    .select(['id', 'tax_names'])
    .where('club_id', '=', clubId)
    .where(overlaps)
    .orderBy('id')
    .execute();
  const blocks = await db.selectFrom('block_rule').select(['name', 'tax_names']).where('club_id', '=', clubId).where(overlaps).orderBy('name').execute();
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
