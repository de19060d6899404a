import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  addTransactionSchema,
  adminParameterSchema,
  BALANCE_VIEWS,
  dayRangeSchema,
  reverseTransactionSchema,
} from '@flightline/domain/schemas/ledger';
import { assertSameClub } from '../../http/context.ts';
import { booleanParam, clubParam, userIdParam } from '../../http/params.ts';
import { defineRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { addTransaction } from './add-transaction-service.ts';
import { updateAdminParameter } from './admin-parameter-service.ts';
import { getAllTransactions, getMemberHistory, getRecentTransactions } from './history-service.ts';
import { reverseTransaction } from './reverse-service.ts';
import { getBalance, getBlockBalances } from './service.ts';
import { getBalances } from './summary-service.ts';

const nameParam = z.string().trim().max(60).optional();

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
    summary: "A member's blocks with what is left on each, by expiry (voided blocks left out)",
    access: 'member',
    query: z.object({ club: clubParam, userID: userIdParam.optional(), includeExpired: booleanParam.optional() }),
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      const blocks = await getBlockBalances(db, ctx, query.userID ?? ctx.user.id, query.includeExpired === 'true');
      return { blocks };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/add-transaction/',
    summary: 'Post a deposit, expense or block for a member (admin or add-funds), or an adjustment (admin)',
    access: 'member',
    body: addTransactionSchema,
    async handler({ body, ctx }) {
      return addTransaction(db, ctx, body);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/reverse-transaction/',
    summary: 'Correct an entry by posting its exact opposite, linked to it, once (admin)',
    access: 'member',
    body: reverseTransactionSchema,
    async handler({ body, ctx }) {
      return reverseTransaction(db, ctx, body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-transactions',
    summary: "A member's entries over whole club days, with the running balance",
    access: 'member',
    query: dayRangeSchema.safeExtend({ id: userIdParam }),
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getMemberHistory(db, ctx, query.id, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-user-transactions',
    summary: "A member's entries over whole club days, with the running balance (the member screens' call)",
    access: 'member',
    query: dayRangeSchema.safeExtend({ user: userIdParam }),
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getMemberHistory(db, ctx, query.user, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-recent-transactions',
    summary: "A member's last 10 entries; nothing unless both club and id are given",
    access: 'member',
    query: z.object({ club: clubParam, id: userIdParam.optional() }),
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getRecentTransactions(db, ctx, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-all-transactions',
    summary: 'Every posting of the club over whole club days, with the chart of accounts (admin)',
    access: 'member',
    query: dayRangeSchema,
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getAllTransactions(db, ctx, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-balances',
    summary: 'The accounting summary per account (natural sign), or one drill-down, over whole club days (admin)',
    access: 'member',
    query: dayRangeSchema.safeExtend({
      balance: z.enum(BALANCE_VIEWS, { message: `Use one of ${BALANCE_VIEWS.join(', ')}` }).default('AccountingSummary'),
      taxType: nameParam,
      transferType: nameParam,
      userID: userIdParam.optional(),
      feeClass: nameParam,
    }),
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getBalances(db, ctx, query);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/update-admin-parameter/',
    summary: 'Accounting admin: move the lock date forward, add or remove a fee class, set the default intro expiry (admin)',
    access: 'member',
    body: adminParameterSchema,
    async handler({ body, ctx }) {
      return updateAdminParameter(db, ctx, body);
    },
  });
}
