import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type {
  BlockRuleItem,
  GliderItem,
  IntroLaunchItem,
  LaunchItem,
  TugItem,
  UpdateItemResult,
} from '@flightline/domain/api/types';
import {
  BLOCK_DEFAULTS,
  blockCreateSchema,
  blockUpdateSchema,
  GLIDER_DEFAULTS,
  GLIDER_OPERATIONAL_FIELDS,
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
  maintenanceDateProblem,
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
import { clubToday } from '@flightline/domain/time/club-time';
import { flarmIdSchema } from '@flightline/domain/ogn/settings';
import { compareText } from '@flightline/domain/club/text-order';
import type { DB } from '../../db/schema.ts';
import { hasRight, type MemberContext } from '../../http/context.ts';
import { databaseAnswer, flarmIdTakenMessage, isFlarmIdTaken, type FlarmIdHolder } from '../../http/database-errors.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { describeZodError } from '../../http/route.ts';
import { lockClub, type ClubRecord } from '../clubs/repo.ts';
import { dataKeys } from '../item-handler.ts';
import { onlyDefined } from '../only-defined.ts';
import {
  existingBlockRuleIds,
  findItem,
  findItemForUpdate,
  insertBlockRule,
  insertItem,
  listItems,
  updateItem,
  type BlockRuleRow,
  type GliderRow,
  type IntroLaunchRow,
  type ItemRow,
  type ItemTable,
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
    aircraftType: row.aircraft_type,
    maintenanceDate: row.maintenance_date,
    flarmId: row.flarm_id ?? '',
  };
}

export function tugItem(row: TugRow): TugItem {
  return { id: row.id, aircraftType: row.aircraft_type, places: row.places, status: row.status, flarmId: row.flarm_id ?? '' };
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
  return (await listItems(db, 'glider', clubId)).map(gliderItem).sort(byId);
}

export async function listTugItems(db: Kysely<DB>, clubId: string): Promise<TugItem[]> {
  return (await listItems(db, 'tug', clubId)).map(tugItem).sort(byId);
}

export async function listLaunchItems(db: Kysely<DB>, clubId: string, options: { includeInactive: boolean }): Promise<LaunchItem[]> {
  return (await listItems(db, 'launch_type', clubId, options)).map(launchItem).sort(byId);
}

export async function listIntroLaunchItems(
  db: Kysely<DB>,
  clubId: string,
  options: { includeInactive: boolean },
): Promise<IntroLaunchItem[]> {
  return (await listItems(db, 'intro_launch', clubId, options)).map(introLaunchItem).sort(byId);
}

export async function listBlockRuleItems(
  db: Kysely<DB>,
  clubId: string,
  options: { includeInactive: boolean },
): Promise<BlockRuleItem[]> {
  return (await listItems(db, 'block_rule', clubId, options))
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

/** How one kind of item is created and changed; saveItem does the rest. */
interface ItemSave<T extends ItemTable, Item> {
  table: T;
  /** As the messages name it: 'Glider', 'Intro launch'. */
  what: string;
  /** The new row; undefined when another request created the id first. */
  create(trx: Trx, club: ClubRecord): Promise<ItemRow<T> | undefined>;
  change(trx: Trx, club: ClubRecord, existing: ItemRow<T>): Promise<ItemRow<T>>;
  item(row: ItemRow<T>): Item;
}

/** update-item's rule for every item: create the item when its id is new (undefined: always new), otherwise change it. */
function saveItem<T extends ItemTable, Item>(db: Kysely<DB>, ctx: MemberContext, id: string | undefined, save: ItemSave<T, Item>): Promise<UpdateItemResult<Item>> {
  return inClubTransaction(db, ctx, async (trx, club) => {
    const existing = id === undefined ? undefined : await findItemForUpdate(trx, save.table, club.id, id);
    if (existing) return updated(save.what, save.item(await save.change(trx, club, existing)));
    const row = await save.create(trx, club);
    if (!row) throw justCreated(save.what, id ?? '');
    return created(save.what, save.item(row));
  });
}

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
    aircraft_type: fields.aircraftType,
    maintenance_date: fields.maintenanceDate,
    flarm_id: fields.flarmId === undefined ? undefined : fields.flarmId || null,
  });
}

