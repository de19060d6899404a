import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type {
  BlockRuleItem,
  GliderItem,
  IntroLaunchItem,
  LaunchItem,
  TugItem,
  UpdateItemResult,
} from '@flightline/domain/api-types';
import {
  BLOCK_DEFAULTS,
  blockCreateSchema,
  blockUpdateSchema,
  GLIDER_DEFAULTS,
  gliderFieldsSchema,
  gliderUpdateSchema,
  INTRO_LAUNCH_DEFAULTS,
  introLaunchCreateSchema,
  introLaunchUpdateSchema,
  LAUNCH_DEFAULTS,
  launchFieldsSchema,
  launchLabelSchema,
  launchProblem,
  launchUpdateSchema,
  registrationSchema,
  TUG_DEFAULTS,
  tugFieldsSchema,
  tugUpdateSchema,
  type BlockFields,
  type GliderFields,
  type IntroLaunchFields,
  type LaunchFields,
  type TugFields,
} from '@flightline/domain/schemas/fleet';
import { compareText } from '@flightline/domain/text-order';
import type { DB } from '../../db/schema.ts';
import { hasRight, type MemberContext } from '../../http/context.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { describeZodError } from '../../http/route.ts';
import { lockClub, type ClubRecord } from '../clubs/repo.ts';
import { dataKeys } from '../items/item-handler.ts';
import { onlyDefined } from '../only-defined.ts';
import {
  existingBlockRuleIds,
  findBlockRuleForUpdate,
  findGliderForUpdate,
  findIntroLaunchForUpdate,
  findLaunchType,
  findLaunchTypeForUpdate,
  findTugForUpdate,
  insertBlockRule,
  insertGlider,
  insertIntroLaunch,
  insertLaunchType,
  insertTug,
  listBlockRules,
  listGliders,
  listIntroLaunches,
  listLaunchTypes,
  listTugs,
  updateBlockRule,
  updateGlider,
  updateIntroLaunch,
  updateLaunchType,
  updateTug,
  type BlockRuleRow,
  type GliderRow,
  type IntroLaunchRow,
  type LaunchTypeRow,
  type TugRow,
} from './repo.ts';

/**
 * The club's fleet and price lists (docs/clubs-and-members.md "Items"): gliders, tugs,
 * launch types, intro launch options and block rules. An update-item call
 * creates the item when its id is new and otherwise changes only the fields
 * sent; ids never change. Nothing is deleted: items are set Not ready or
 * inactive.
 */

type Trx = Transaction<DB>;

/** Ids arrive in the update-item envelope and are checked like the editors' id fields; there is no rename. */
const registrationIdSchema = z.object({ id: registrationSchema });
const launchIdSchema = z.object({ id: launchLabelSchema });
/** Block rule ids are the database's uuids as text (a glider lists them), or 'new'. */
const NEW_BLOCK_ID = 'new';
const blockIdSchema = z.object({ id: z.string().trim().min(1, 'Block id is required').max(60, 'Block id must be at most 60 characters') });

// ── Shapes the API answers ───────────────────────────────────────────────────

export function gliderItem(row: GliderRow): GliderItem {
  return {
    id: row.id,
    places: row.places,
    weight: row.weight_kg,
    rateCentsPerMinute: row.rate_cents_per_minute,
    launchSpeed: row.launch_speed_kn,
    status: row.status,
    blocks: row.block_rule_ids,
    taxStatus: row.tax_status,
    taxRates: row.tax_names,
  };
}

export function tugItem(row: TugRow): TugItem {
  return { id: row.id, aircraftType: row.aircraft_type, places: row.places, status: row.status };
}

export function launchItem(row: LaunchTypeRow): LaunchItem {
  return {
    id: row.id,
    kind: row.kind,
    priceCents: row.price_cents,
    height: row.height,
    heightRanges: row.height_ranges.map((range) => ({ start: range.start, end: range.end, per: range.per, costCents: range.costCents })),
    taxStatus: row.tax_status,
    taxRates: row.tax_names,
    isActive: row.is_active,
  };
}

