import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { APP_VERSION, isSupportedVersion } from '@flightline/domain/app-version';
import { defineRoute, operations } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { checkReadiness } from './health-service.ts';
import { buildOpenApi } from './openapi.ts';

export function registerSystemRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/check-version',
    summary: 'Whether a client of this version is still supported',
    access: 'public',
    query: z.object({ version: z.string().max(40) }),
    async handler({ query }) {
      return { version: APP_VERSION, supported: isSupportedVersion(query.version, deps.minClientVersion) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/health',
    summary: "Readiness for a reverse proxy's health check: 200 when this process serves and reaches the database, 503 while it shuts down or the database is unreachable",
    access: 'public',
    async handler() {
      return checkReadiness(deps.db, deps.lifecycle);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/openapi.json',
    summary: 'This document',
    access: 'public',
    async handler() {
      return buildOpenApi(operations, APP_VERSION);
    },
  });
}