/**
 * A FLARM ID names one aircraft of the club: a glider and a tug never share one (docs/ogn.md "Settings").
 * The partial unique indexes of 0024 keep it within each table.
 */
async function checkFlarmId(trx: Trx, clubId: string, itemId: string, flarmId: string | undefined): Promise<void> {
  if (!flarmId) return;
  const holder = await flarmIdHolder(trx, clubId, itemId, flarmId);
  if (holder) throw conflict(flarmIdTakenMessage(flarmId, holder));
}

async function flarmIdHolder(db: Kysely<DB> | Trx, clubId: string, itemId: string, flarmId: string): Promise<FlarmIdHolder | undefined> {
  for (const kind of ['glider', 'tug'] as const) {
    const holder = (await listItems(db, kind, clubId)).find((item) => item.flarm_id === flarmId && item.id !== itemId);
    if (holder) return { kind, id: holder.id };
  }
  return undefined;
}

/**
 * A save that lost a race for its FLARM ID (two saves at once, neither check
 * seeing the other's): the unique index refused it, and the answer names the
 * winner, read now that it has committed — the check's own 409.
 */
async function raceForFlarmId<T>(db: Kysely<DB>, clubId: string, itemId: string, data: unknown, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (error) {
    const sent = flarmIdSchema.safeParse(typeof data === 'object' && data !== null ? (data as { flarmId?: unknown }).flarmId : undefined);
    if (!isFlarmIdTaken(error) || !sent.success || !sent.data) throw error;
    throw databaseAnswer(error, { name: 'flarm-id', flarmId: sent.data, holder: await flarmIdHolder(db, clubId, itemId, sent.data) }) ?? error;
  }
}

async function checkGliderReferences(trx: Trx, club: ClubRecord, fields: Partial<GliderFields>, today: string): Promise<void> {
  if (fields.blocks) {
    const known = await existingBlockRuleIds(trx, club.id, fields.blocks);
    const unknown = fields.blocks.find((id) => !known.has(id));
    if (unknown !== undefined) throw badRequest(`Unknown block rule ${unknown}`);
  }
  checkTaxNames(club, fields.taxRates);
  // A maintenance date marks work already done: a day after the club's today is a typing slip.
  const problem = fields.maintenanceDate === undefined ? null : maintenanceDateProblem(fields.maintenanceDate, today);
  if (problem) throw badRequest(problem);
}

/**
 * update-item GLIDER. Admins and holders of Can Update Gliders create
 * gliders with any fields; afterwards only an admin changes details other
 * than the operational ones (status, maintenance date). Flying is set by the
 * flight line only, and a flying glider's status waits for its landing.
 */
export async function saveGlider(db: Kysely<DB>, ctx: MemberContext, input: { id: string; data: unknown }): Promise<UpdateItemResult<GliderItem>> {
  if (!hasRight(ctx, 'canUpdateGliders')) throw forbidden('Only an admin or a member who can update gliders can create or change gliders');
  const { id } = parseData(registrationIdSchema, { id: input.id }, 'glider');
  const today = clubToday(ctx.club.time_zone, ctx.now);
  return raceForFlarmId(db, ctx.club.id, id, input.data, () => saveItem(db, ctx, id, {
    table: 'glider',
    what: 'Glider',
    item: gliderItem,
    async create(trx, club) {
      const data = parseData(gliderFieldsSchema.partial(), input.data, 'glider');
      const fields: GliderFields = { ...GLIDER_DEFAULTS, blocks: [], taxRates: [], ...data };
      await checkGliderReferences(trx, club, fields, today);
      await checkFlarmId(trx, club.id, id, fields.flarmId);
      return insertItem(trx, 'glider', { club_id: club.id, id, ...gliderColumns(fields) });
    },
    async change(trx, club, existing) {
      if (!hasRight(ctx, 'admin') && dataKeys(input.data).some((key) => !(GLIDER_OPERATIONAL_FIELDS as readonly string[]).includes(key))) {
        throw forbidden('Only an admin can change glider details other than status and maintenance date');
      }
      const change = parseData(gliderUpdateSchema, input.data, 'glider');
      if (change.status !== undefined && existing.status === 'Flying') {
        throw conflict('The glider is flying; it becomes Ready when it lands');
      }
      await checkGliderReferences(trx, club, change, today);
      await checkFlarmId(trx, club.id, id, change.flarmId);
      return updateItem(trx, 'glider', club.id, id, gliderColumns(change));
    },
  }));
}

