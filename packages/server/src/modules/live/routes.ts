import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { openEventStream } from './stream-service.ts';

/** The live line's stream (docs/live.md); compression.ts leaves it uncompressed. */
export const EVENTS_URL = '/api/events';

const EVENT_ID = /^\d{1,15}$/;
const eventId = z.string().regex(EVENT_ID, 'must be the id of an event this server sent (digits)');

/** The browser's Last-Event-ID header, or the `lastEventId` query parameter of a client that cannot set headers. */
function lastEventIdOf(header: string | string[] | undefined, query: string | undefined): number | undefined {
  const value = typeof header === 'string' && header !== '' ? header : query;
  if (value === undefined || value === '') return undefined;
  if (!EVENT_ID.test(value)) throw badRequest('Invalid Last-Event-ID: must be the id of an event this server sent (digits)');
  return Number(value);
}

export function registerLiveRoutes(app: FastifyInstance, deps: ModuleDeps): void {
  defineRoute(app, {
    method: 'GET',
    url: EVENTS_URL,
    summary:
      "Server-sent events: change notices of the caller's active club (text/event-stream; heartbeat comment every 25 s; Last-Event-ID or lastEventId replays what was missed)",
    access: 'member',
    // A stream stays open for minutes: it opens only for a session the database still has (not the cookie cache's minute).
    sessionFromDatabase: true,
    query: z.object({ lastEventId: eventId.or(z.literal('')).optional() }),
    async handler({ query, ctx, request, reply }) {
      const lastEventId = lastEventIdOf(request.headers['last-event-id'], query.lastEventId);
      return openEventStream({ db: deps.db, hub: deps.live }, ctx, lastEventId, reply);
    },
  });
}
