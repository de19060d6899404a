import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertSameClub } from '../../http/context.ts';
import { clubParam } from '../../http/params.ts';
import { defineRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { serveAdmin } from './service.ts';

export function registerAdminRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/serve-admin',
    summary: 'The Administration page: gliders, tugs, launch types, intro launches, block rules, pilots and intros, each for the rights its section needs',
    access: 'member',
    query: z.object({ club: clubParam }),
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return serveAdmin(db, ctx);
    },
  });
}
