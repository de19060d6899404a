import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clubSettingsSchema } from '@flightline/domain/schemas/fleet';
import { assertSameClub } from '../../http/context.ts';
import { clubParam } from '../../http/params.ts';
import { defineRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { getClubInfo, getPaymentMethods, listClubSummaries } from './service.ts';
import { getClubSettings, updateClubSettings } from './settings-service.ts';

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

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-club-settings',
    summary: "The active club's settings as an admin edits them (admin)",
    access: 'member',
    query: z.object({ club: clubParam }),
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getClubSettings(ctx);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/update-club-settings',
    summary: "Replace the active club's settings (admin)",
    access: 'member',
    body: clubSettingsSchema.safeExtend({ club: clubParam }),
    async handler({ body, ctx }) {
      const { club, ...settings } = body;
      assertSameClub(ctx, club);
      return updateClubSettings(db, ctx, settings);
    },
  });
}
