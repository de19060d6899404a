import type { FastifyInstance } from 'fastify';
import * as calls from '@flightline/domain/api/notifications';
import { defineCallRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { LIVE_CHANNEL } from '../live/repo.ts';
import { tellNextPilot, type FlightNotice } from './next-flight.ts';
import {
  getNotificationSettings,
  rotateCalendarFeed,
  subscribePush,
  unsubscribePush,
  updateNotificationSettings,
} from './settings-service.ts';

/**
 * Telling members: choices, push subscriptions, the calendar feed's address, and "you are next"
 * (docs/duty-roster.md "Telling people"); the roster serves the feed (roster/calendar-service.ts).
 */
export function registerNotificationRoutes(
  app: FastifyInstance,
  { db, database, mailer, push, publicUrl, now }: ModuleDeps,
): void {
  const settings = { db, push, publicUrl };
  const club = ({ query }: { query: unknown }) => (query as { club?: string } | undefined)?.club;

  defineCallRoute(app, calls.getNotificationSettings, {
    club,
    handler: ({ ctx }) => getNotificationSettings(settings, ctx),
  });
  defineCallRoute(app, calls.updateNotificationSettings, {
    handler: ({ body, ctx }) => updateNotificationSettings(db, ctx, body.choices),
  });
  defineCallRoute(app, calls.subscribePush, { handler: ({ body, ctx }) => subscribePush(settings, ctx, body) });
  defineCallRoute(app, calls.unsubscribePush, { handler: ({ body, ctx }) => unsubscribePush(db, ctx, body.endpoint) });
  defineCallRoute(app, calls.rotateCalendarFeed, { handler: ({ ctx }) => rotateCalendarFeed(settings, ctx) });

  // "You are next": every process hears every flight notice (the live channel); the database decides once per flight.
  const deps = { db, mailer, push, publicUrl, log: (message: string) => app.log.warn(message) };
  let queue = Promise.resolve();
  const onNotice = (payload: string) => {
    let notice: FlightNotice | undefined;
    try {
      const raw = JSON.parse(payload) as {
        club?: unknown;
        notice?: { kind?: unknown; change?: unknown; flightId?: unknown; day?: unknown };
      };
      const n = raw.notice;
      if (
        n?.kind === 'flight' &&
        typeof raw.club === 'string' &&
        typeof n.change === 'string' &&
        typeof n.flightId === 'string' &&
        typeof n.day === 'string'
      ) {
        notice = { club: raw.club, change: n.change, flightId: n.flightId, day: n.day };
      }
    } catch {
      return;
    }
    if (!notice) return;
    const heard = notice;
    queue = queue
      .then(() => tellNextPilot(deps, heard, now()))
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, 'telling the next pilot failed'),
      );
  };
  const listening = database.listen(LIVE_CHANNEL, onNotice);
  app.addHook('onClose', async () => {
    await (
      await listening
    )();
    await queue;
  });
}
