import type { Kysely } from 'kysely';
import type { UpdateItemAnswer } from '@flightline/domain/api/types';
import type { DB } from '../db/schema.ts';
import { checkAccess, type MemberContext, type UserContext } from '../http/context.ts';
import type { ContextFor } from '../http/route.ts';

/** The access levels an item update can need: 'user' for the caller's own records, 'member' for club items. */
export type ItemAccess = 'user' | 'member';

/** What a handler of POST /api/update-item/ is given; `club` is the named club ("None" and null read as none). */
export interface ItemUpdate<C extends UserContext = UserContext> {
  ctx: C;
  club: string | undefined;
  id: string;
  data: unknown;
  date: string | undefined;
  by: string | undefined;
}

/**
 * One item type's update. `access` is checked before `update` runs, and the
 * handler's context is typed to match. The handler checks the `club` it is
 * given (assertSameClub) unless, like a membership request, it names another
 * club on purpose.
 */
export interface ItemHandler<A extends ItemAccess = ItemAccess> {
  access: A;
  update(db: Kysely<DB>, input: ItemUpdate<ContextFor<A>>): Promise<UpdateItemAnswer>;
}

/** GET /api/list-items/: one item type's list in the caller's active club. */
export interface ItemLister<T> {
  list(db: Kysely<DB>, ctx: MemberContext, query: { day: string | undefined; includeInactive: boolean }): Promise<T[]>;
}

/**
 * Refuse the update unless the caller meets `access`, and hand it on with its
 * context typed to match. checkAccess throws otherwise, so the narrowing
 * holds (as in defineRoute).
 */
export function withAccess<A extends ItemAccess>(access: A, input: ItemUpdate): ItemUpdate<ContextFor<A>> {
  checkAccess(input.ctx, access);
  return input as ItemUpdate<ContextFor<A>>;
}

/** The keys of an object sent as `data` (none for anything else), to decide on rights before validating. */
export function dataKeys(data: unknown): string[] {
  return typeof data === 'object' && data !== null && !Array.isArray(data) ? Object.keys(data) : [];
}