export function introLaunchItem(row: IntroLaunchRow): IntroLaunchItem {
  return {
    id: row.id,
    launch: row.launch_type_id,
    priceCents: row.price_cents,
    taxStatus: row.tax_status,
    taxRates: row.tax_names,
    isActive: row.is_active,
  };
}

export function blockRuleItem(row: BlockRuleRow): BlockRuleItem {
  return {
    id: row.id,
    name: row.name,
    units: row.units,
    amount: row.amount,
    blockPriceCents: row.price_cents,
    endsWithMembership: row.ends_with_membership,
    endsAfterDays: row.ends_after_days,
    daysCount: row.days_count,
    endsAfterFlyingDays: row.ends_after_flying_days,
    flyingDaysCount: row.flying_days_count,
    minFlightChargeCents: row.min_flight_charge_cents,
    minFlightUnits: row.min_flight_units,
    maxFlightChargeCents: row.max_flight_charge_cents,
    maxFlightUnits: row.max_flight_units,
    // numeric(6, 3): exact text from the database, at most three decimals.
    excessMultiplier: Number(row.excess_multiplier),
    taxStatus: row.tax_status,
    taxRates: row.tax_names,
    active: row.is_active,
  };
}

// ── Lists (ordered as people read them: registrations and labels digit-aware) ─

const byId = <T extends { id: string }>(a: T, b: T) => compareText(a.id, b.id) || a.id.localeCompare(b.id);

export async function listGliderItems(db: Kysely<DB>, clubId: string): Promise<GliderItem[]> {
  return (await listGliders(db, clubId)).map(gliderItem).sort(byId);
}

export async function listTugItems(db: Kysely<DB>, clubId: string): Promise<TugItem[]> {
  return (await listTugs(db, clubId)).map(tugItem).sort(byId);
}

export async function listLaunchItems(db: Kysely<DB>, clubId: string, options: { includeInactive: boolean }): Promise<LaunchItem[]> {
  return (await listLaunchTypes(db, clubId, options)).map(launchItem).sort(byId);
}

export async function listIntroLaunchItems(
  db: Kysely<DB>,
  clubId: string,
  options: { includeInactive: boolean },
): Promise<IntroLaunchItem[]> {
  return (await listIntroLaunches(db, clubId, options)).map(introLaunchItem).sort(byId);
}

export async function listBlockRuleItems(
  db: Kysely<DB>,
  clubId: string,
  options: { includeInactive: boolean },
): Promise<BlockRuleItem[]> {
  return (await listBlockRules(db, clubId, options))
    .map(blockRuleItem)
    .sort((a, b) => compareText(a.name, b.name) || a.id.localeCompare(b.id));
}

// ── Checks shared by the editors ─────────────────────────────────────────────

/** Validate with the shared schema; the message names the item and the field ("Invalid glider: places: Seats must be 1-4"). */
function parseData<S extends z.ZodType>(schema: S, data: unknown, item: string): z.infer<S> {
  // No null-means-defaults: update-item refuses null or missing data up front, and the object schemas refuse it here too.
  const result = schema.safeParse(data);
  if (!result.success) throw badRequest(`Invalid ${item}: ${describeZodError(result.error)}`);
  return result.data;
}

function requireAdmin(ctx: MemberContext, what: string): void {
  if (!hasRight(ctx, 'admin')) throw forbidden(`Only an admin can create or change ${what}`);
}

/** A list kept in its order, each name once (editors send checkbox choices). */
const distinct = (values: readonly string[]) => [...new Set(values)];

/** Every tax name an item applies must be one of the club's tax rates. */
function checkTaxNames(club: ClubRecord, names: readonly string[] | undefined): void {
  for (const name of names ?? []) {
    if (!Object.hasOwn(club.tax_rates, name)) throw badRequest(`Unknown tax ${name}`);
  }
}

