import type { FastifyInstance } from 'fastify';
import * as calls from '@flightline/domain/api/intros';
import { namedClub } from '../../http/params.ts';
import { defineCallRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { createIntro } from './create-service.ts';
import { getIntros } from './list-service.ts';

/**
 * Intro certificates at the desk: the sale and the list refund and cancel
 * choose from (admin or Can Add Intros), declared in
 * packages/domain/src/api/intros.ts.
 */
export function registerIntroRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineCallRoute(app, calls.createIntro, {
    club: ({ body }) => namedClub(body.club),
    async handler({ body, ctx }) {
      return createIntro(db, ctx, body);
    },
  });

  defineCallRoute(app, calls.getIntros, {
    club: ({ query }) => namedClub(query.club),
    async handler({ ctx }) {
      return getIntros(db, ctx);
    },
  });
}
