import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dayInRange, FIRST_DAY, isInstantInRange, LAST_DAY } from '@flightline/domain/schemas/dates';
import { updateFlightSchema } from '@flightline/domain/schemas/flights';
import { assertSameClub } from '../../http/context.ts';
import { booleanParam, clubParam, namedClub, userIdParam } from '../../http/params.ts';
import { defineRoute } from '../../http/route.ts';
import type { ModuleDeps } from '../deps.ts';
import { serveCrew } from './crew-service.ts';
import { groundStatus } from './ground-service.ts';
import { updateFlight } from './line-service.ts';
import { getFlights } from './list-service.ts';
import { serveLogs } from './logs-service.ts';

const epochMs = (what: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `${what} must be a time in epoch milliseconds`)
    .transform(Number)
    .refine(isInstantInRange, `${what} must be a time between ${FIRST_DAY} and ${LAST_DAY}`);

/** A day 'YYYY-MM-DD' (in the club's zone), or an instant in epoch ms taken as its club day. */
const logDay = (what: string) =>
  z.union([dayInRange(), z.string().regex(/^\d{1,15}$/).refine((ms) => isInstantInRange(Number(ms)))], {
    message: `${what} must be a date like 2025-07-10`,
  });

export function registerFlightRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/serve-crew',
    summary: "The Request Flight page: the caller's pilot and balance, pilots, launch types, intros, club info and gliders by availability",
    access: 'member',
    query: z.object({ club: clubParam, userID: userIdParam.optional() }),
    async handler({ query, ctx }) {
      return serveCrew(db, ctx, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/ground-status',
    summary: "The line page's poll: the day's flights on the line (not cancelled), the tugs, and with includePilots the active members",
    access: 'member',
    query: z.object({
      club: clubParam,
      day: dayInRange('Use a date like 2025-07-10').optional(),
      includePilots: booleanParam.optional(),
    }),
    revalidate: ({ query, ctx }) => {
      assertSameClub(ctx, namedClub(query.club));
      return [query.day, query.includePilots === 'true'];
    },
    async handler({ query, ctx }) {
      return groundStatus(db, ctx, { club: query.club, day: query.day, includePilots: query.includePilots === 'true' });
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/update-flight/',
    summary:
      'A line action on a flight: Launch, Landing, UndoLaunch, UndoLanding, CancelRequest, ReleaseHeight (every active member); ChangeFlight, the log edit (admin or Can Edit Flight Logs)',
    access: 'member',
    body: updateFlightSchema,
    async handler({ body, ctx }) {
      return updateFlight(db, ctx, body);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/get-flights/',
    summary: "The club's flights requested between startDate and endDate (epoch ms, at most a year), cancelled ones included",
    access: 'member',
    query: z.object({ club: clubParam, startDate: epochMs('startDate'), endDate: epochMs('endDate') }),
    async handler({ query, ctx }) {
      return getFlights(db, ctx, query);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/serve-logs',
    summary:
      "The flight logs of whole club days [startDate, endDate] (at most a year; a member's logbook with userID, any length), the club's pilots, and with includeSetup what the edit form offers",
    access: 'member',
    query: z.object({
      club: clubParam,
      startDate: logDay('startDate').optional(),
      endDate: logDay('endDate').optional(),
      includeSetup: booleanParam.optional(),
      userID: userIdParam.optional(),
    }),
    async handler({ query, ctx }) {
      return serveLogs(db, ctx, { ...query, includeSetup: query.includeSetup === 'true' });
    },
  });
}
