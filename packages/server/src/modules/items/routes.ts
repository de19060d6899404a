import type { FastifyInstance } from 'fastify';
import * as calls from '@flightline/domain/api/items';
import { assertSameClub } from '../../http/context.ts';
import { namedClub } from '../../http/params.ts';
import { defineCallRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { deleteItem, listItems, updateItem } from './registry.ts';

/** The item calls, declared in packages/domain/src/api/items.ts: list, update, and the disabled delete. */
export function registerItemRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineCallRoute(app, calls.updateItem, {
    async handler({ body, ctx }) {
      return updateItem(db, ctx, body);
    },
  });

  defineCallRoute(app, calls.listItems, {
    // The flights of a day: Awaiting Launches polls them every 10 s, Home every 30 s.
    revalidate: ({ query, ctx }) => {
      if (query.type !== 'FLIGHT' || query.includeInactive !== undefined) return null;
      assertSameClub(ctx, namedClub(query.club));
      return [query.type, query.day];
    },
    async handler({ query, ctx }) {
      return listItems(db, ctx, { ...query, includeInactive: query.includeInactive === 'true' });
    },
  });

  defineCallRoute(app, calls.deleteItem, {
    async handler({ query, ctx }) {
      return deleteItem(ctx, query.club);
    },
  });
}
