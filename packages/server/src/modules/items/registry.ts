import type { Kysely } from 'kysely';
import type { ListedItem, ListItemsAnswer, UpdateItemAnswer } from '@flightline/domain/api/types';
import type { ListedType } from '@flightline/domain/api/items';
import type { ItemType, UpdateItemBody } from '@flightline/domain/schemas/items';
import type { DB } from '../../db/schema.ts';
import { assertSameClub, hasRight, requireRight, type MemberContext, type UserContext } from '../../http/context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { namedClub } from '../../http/params.ts';
import { blockItemHandler, listBlockRuleItems } from '../fleet/block-rule-service.ts';
import { gliderItemHandler, listGliderItems } from '../fleet/glider-service.ts';
import { introLaunchItemHandler, listIntroLaunchItems } from '../fleet/intro-launch-service.ts';
import { launchItemHandler, listLaunchItems } from '../fleet/launch-service.ts';
import { listTugItems, tugItemHandler } from '../fleet/tug-service.ts';
import { listFlightItems } from '../flights/list-service.ts';
import { findLinkedFlight } from '../flights/repo.ts';
import { flightItemHandler } from '../flights/request-service.ts';
import { introItemHandler } from '../intros/intro-item.ts';
import { pilotItemHandler } from '../members/pilot-item.ts';
import { listLinePilots } from '../members/service.ts';
import { withAccess, type ItemHandler, type ItemLister } from '../item-handler.ts';

/** The item types POST /api/update-item/ handles: every type its body names. */
const handlers: Record<ItemType, ItemHandler<'user'> | ItemHandler<'member'>> = {
  PILOT: pilotItemHandler,
  GLIDER: gliderItemHandler,
  TUG: tugItemHandler,
  LAUNCH: launchItemHandler,
  INTRO_LAUNCH: introLaunchItemHandler,
  BLOCK: blockItemHandler,
  INTRO: introItemHandler(findLinkedFlight),
  FLIGHT: flightItemHandler,
};

/**
 * The item types GET /api/list-items/ lists, for every active member (the
 * flight line needs them). Inactive launch types and intro launches only
 * for admins (they re-activate them); inactive block rules for no one;
 * PILOT lists active members, and with includeInactive (admins only) every
 * member the club has had, for names on old records (exports).
 */
const listers: { [T in ListedType]: ItemLister<ListedItem<T>> } = {
  GLIDER: { list: (db, ctx) => listGliderItems(db, ctx.club.id) },
  TUG: { list: (db, ctx) => listTugItems(db, ctx.club.id) },
  LAUNCH: { list: (db, ctx) => listLaunchItems(db, ctx.club.id, { includeInactive: hasRight(ctx, 'admin') }) },
  INTRO_LAUNCH: {
    list: (db, ctx) => listIntroLaunchItems(db, ctx.club.id, { includeInactive: hasRight(ctx, 'admin') }),
  },
  BLOCK: { list: (db, ctx) => listBlockRuleItems(db, ctx.club.id, { includeInactive: false }) },
  PILOT: { list: (db, ctx, query) => listLinePilots(db, ctx, { includeInactive: query.includeInactive }) },
  FLIGHT: { list: (db, ctx, query) => listFlightItems(db, ctx, query.day) },
};

const LISTED_TYPES = Object.keys(listers).join(', ');

function listedType(type: string): type is ListedType {
  return Object.hasOwn(listers, type);
}

/**
 * POST /api/update-item/: route the update (its body parsed by type) to its item type's handler, at that handler's
 * access level.
 */
export async function updateItem(db: Kysely<DB>, ctx: UserContext, body: UpdateItemBody): Promise<UpdateItemAnswer> {
  if ('unknownType' in body) throw badRequest(`Unknown item type ${body.unknownType}`);
  const handler = handlers[body.type];
  const input = { ctx, club: namedClub(body.club), id: body.id, data: body.data, date: body.date, by: body.by };
  return handler.access === 'member'
    ? handler.update(db, withAccess('member', input))
    : handler.update(db, withAccess('user', input));
}

/** GET /api/list-items/: the items of one type in the caller's active club. */
export async function listItems(
  db: Kysely<DB>,
  ctx: MemberContext,
  query: { club?: string | undefined; type: string; day?: string | undefined; includeInactive?: boolean | undefined },
): Promise<ListItemsAnswer> {
  assertSameClub(ctx, namedClub(query.club));
  const lister: ItemLister<ListedItem<ListedType>> | undefined = listedType(query.type)
    ? listers[query.type]
    : undefined;
  if (!lister) throw badRequest(`Unknown item type ${query.type}: list one of ${LISTED_TYPES}`);
  const includeInactive = query.includeInactive ?? false;
  if (includeInactive) {
    if (query.type !== 'PILOT') throw badRequest('includeInactive is for type PILOT');
    requireRight(ctx, 'admin');
  }
  return { items: await lister.list(db, ctx, { day: query.day, includeInactive }) };
}

export const DELETE_DISABLED =
  'This function has been disabled. Set the item to Not Ready or Inactive ' +
  'instead (for pilots, deselect Active), then contact support.';

/** DELETE /api/delete/: nothing is ever deleted (items are deactivated); always refused, and nothing changes. */
export function deleteItem(ctx: MemberContext, club: string | undefined): never {
  assertSameClub(ctx, namedClub(club));
  throw forbidden(DELETE_DISABLED);
}
