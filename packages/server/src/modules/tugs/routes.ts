import type { FastifyInstance } from 'fastify';
import { createTow, getTugs } from '@flightline/domain/api/tugs';
import { assertSameClub } from '../../http/context.ts';
import { defineCallRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { createTowEvent, getTugPage } from './service.ts';

/** The tug page's calls, declared in packages/domain/src/api/tugs.ts. */
export function registerTugRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineCallRoute(app, getTugs, {
    revalidate: ({ query, ctx }) => {
      assertSameClub(ctx, query.club);
      return [];
    },
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getTugPage(db, ctx);
    },
  });

  defineCallRoute(app, createTow, {
    async handler({ body, ctx }) {
      return createTowEvent(db, ctx, body);
    },
  });
}