function created<T>(what: string, item: T): UpdateItemResult<T> {
  return { statusCode: 200, message: `${what} created successfully`, item };
}

function updated<T>(what: string, item: T): UpdateItemResult<T> {
  return { statusCode: 200, message: `${what} updated successfully`, item };
}

/**
 * Each save locks the club row for share (tax names and height unit can't
 * change under it) and the item row for update, so two editors saving at
 * once are applied one after the other.
 */
function inClubTransaction<T>(db: Kysely<DB>, ctx: MemberContext, work: (trx: Trx, club: ClubRecord) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => work(trx, await lockClub(trx, ctx.club.id, 'share')));
}

const justCreated = (what: string, id: string) =>
  conflict(`${what} ${id} was created by someone else a moment ago: reload the page and edit it`);

// ── Gliders ──────────────────────────────────────────────────────────────────

function gliderColumns(fields: Partial<GliderFields>) {
  return onlyDefined({
    places: fields.places,
    weight_kg: fields.weight,
    rate_cents_per_minute: fields.rateCentsPerMinute,
    launch_speed_kn: fields.launchSpeed,
    status: fields.status,
    block_rule_ids: fields.blocks && distinct(fields.blocks),
    tax_status: fields.taxStatus,
    tax_names: fields.taxRates && distinct(fields.taxRates),
  });
}

async function checkGliderReferences(trx: Trx, club: ClubRecord, fields: Partial<GliderFields>): Promise<void> {
  if (fields.blocks) {
    const known = await existingBlockRuleIds(trx, club.id, fields.blocks);
    const unknown = fields.blocks.find((id) => !known.has(id));
    if (unknown !== undefined) throw badRequest(`Unknown block rule ${unknown}`);
  }
  checkTaxNames(club, fields.taxRates);
}

/**
 * update-item GLIDER. Admins and holders of Can Update Gliders create
 * gliders with any fields; afterwards only an admin changes details other
 * than status. Flying is set by the flight line only, and a flying glider's
 * status waits for its landing.
 */
export async function saveGlider(db: Kysely<DB>, ctx: MemberContext, input: { id: string; data: unknown }): Promise<UpdateItemResult<GliderItem>> {
  if (!hasRight(ctx, 'canUpdateGliders')) throw forbidden('Only an admin or a member who can update gliders can create or change gliders');
  const { id } = parseData(registrationIdSchema, { id: input.id }, 'glider');
  return inClubTransaction(db, ctx, async (trx, club) => {
    const existing = await findGliderForUpdate(trx, club.id, id);
    if (!existing) {
      const data = parseData(gliderFieldsSchema.partial(), input.data, 'glider');
      const fields: GliderFields = { ...GLIDER_DEFAULTS, blocks: [], taxRates: [], ...data };
      await checkGliderReferences(trx, club, fields);
      const row = await insertGlider(trx, { club_id: club.id, id, ...gliderColumns(fields) });
      if (!row) throw justCreated('Glider', id);
      return created('Glider', gliderItem(row));
    }
    if (!hasRight(ctx, 'admin') && dataKeys(input.data).some((key) => key !== 'status')) {
      throw forbidden('Only an admin can change glider details other than status');
    }
    const change = parseData(gliderUpdateSchema, input.data, 'glider');
    if (change.status !== undefined && existing.status === 'Flying') {
      throw conflict('The glider is flying; it becomes Ready when it lands');
    }
    await checkGliderReferences(trx, club, change);
    return updated('Glider', gliderItem(await updateGlider(trx, club.id, id, gliderColumns(change))));
  });
}

// ── Tugs ─────────────────────────────────────────────────────────────────────

function tugColumns(fields: Partial<TugFields>) {
  return onlyDefined({ aircraft_type: fields.aircraftType, places: fields.places, status: fields.status });
}

