import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertSameClub } from '../../http/context.ts';
import { clubParam } from '../../http/params.ts';
import { defineRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { getClubInfo, getPaymentMethods, listClubSummaries } from './service.ts';

export function registerClubRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/list-clubs',
    summary: 'Every club, by name (the choices for a membership request)',
    access: 'user',
    async handler() {
      return { clubs: await listClubSummaries(db) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-club-info',
    summary: "The active club's settings, units and sanitised message",
    access: 'member',
    query: z.object({ club: clubParam }),
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getClubInfo(db, ctx);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-club-payment-methods',
    summary: "The active club's payment methods",
    access: 'member',
    query: z.object({ club: clubParam }),
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getPaymentMethods(ctx);
    },
  });
}
