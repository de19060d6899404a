import { z } from 'zod';
import { defineCall } from './define-call.ts';

/**
 * The live line's stream (docs/live.md): server-sent events, not JSON. It is
 * declared with the media type it produces, its input and who may open it;
 * the web app opens it with an EventSource (lib/live-stream.tsx), never
 * call(), and its events' shapes are in field/live-events.ts.
 */

/** The id of an event this server sent. */
export const EVENT_ID = /^\d{1,15}$/;

export const eventStream = defineCall({
  method: 'GET',
  path: '/api/events',
  summary:
    "Server-sent events: change notices of the caller's active club (text/event-stream; " +
    'heartbeat comment every 25 s; Last-Event-ID or lastEventId replays what was missed)',
  access: 'member',
  query: z.object({
    lastEventId: z
      .string()
      .regex(EVENT_ID, 'must be the id of an event this server sent (digits)')
      .or(z.literal(''))
      .optional(),
  }),
  produces: 'text/event-stream',
  answer: z.unknown(),
});
