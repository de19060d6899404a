import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as calls from '@flightline/domain/api/items';
import { assertSameClub } from '../../http/context.ts';
import { clubParam, namedClub } from '../../http/params.ts';
import { defineCallRoute, defineRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { deleteItem, listItems, updateItem } from './registry.ts';

/** The item calls, declared in packages/domain/src/api/items.ts, and the disabled delete. */
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

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/delete/',
    summary: 'Disabled: nothing is deleted; set the item Not ready or inactive instead',
    access: 'member',
    query: z.object({
      club: clubParam,
      object: z.string().max(40).optional(),
      item: z.string().max(100).optional(),
      date: z.string().max(10).optional(),
    }),
    async handler({ query, ctx }) {
      return deleteItem(ctx, query.club);
    },
  });
}