/** update-item TUG (admin): a tug's type, seats and status (Ready or Not ready). */
export async function saveTug(db: Kysely<DB>, ctx: MemberContext, input: { id: string; data: unknown }): Promise<UpdateItemResult<TugItem>> {
  requireAdmin(ctx, 'tugs');
  const { id } = parseData(registrationIdSchema, { id: input.id }, 'tug');
  return inClubTransaction(db, ctx, async (trx, club) => {
    const existing = await findTugForUpdate(trx, club.id, id);
    if (!existing) {
      const data = parseData(tugFieldsSchema.partial(), input.data, 'tug');
      const row = await insertTug(trx, { club_id: club.id, id, ...tugColumns({ ...TUG_DEFAULTS, ...data }) });
      if (!row) throw justCreated('Tug', id);
      return created('Tug', tugItem(row));
    }
    const change = parseData(tugUpdateSchema, input.data, 'tug');
    return updated('Tug', tugItem(await updateTug(trx, club.id, id, tugColumns(change))));
  });
}

// ── Launch types ─────────────────────────────────────────────────────────────

function launchFields(row: LaunchTypeRow): LaunchFields {
  const { id: _id, ...fields } = launchItem(row);
  return fields;
}

function launchColumns(fields: Partial<LaunchFields>) {
  return onlyDefined({
    kind: fields.kind,
    price_cents: fields.priceCents,
    height: fields.height,
    height_ranges: fields.heightRanges && JSON.stringify(fields.heightRanges),
    tax_status: fields.taxStatus,
    tax_names: fields.taxRates && distinct(fields.taxRates),
    is_active: fields.isActive,
  });
}

/** The launch as it will be stored must make sense as a whole, in the club's height unit (the browser runs the same check). */
function checkLaunch(club: ClubRecord, launch: LaunchFields): void {
  const problem = launchProblem(launch, club.height_unit);
  if (problem) throw badRequest(problem);
  checkTaxNames(club, launch.taxRates);
}

/** update-item LAUNCH (admin): a fixed (known height) or variable (priced height ranges) launch type. */
export async function saveLaunch(db: Kysely<DB>, ctx: MemberContext, input: { id: string; data: unknown }): Promise<UpdateItemResult<LaunchItem>> {
  requireAdmin(ctx, 'launch types');
  const { id } = parseData(launchIdSchema, { id: input.id }, 'launch');
  return inClubTransaction(db, ctx, async (trx, club) => {
    const existing = await findLaunchTypeForUpdate(trx, club.id, id);
    if (!existing) {
      const data = parseData(launchFieldsSchema.partial(), input.data, 'launch');
      const fields: LaunchFields = { ...LAUNCH_DEFAULTS, heightRanges: [], taxRates: [], ...data };
      checkLaunch(club, fields);
      const row = await insertLaunchType(trx, { club_id: club.id, id, kind: fields.kind, ...launchColumns(fields) });
      if (!row) throw justCreated('Launch', id);
      return created('Launch', launchItem(row));
    }
    const change = parseData(launchUpdateSchema, input.data, 'launch');
    checkLaunch(club, { ...launchFields(existing), ...change });
    return updated('Launch', launchItem(await updateLaunchType(trx, club.id, id, launchColumns(change))));
  });
}

// ── Intro launch options ─────────────────────────────────────────────────────

function introLaunchColumns(fields: Partial<IntroLaunchFields>) {
  return onlyDefined({
    launch_type_id: fields.launch,
    price_cents: fields.priceCents,
    tax_status: fields.taxStatus,
    tax_names: fields.taxRates && distinct(fields.taxRates),
    is_active: fields.isActive,
  });
}

async function checkIntroLaunchReferences(trx: Trx, club: ClubRecord, fields: Partial<IntroLaunchFields>): Promise<void> {
  if (fields.launch !== undefined && !(await findLaunchType(trx, club.id, fields.launch))) {
    throw badRequest(`Unknown launch type ${fields.launch}`);
  }
  checkTaxNames(club, fields.taxRates);
}

