import type { FastifyInstance } from 'fastify';
import * as calls from '@flightline/domain/api/intros';
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
    async handler({ body, ctx }) {
      return createIntro(db, ctx, body);
    },
  });

  defineCallRoute(app, calls.getIntros, {
    async handler({ query, ctx }) {
      return getIntros(db, ctx, query);
    },
  });
}
