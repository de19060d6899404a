import type { FastifyInstance } from 'fastify';
import { APP_VERSION, isSupportedVersion } from '@flightline/domain/api/app-version';
import { checkVersion, health, openApiDocument } from '@flightline/domain/api/system';
import { defineCallRoute, operations } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { checkReadiness } from './health-service.ts';
import { buildOpenApi } from './openapi.ts';

/** The server's own calls, declared in packages/domain/src/api/system.ts. */
export function registerSystemRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  defineCallRoute(app, checkVersion, {
    async handler({ query }) {
      return { version: APP_VERSION, supported: isSupportedVersion(query.version, deps.minClientVersion) };
    },
  });

  defineCallRoute(app, health, {
    async handler() {
      return checkReadiness(deps.db, deps.lifecycle);
    },
  });

  defineCallRoute(app, openApiDocument, {
    async handler() {
      return buildOpenApi(operations, APP_VERSION);
    },
  });
}
