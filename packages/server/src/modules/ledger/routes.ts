import type { FastifyInstance } from 'fastify';
import { getChargeBreakdown as getChargeBreakdownCall } from '@flightline/domain/api/charges';
import * as calls from '@flightline/domain/api/ledger';
import { assertSameClub } from '../../http/context.ts';
import { defineCallRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { addTransaction } from './add-transaction-service.ts';
import { updateAdminParameter } from './admin-parameter-service.ts';
import { getChargeBreakdown, type RecordedTimesReader } from './breakdown-service.ts';
import { getAllTransactions, getMemberHistory, getRecentTransactions } from './history-service.ts';
import { reverseTransaction } from './reverse-service.ts';
import { getBalance, getBlockBalances } from './service.ts';
import { getBalances } from './summary-service.ts';

/**
 * The ledger's calls, declared in packages/domain/src/api/ledger.ts; `flights`
 * reads who recorded the times a charge's breakdown shows.
 */
export function registerLedgerRoutes(
  app: FastifyInstance,
  { db }: ModuleDeps,
  flights: { recordedTimes: RecordedTimesReader },
): void {
  defineCallRoute(app, calls.getBalance, {
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getBalance(db, ctx, query.userID ?? ctx.user.id);
    },
  });

  defineCallRoute(app, calls.getBlockBalances, {
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      const blocks = await getBlockBalances(db, ctx, query.userID ?? ctx.user.id, query.includeExpired === 'true');
      return { blocks };
    },
  });

  defineCallRoute(app, calls.addTransaction, {
    async handler({ body, ctx }) {
      return addTransaction(db, ctx, body);
    },
  });

  defineCallRoute(app, calls.reverseTransaction, {
    club: ({ body }) => body.club,
    async handler({ body, ctx }) {
      return reverseTransaction(db, ctx, body);
    },
  });

  defineCallRoute(app, calls.getTransactions, {
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getMemberHistory(db, ctx, query.id, query);
    },
  });

  defineCallRoute(app, calls.getUserTransactions, {
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getMemberHistory(db, ctx, query.user, query);
    },
  });

  defineCallRoute(app, getChargeBreakdownCall, {
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getChargeBreakdown(db, ctx, query, flights.recordedTimes);
    },
  });

  defineCallRoute(app, calls.getRecentTransactions, {
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getRecentTransactions(db, ctx, query);
    },
  });

  defineCallRoute(app, calls.getAllTransactions, {
    club: ({ query }) => query.club,
    async handler({ query, ctx }) {
      return getAllTransactions(db, ctx, query);
    },
  });

  defineCallRoute(app, calls.getBalances, {
    club: ({ query }) => query.club,
    async handler({ query, ctx }) {
      return getBalances(db, ctx, query);
    },
  });

  defineCallRoute(app, calls.updateAdminParameter, {
    club: ({ body }) => body.club,
    async handler({ body, ctx }) {
      return updateAdminParameter(db, ctx, body);
    },
  });
}
