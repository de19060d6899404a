import type { FastifyInstance } from 'fastify';
import * as calls from '@flightline/domain/api/flights';
import {
  getGliderLogbook as getGliderLogbookCall,
  getGliderLogbooks as getGliderLogbooksCall,
} from '@flightline/domain/api/glider-logbook';
import { getLogbookTotals as getLogbookTotalsCall } from '@flightline/domain/api/logbook';
import { getClubMetrics as getClubMetricsCall } from '@flightline/domain/api/metrics';
import { assertSameClub } from '../../http/context.ts';
import { namedClub } from '../../http/params.ts';
import { defineCallRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { serveCrew } from './crew-service.ts';
import { groundStatus } from './ground-service.ts';
import { updateFlight } from './line-service.ts';
import { getFlights } from './list-service.ts';
import { getGliderLogbook, getGliderLogbooks } from './glider-logbook-service.ts';
import { getLogbookTotals } from './logbook-service.ts';
import { getClubMetrics } from './metrics-service.ts';
import { serveLogs } from './logs-service.ts';

/** The flight line's calls, declared in packages/domain/src/api/flights.ts. */
export function registerFlightRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineCallRoute(app, calls.serveCrew, {
    async handler({ query, ctx }) {
      return serveCrew(db, ctx, query);
    },
  });

  defineCallRoute(app, calls.groundStatus, {
    revalidate: ({ query, ctx }) => {
      assertSameClub(ctx, namedClub(query.club));
      return [query.day, query.includePilots === 'true'];
    },
    async handler({ query, ctx }) {
      return groundStatus(db, ctx, { club: query.club, day: query.day, includePilots: query.includePilots === 'true' });
    },
  });

  defineCallRoute(app, calls.updateFlight, {
    async handler({ body, ctx }) {
      return updateFlight(db, ctx, body);
    },
  });

  defineCallRoute(app, calls.getFlights, {
    async handler({ query, ctx }) {
      return getFlights(db, ctx, query);
    },
  });

  defineCallRoute(app, getClubMetricsCall, {
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getClubMetrics(db, ctx, query);
    },
  });

  defineCallRoute(app, getLogbookTotalsCall, {
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getLogbookTotals(db, ctx);
    },
  });

  defineCallRoute(app, getGliderLogbooksCall, {
    async handler({ query, ctx }) {
      assertSameClub(ctx, query.club);
      return getGliderLogbooks(db, ctx);
    },
  });

  defineCallRoute(app, getGliderLogbookCall, {
    async handler({ params, query, ctx }) {
      assertSameClub(ctx, query.club);
      return getGliderLogbook(db, ctx, params.glider, query);
    },
  });

  defineCallRoute(app, calls.serveLogs, {
    async handler({ query, ctx }) {
      return serveLogs(db, ctx, { ...query, includeSetup: query.includeSetup === 'true' });
    },
  });
}
