import type { FastifyInstance } from 'fastify';
import { updateItemSchema } from '@flightline/domain/schemas/items';
import { defineRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { updateItem } from './registry.ts';

export function registerItemRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineRoute(app, {
    method: 'POST',
    url: '/api/update-item/',
    summary: 'Update one item of a type (PILOT: membership request, profile or weight)',
    // Each item type raises this to its own level (see items/registry.ts).
    access: 'user',
    body: updateItemSchema,
    async handler({ body, ctx }) {
      return updateItem(db, ctx, body);
    },
  });
}
