import type { FastifyInstance } from 'fastify';
import * as calls from '@flightline/domain/api/admin';
import { assertSameClub } from '../../http/context.ts';
import { defineCallRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { serveAdmin } from './service.ts';

/** The Administration page's call, declared in packages/domain/src/api/admin.ts. */
export function registerAdminRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineCallRoute(app, calls.serveAdmin, {
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return serveAdmin(db, ctx);
    },
  });
}