/** update-item INTRO_LAUNCH (admin): what an intro flight sells — a launch type of the club at a price. */
export async function saveIntroLaunch(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: { id: string; data: unknown },
): Promise<UpdateItemResult<IntroLaunchItem>> {
  requireAdmin(ctx, 'intro launches');
  const { id } = parseData(launchIdSchema, { id: input.id }, 'intro launch');
  return inClubTransaction(db, ctx, async (trx, club) => {
    const existing = await findIntroLaunchForUpdate(trx, club.id, id);
    if (!existing) {
      const data = parseData(introLaunchCreateSchema, input.data, 'intro launch');
      const fields: IntroLaunchFields = { ...INTRO_LAUNCH_DEFAULTS, taxRates: [], ...data };
      await checkIntroLaunchReferences(trx, club, fields);
      const row = await insertIntroLaunch(trx, {
        club_id: club.id,
        id,
        launch_type_id: fields.launch,
        price_cents: fields.priceCents,
        ...introLaunchColumns(fields),
      });
      if (!row) throw justCreated('Intro launch', id);
      return created('Intro launch', introLaunchItem(row));
    }
    const change = parseData(introLaunchUpdateSchema, input.data, 'intro launch');
    await checkIntroLaunchReferences(trx, club, change);
    return updated('Intro launch', introLaunchItem(await updateIntroLaunch(trx, club.id, id, introLaunchColumns(change))));
  });
}

// ── Block rules ──────────────────────────────────────────────────────────────

function blockColumns(fields: Partial<BlockFields>) {
  return onlyDefined({
    name: fields.name,
    units: fields.units,
    amount: fields.amount,
    price_cents: fields.blockPriceCents,
    ends_with_membership: fields.endsWithMembership,
    ends_after_days: fields.endsAfterDays,
    days_count: fields.daysCount,
    ends_after_flying_days: fields.endsAfterFlyingDays,
    flying_days_count: fields.flyingDaysCount,
    min_flight_charge_cents: fields.minFlightChargeCents,
    min_flight_units: fields.minFlightUnits,
    max_flight_charge_cents: fields.maxFlightChargeCents,
    max_flight_units: fields.maxFlightUnits,
    excess_multiplier: fields.excessMultiplier,
    tax_status: fields.taxStatus,
    tax_names: fields.taxRates && distinct(fields.taxRates),
    is_active: fields.active,
  });
}

/**
 * update-item BLOCK (admin): a prepaid package rule. Rules have no natural
 * key, so an id of 'new' (or one the club does not have) creates a rule and
 * the server gives it its id, returned in the item.
 */
export async function saveBlockRule(
  db: Kysely<DB>,
  ctx: MemberContext,
  input: { id: string; data: unknown },
): Promise<UpdateItemResult<BlockRuleItem>> {
  requireAdmin(ctx, 'block rules');
  const { id } = parseData(blockIdSchema, { id: input.id }, 'block');
  return inClubTransaction(db, ctx, async (trx, club) => {
    const existing = id === NEW_BLOCK_ID ? undefined : await findBlockRuleForUpdate(trx, club.id, id);
    if (!existing) {
      const data = parseData(blockCreateSchema, input.data, 'block');
      const fields: BlockFields = { ...BLOCK_DEFAULTS, taxRates: [], ...data };
      checkTaxNames(club, fields.taxRates);
      const row = await insertBlockRule(trx, { club_id: club.id, name: fields.name, units: fields.units, ...blockColumns(fields) });
      return created('Block', blockRuleItem(row));
    }
    const change = parseData(blockUpdateSchema, input.data, 'block');
    checkTaxNames(club, change.taxRates);
    return updated('Block', blockRuleItem(await updateBlockRule(trx, club.id, id, blockColumns(change))));
  });
}
