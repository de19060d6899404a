import type { Kysely, Transaction } from 'kysely';
import { z } from 'zod';
import type { UpdateItemAnswer, UpdateItemResult } from '@flightline/domain/api/types';
import { launchLabelSchema, registrationSchema } from '@flightline/domain/schemas/fleet';
import { compareText } from '@flightline/domain/club/text-order';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, hasRight, type MemberContext } from '../../http/context.ts';
import { badRequest, conflict, forbidden } from '../../http/errors.ts';
import { describeZodError } from '../../http/route.ts';
import { lockClub, type ClubRecord } from '../clubs/repo.ts';
import type { ItemHandler } from '../item-handler.ts';
import { findItemForUpdate, type ItemRow, type ItemTable } from './repo.ts';

/**
 * The club's fleet and price lists (docs/clubs-and-members.md "Items"): gliders, tugs,
 * launch types, intro launch options and block rules. An update-item call
 * creates the item when its id is new and otherwise changes only the fields
 * sent; ids never change. Nothing is deleted: items are set Not ready or
 * inactive. One file per item type (glider-service.ts, tug-service.ts,
 * launch-service.ts, intro-launch-service.ts, block-rule-service.ts) holds its
 * shape, list, save and update-item handler; this file what their saves share.
 */

export type Trx = Transaction<DB>;

/** Ids arrive in the update-item envelope and are checked like the editors' id fields; there is no rename. */
export const registrationIdSchema = z.object({ id: registrationSchema });
export const launchIdSchema = z.object({ id: launchLabelSchema });

/** Lists are ordered as people read them: registrations and labels digit-aware. */
export const byId = <T extends { id: string }>(a: T, b: T) => compareText(a.id, b.id) || a.id.localeCompare(b.id);

/**
 * Validate with the shared schema; the message names the item and the field ("Invalid glider: places: Seats must be
 * 1-4").
 */
export function parseData<S extends z.ZodType>(schema: S, data: unknown, item: string): z.infer<S> {
  // No null-means-defaults: update-item refuses null or missing data up front, and the object schemas refuse it here
  // too.
  const result = schema.safeParse(data);
  if (!result.success) throw badRequest(`Invalid ${item}: ${describeZodError(result.error)}`);
  return result.data;
}

export function requireAdmin(ctx: MemberContext, what: string): void {
  if (!hasRight(ctx, 'admin')) throw forbidden(`Only an admin can create or change ${what}`);
}

/** A list kept in its order, each name once (editors send checkbox choices). */
export const distinct = (values: readonly string[]) => [...new Set(values)];

/** Every tax name an item applies must be one of the club's tax rates. */
export function checkTaxNames(club: ClubRecord, names: readonly string[] | undefined): void {
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
function inClubTransaction<T>(
  db: Kysely<DB>,
  ctx: MemberContext,
  work: (trx: Trx, club: ClubRecord) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => work(trx, await lockClub(trx, ctx.club.id, 'share')));
}

const justCreated = (what: string, id: string) =>
  conflict(`${what} ${id} was created by someone else a moment ago: reload the page and edit it`);

/** How one kind of item is created and changed; saveItem does the rest. */
export interface ItemSave<T extends ItemTable, Item> {
  table: T;
  /** As the messages name it: 'Glider', 'Intro launch'. */
  what: string;
  /** The new row; undefined when another request created the id first. */
  create(trx: Trx, club: ClubRecord): Promise<ItemRow<T> | undefined>;
  change(trx: Trx, club: ClubRecord, existing: ItemRow<T>): Promise<ItemRow<T>>;
  item(row: ItemRow<T>): Item;
}

/**
 * update-item's rule for every item: create the item when its id is new (undefined: always new), otherwise change
 * it.
 */
export function saveItem<T extends ItemTable, Item>(
  db: Kysely<DB>,
  ctx: MemberContext,
  id: string | undefined,
  save: ItemSave<T, Item>,
): Promise<UpdateItemResult<Item>> {
  return inClubTransaction(db, ctx, async (trx, club) => {
    const existing = id === undefined ? undefined : await findItemForUpdate(trx, save.table, club.id, id);
    if (existing) return updated(save.what, save.item(await save.change(trx, club, existing)));
    const row = await save.create(trx, club);
    if (!row) throw justCreated(save.what, id ?? '');
    return created(save.what, save.item(row));
  });
}

type Save = (db: Kysely<DB>, ctx: MemberContext, input: { id: string; data: unknown }) => Promise<UpdateItemAnswer>;

/** A club item of update-item: active members only, in their active club; the save checks the rights. */
export function clubItem(save: Save): ItemHandler<'member'> {
  return {
    access: 'member',
    async update(db, input) {
      assertSameClub(input.ctx, input.club);
      return save(db, input.ctx, input);
    },
  };
}
