import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { towEventSchema } from '@flightline/domain/schemas/flights';
import { assertSameClub } from '../../http/context.ts';
import { clubParam } from '../../http/params.ts';
import { defineRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { createTowEvent, getTugPage } from './service.ts';

export function registerTugRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/get-tugs',
    summary: "The tug page: every tug with its last Hobbs, oil, fuel and pilot readings and checked-in pilot, and the club's active tow pilots",
    access: 'member',
    query: z.object({ club: clubParam }),
    revalidate: ({ query, ctx }) => {
      assertSameClub(ctx, query.club);
      return [];
    },
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getTugPage(db, ctx);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/create-tow/',
    summary: 'Log a tug event: pilot check in or check out, refuel or oil change, with the Hobbs reading (any active member)',
    access: 'member',
    body: towEventSchema,
    async handler({ body, ctx }) {
      return createTowEvent(db, ctx, body);
    },
  });
}
