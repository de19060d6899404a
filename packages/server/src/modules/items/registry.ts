import type { Kysely } from 'kysely';
import type { UpdateItemResult } from '@flightline/domain/api-types';
import { ITEM_TYPES, type ItemType, type UpdateItemInput } from '@flightline/domain/schemas/items';
import type { DB } from '../../db/schema.ts';
import { checkAccess, type UserContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { namedClub } from '../../http/params.ts';
import { pilotItemHandler } from '../members/pilot-item.ts';

/** What a handler of POST /api/update-item/ is given; `club` is the named club ("None" and null read as none). */
export interface ItemUpdate {
  ctx: UserContext;
  club: string | undefined;
  id: string;
  data: unknown;
  date: string | undefined;
  by: string | undefined;
}

/**
 * One item type's update. `access` is checked before `update` runs: 'user'
 * for the caller's own records (PILOT), 'member' for club items. The
 * handler checks the `club` it is given (assertSameClub) unless, like a
 * membership request, it names another club on purpose.
 */
export interface ItemHandler {
  access: 'user' | 'member';
  update(db: Kysely<DB>, input: ItemUpdate): Promise<UpdateItemResult>;
}

/** The item types handled so far; GLIDER, TUG, LAUNCH, BLOCK, INTRO_LAUNCH, INTRO, FLIGHT join as they are built. */
const handlers: Partial<Record<ItemType, ItemHandler>> = {
  PILOT: pilotItemHandler,
};

function handlerFor(type: string): ItemHandler {
  const handler = (ITEM_TYPES as readonly string[]).includes(type) ? handlers[type as ItemType] : undefined;
  if (!handler) throw badRequest(`Unknown item type ${type}`);
  return handler;
}

/** POST /api/update-item/: route the update to its item type's handler. */
export async function updateItem(db: Kysely<DB>, ctx: UserContext, input: UpdateItemInput): Promise<UpdateItemResult> {
  const handler = handlerFor(input.type);
  checkAccess(ctx, handler.access);
  return handler.update(db, {
    ctx,
    club: namedClub(input.club),
    id: input.id,
    data: input.data,
    date: input.date,
    by: input.by,
  });
}
