import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assertSameClub } from '../../http/context.ts';
import { booleanParam, clubParam, userIdParam } from '../../http/params.ts';
import { defineRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { getBalance, getBlockBalances } from './service.ts';

export function registerLedgerRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/get-balance',
    summary: "A member's account balance in cents (own, or any member's for admins and add-funds holders)",
    access: 'member',
    query: z.object({ club: clubParam, userID: userIdParam.optional() }),
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getBalance(db, ctx, query.userID ?? ctx.user.id);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-block-balances',
    summary: "A member's blocks with what is left on each, by expiry",
    access: 'member',
    query: z.object({ club: clubParam, userID: userIdParam.optional(), includeExpired: booleanParam.optional() }),
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      const blocks = await getBlockBalances(db, ctx, query.userID ?? ctx.user.id, query.includeExpired === 'true');
      return { blocks };
    },
  });
}
