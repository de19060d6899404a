import type { FastifyInstance } from 'fastify';
import * as calls from '@flightline/domain/api/roster';
import { HttpError } from '../../http/errors.ts';
import { defineCallRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { getAvailability, setBlackouts, setDutyLimit } from './availability-service.ts';
import { calendarFeed } from './calendar-service.ts';
import { getFlyingDay, setFlyingPlan, volunteer, withdrawFlyingPlan } from './plan-service.ts';
import {
  getDutyRoles,
  getRosterSettings,
  saveDutyRole,
  setDutyEligibility,
  updateRosterSettings,
} from './roles-service.ts';
import type { RosterDeps } from './roster-people.ts';
import { generate, getRoster, publish, setDuty } from './roster-service.ts';
import { acceptSwap, flagUntakenSwaps, getSwaps, offerSwap, withdrawSwap } from './swap-service.ts';

/** How often each process looks for swap offers to flag to the admins (the database decides once per offer). */
const FLAG_EVERY_MS = 15 * 60 * 1000;

/** The duty roster's calls, declared in packages/domain/src/api/roster.ts (docs/duty-roster.md); its calendar feed. */
export function registerRosterRoutes(app: FastifyInstance, { db, mailer, push, publicUrl, now }: ModuleDeps): void {
  const deps = (log: (message: string) => void): RosterDeps => ({ db, mailer, push, publicUrl, log });
  const club = ({ query, body }: { query: unknown; body: unknown }) =>
    ((query ?? body) as { club?: string } | undefined)?.club;

  defineCallRoute(app, calls.getDutyRoles, { club, handler: ({ ctx }) => getDutyRoles(db, ctx) });
  defineCallRoute(app, calls.saveDutyRole, { handler: ({ body, ctx }) => saveDutyRole(db, ctx, body) });
  defineCallRoute(app, calls.setDutyEligibility, { handler: ({ body, ctx }) => setDutyEligibility(db, ctx, body) });
  defineCallRoute(app, calls.getDutyAvailability, {
    club,
    handler: ({ query, ctx }) => getAvailability(db, ctx, query.userID),
  });
  defineCallRoute(app, calls.setDutyLimit, { handler: ({ body, ctx }) => setDutyLimit(db, ctx, body) });
  defineCallRoute(app, calls.setBlackouts, { handler: ({ body, ctx }) => setBlackouts(db, ctx, body) });
  defineCallRoute(app, calls.getRosterSettings, { club, handler: ({ ctx }) => getRosterSettings(db, ctx) });
  defineCallRoute(app, calls.updateRosterSettings, { handler: ({ body, ctx }) => updateRosterSettings(db, ctx, body) });
  defineCallRoute(app, calls.getRoster, { club, handler: ({ query, ctx }) => getRoster(db, ctx, query) });
  defineCallRoute(app, calls.generateRoster, { club, handler: ({ body, ctx }) => generate(db, ctx, body) });
  defineCallRoute(app, calls.setDuty, { handler: ({ body, ctx }) => setDuty(db, ctx, body) });
  defineCallRoute(app, calls.publishRoster, {
    club,
    handler: ({ body, ctx, request }) =>
      publish(
        deps((m) => request.log.warn(m)),
        ctx,
        body,
      ),
  });
  defineCallRoute(app, calls.getSwaps, { club, handler: ({ ctx }) => getSwaps(db, ctx) });
  defineCallRoute(app, calls.offerSwap, { handler: ({ body, ctx }) => offerSwap(db, ctx, body) });
  defineCallRoute(app, calls.acceptSwap, {
    handler: ({ body, ctx, request }) =>
      acceptSwap(
        deps((m) => request.log.warn(m)),
        ctx,
        body.swapId,
      ),
  });
  defineCallRoute(app, calls.withdrawSwap, { handler: ({ body, ctx }) => withdrawSwap(db, ctx, body.swapId) });
  defineCallRoute(app, calls.getFlyingDay, { club, handler: ({ query, ctx }) => getFlyingDay(db, ctx, query.day) });
  defineCallRoute(app, calls.setFlyingPlan, {
    handler: ({ body, ctx, request }) =>
      setFlyingPlan(
        deps((m) => request.log.warn(m)),
        ctx,
        body,
      ),
  });
  defineCallRoute(app, calls.withdrawFlyingPlan, { handler: ({ body, ctx }) => withdrawFlyingPlan(db, ctx, body.day) });
  defineCallRoute(app, calls.volunteerDuty, { handler: ({ body, ctx }) => volunteer(db, ctx, body) });

  // The calendar feed: no session (a calendar app fetches it), the secret token is the key.
  app.get<{ Params: { file: string } }>('/api/calendar/:file', async (request, reply) => {
    const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : '';
    try {
      const text = await calendarFeed(db, token, publicUrl, now());
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .send(text);
    } catch (error) {
      if (error instanceof HttpError)
        return reply
          .status(error.statusCode)
          .send({ statusCode: error.statusCode, error: 'Not Found', message: error.message });
      throw error;
    }
  });

  // Swap offers nobody took, flagged to the admins: every process looks; the database flags each offer once.
  const background = deps((m) => app.log.warn(m));
  const timer = setInterval(() => {
    flagUntakenSwaps(background, Date.now()).catch((error: unknown) =>
      app.log.error({ err: error }, 'flagging untaken swap offers failed'),
    );
  }, FLAG_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
