import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { sessionInfo } from './session-service.ts';

export function registerMemberRoutes(app: FastifyInstance, _deps: ModuleDeps): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/session',
    summary: 'Who is signed in, their active club and their rights there',
    access: 'public',
    async handler({ ctx }) {
      return sessionInfo(ctx);
    },
  });
}
