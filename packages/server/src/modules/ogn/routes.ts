import type { FastifyInstance } from 'fastify';
import * as calls from '@flightline/domain/api/ogn';
import { defineCallRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { decideOgn, lookUpDevice, readOgnLine } from './line-service.ts';

export function registerOgnRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineCallRoute(app, calls.getOgnLine, {
    club: ({ query }) => query.club,
    async handler({ ctx }) {
      return readOgnLine(db, ctx);
    },
  });
  defineCallRoute(app, calls.decideOgnDetection, {
    club: ({ body }) => body.club,
    async handler({ ctx, body }) {
      return decideOgn(db, ctx, body);
    },
  });
  defineCallRoute(app, calls.getOgnDevice, {
    club: ({ query }) => query.club,
    async handler({ query }) {
      return lookUpDevice(db, query.flarmId);
    },
  });
}