// ── Tugs ─────────────────────────────────────────────────────────────────────

function tugColumns(fields: Partial<TugFields>) {
  return onlyDefined({
    aircraft_type: fields.aircraftType,
    places: fields.places,
    status: fields.status,
    flarm_id: fields.flarmId === undefined ? undefined : fields.flarmId || null,
  });
}

/** update-item TUG (admin): a tug's type, seats and status (Ready or Not ready). */
export async function saveTug(db: Kysely<DB>, ctx: MemberContext, input: { id: string; data: unknown }): Promise<UpdateItemResult<TugItem>> {
  requireAdmin(ctx, 'tugs');
  const { id } = parseData(registrationIdSchema, { id: input.id }, 'tug');
  return raceForFlarmId(db, ctx.club.id, id, input.data, () => saveItem(db, ctx, id, {
    table: 'tug',
    what: 'Tug',
    item: tugItem,
    async create(trx, club) {
      const data = parseData(tugFieldsSchema.partial(), input.data, 'tug');
      await checkFlarmId(trx, club.id, id, data.flarmId);
      return insertItem(trx, 'tug', { club_id: club.id, id, ...tugColumns({ ...TUG_DEFAULTS, ...data }) });
    },
    async change(trx, club) {
      const change = parseData(tugUpdateSchema, input.data, 'tug');
      await checkFlarmId(trx, club.id, id, change.flarmId);
      return updateItem(trx, 'tug', club.id, id, tugColumns(change));
    },
  }));
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
  return saveItem(db, ctx, id, {
    table: 'launch_type',
    what: 'Launch',
    item: launchItem,
    async create(trx, club) {
      const data = parseData(launchFieldsSchema.partial(), input.data, 'launch');
      const fields: LaunchFields = { ...LAUNCH_DEFAULTS, heightRanges: [], taxRates: [], ...data };
      checkLaunch(club, fields);
      return insertItem(trx, 'launch_type', { club_id: club.id, id, kind: fields.kind, ...launchColumns(fields) });
    },
    async change(trx, club, existing) {
      const change = parseData(launchUpdateSchema, input.data, 'launch');
      checkLaunch(club, { ...launchFields(existing), ...change });
      return updateItem(trx, 'launch_type', club.id, id, launchColumns(change));
    },
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
  if (fields.launch !== undefined && !(await findItem(trx, 'launch_type', club.id, fields.launch))) {
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
  return saveItem(db, ctx, id, {
    table: 'intro_launch',
    what: 'Intro launch',
    item: introLaunchItem,
    async create(trx, club) {
      const data = parseData(introLaunchCreateSchema, input.data, 'intro launch');
      const fields: IntroLaunchFields = { ...INTRO_LAUNCH_DEFAULTS, taxRates: [], ...data };
      await checkIntroLaunchReferences(trx, club, fields);
      return insertItem(trx, 'intro_launch', {
        club_id: club.id,
        id,
        launch_type_id: fields.launch,
        price_cents: fields.priceCents,
        ...introLaunchColumns(fields),
      });
    },
    async change(trx, club) {
      const change = parseData(introLaunchUpdateSchema, input.data, 'intro launch');
      await checkIntroLaunchReferences(trx, club, change);
      return updateItem(trx, 'intro_launch', club.id, id, introLaunchColumns(change));
    },
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
  return saveItem(db, ctx, id === NEW_BLOCK_ID ? undefined : id, {
    table: 'block_rule',
    what: 'Block',
    item: blockRuleItem,
    async create(trx, club) {
      const data = parseData(blockCreateSchema, input.data, 'block');
      const fields: BlockFields = { ...BLOCK_DEFAULTS, taxRates: [], ...data };
      checkTaxNames(club, fields.taxRates);
      return insertBlockRule(trx, { club_id: club.id, name: fields.name, units: fields.units, ...blockColumns(fields) });
    },
    async change(trx, club) {
      const change = parseData(blockUpdateSchema, input.data, 'block');
      checkTaxNames(club, change.taxRates);
      return updateItem(trx, 'block_rule', club.id, id, blockColumns(change));
    },
  });
}
