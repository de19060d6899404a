import type { FastifyInstance } from 'fastify';
import * as calls from '@flightline/domain/api/admin';
import { defineCallRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { serveAdmin } from './service.ts';

/** The Administration page's call, declared in packages/domain/src/api/admin.ts. */
export function registerAdminRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineCallRoute(app, calls.serveAdmin, {
    club: ({ query }) => query.club,
    async handler({ ctx }) {
      return serveAdmin(db, ctx);
    },
  });
}
