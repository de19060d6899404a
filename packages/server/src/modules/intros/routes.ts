import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { introSaleSchema } from '@flightline/domain/schemas/intros';
import { clubParam } from '../../http/params.ts';
import { defineRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { createIntro } from './create-service.ts';
import { getIntros } from './list-service.ts';

/** Intro certificates at the desk: the sale and the list refund and cancel choose from (admin or Can Add Intros). */
export function registerIntroRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineRoute(app, {
    method: 'POST',
    url: '/api/create-intro',
    summary: 'Sell an intro certificate: Dr Cash [payment method] / Cr Intro A/P [intro] (admin or Can Add Intros)',
    access: 'member',
    body: introSaleSchema,
    async handler({ body, ctx }) {
      return createIntro(db, ctx, body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-intros',
    summary: "The club's intros with what each still holds on Intro A/P and whether it expired; open ones of any age, closed ones of the last 3 years (admin or Can Add Intros)",
    access: 'member',
    query: z.object({ club: clubParam }),
    async handler({ query, ctx }) {
      return getIntros(db, ctx, query);
    },
  });
}
