import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { activeFlightsOf, activeFlightState } from '@flightline/domain/flights/active-flights';
import { clubClockTime } from '@flightline/domain/time/club-time';
import { crewPageHtml } from '@flightline/domain/pages/crew-page-html';
import { homePageHtml } from '@flightline/domain/pages/home-page-html';
import type { DB } from '../db/schema.ts';
import { serveCrew } from '../modules/flights/crew-service.ts';
import { listFlightItems } from '../modules/flights/list-service.ts';
import { getBalance, getBlockBalances } from '../modules/ledger/service.ts';
import { sessionInfo } from '../modules/members/session-service.ts';
import type { MemberContext } from '../http/context.ts';

/**
 * A page's first state drawn with the signed-in person's own data (decision
 * 0020): its `<main>`, or undefined when the page is not one the server draws
 * for this person (then the page goes out as the generic one). Read with the
 * request's context and the services the page's API reads call, so the page
 * shows what the app then reads.
 */
export type FirstStateReader = (request: FastifyRequest, route: string) => Promise<string | undefined>;

export function firstStateReader(db: Kysely<DB>): FirstStateReader {
  return async (request, route) => {
    // Home and Request Flight, whose largest text (the club message, the request's summary line) would otherwise wait
    // for the app's code and reads.
    if (route !== '/' && route !== '/crew') return undefined;
    // The context every API read of this request would use: one query when the session's cookie cache is fresh.
    const ctx = await request.context('public');
    // An active member only: the app sends anyone else elsewhere, or shows a notice.
    if (!ctx.user || !ctx.club || !ctx.pilot || !ctx.isActive) return undefined;
    const member = ctx as MemberContext;
    return route === '/' ? homeOf(db, member) : crewPageHtml(await serveCrew(db, member, {}));
  };
}

/**
 * Home from GET /api/session, /api/get-balance, /api/get-block-balances and /api/list-items/?type=FLIGHT (today),
 * as the app reads them.
 */
async function homeOf(db: Kysely<DB>, member: MemberContext): Promise<string> {
  const userId = member.user.id;
  const zone = member.club.time_zone;
  const [balance, blocks, flights] = await Promise.all([
    getBalance(db, member, userId),
    getBlockBalances(db, member, userId, false),
    listFlightItems(db, member, undefined),
  ]);
  return homePageHtml({
    session: sessionInfo(member),
    balanceCents: balance.balanceCents,
    blocks,
    activeFlights: activeFlightsOf(flights, userId).map((flight) => ({
      glider: flight.glider,
      state: activeFlightState(flight, (ms) => clubClockTime(ms, zone)),
    })),
  });
}
