import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { updateItemSchema } from '@flightline/domain/schemas/items';
import { assertSameClub } from '../../http/context.ts';
import { booleanParam, clubParam, namedClub } from '../../http/params.ts';
import { defineRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { deleteItem, listItems, updateItem } from './registry.ts';
import { dayInRange } from '@flightline/domain/schemas/dates';

export function registerItemRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineRoute(app, {
    method: 'POST',
    url: '/api/update-item/',
    summary:
      'Create or update one item: GLIDER, TUG, LAUNCH, INTRO_LAUNCH, BLOCK; PILOT (own membership request, profile, weight; admin: qualifications, membership decision); FLIGHT (a flight request); INTRO (passenger rename, flight link)',
    // Each item type raises this to its own level (see items/registry.ts).
    access: 'user',
    body: updateItemSchema,
    async handler({ body, ctx }) {
      return updateItem(db, ctx, body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/list-items/',
    summary: "The items of one type in the active club: GLIDER, TUG, LAUNCH, INTRO_LAUNCH, BLOCK, PILOT (active members; with includeInactive, admins only, every member), FLIGHT (the flights of day, default today)",
    access: 'member',
    query: z.object({
      club: clubParam,
      type: z.string().trim().min(1, 'type is required').max(40),
      day: dayInRange('Use a date like 2025-07-10').optional(),
      includeInactive: booleanParam.optional(),
    }),
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
