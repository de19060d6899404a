import type { FastifyInstance } from 'fastify';
import { EVENT_ID, eventStream } from '@flightline/domain/api/live';
import { badRequest } from '../../http/errors.ts';
import { defineCallRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { openEventStream } from './stream-service.ts';

/**
 * The live line's stream (docs/live.md), declared in packages/domain/src/api/live.ts; compression.ts leaves it
 * uncompressed.
 */
export const EVENTS_URL = eventStream.path;

/** The browser's Last-Event-ID header, or the `lastEventId` query parameter of a client that cannot set headers. */
function lastEventIdOf(header: string | string[] | undefined, query: string | undefined): number | undefined {
  const value = typeof header === 'string' && header !== '' ? header : query;
  if (value === undefined || value === '') return undefined;
  if (!EVENT_ID.test(value))
    throw badRequest('Invalid Last-Event-ID: must be the id of an event this server sent (digits)');
  return Number(value);
}

export function registerLiveRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  defineCallRoute(app, eventStream, {
    // A stream stays open for minutes: it opens only for a session the database still has (not the cookie cache's
    // minute).
    sessionFromDatabase: true,
    async handler({ query, ctx, request, reply }) {
      const lastEventId = lastEventIdOf(request.headers['last-event-id'], query.lastEventId);
      return openEventStream({ db: deps.db, hub: deps.live }, ctx, lastEventId, reply);
    },
  });
}
