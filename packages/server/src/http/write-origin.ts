import type { FastifyRequest } from 'fastify';
import { requestOrigin } from '../auth/same-origin.ts';
import { forbidden } from './errors.ts';

export const INVALID_ORIGIN = 'Invalid origin';

/**
 * An onRequest hook: a write (any method but GET and HEAD) that carries
 * cookies is refused with 403 "Invalid origin" when a browser says a page of
 * another site sent it — `Sec-Fetch-Site: cross-site`, or an `Origin` that is
 * neither PUBLIC_URL's origin nor the request's own (the rule better-auth
 * applies to sign-in, auth/same-origin.ts). It runs before the body is read,
 * so nothing changes.
 *
 * A write with no Origin is let through: browsers send Origin with every
 * cross-site POST, PUT, PATCH and DELETE, and callers that are not browsers
 * (scripts, the tests) send none. A write with no cookie carries no session
 * for another site to borrow, and is left to the route.
 */
export function refuseCrossSiteWrites(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return async (request: FastifyRequest) => {
    if (request.method === 'GET' || request.method === 'HEAD' || !request.headers.cookie) return;
    if (request.headers['sec-fetch-site'] === 'cross-site') throw forbidden(INVALID_ORIGIN);
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const named = URL.canParse(origin) ? new URL(origin).origin : undefined;
    if (named === publicOrigin || requestOrigin(origin, request.host) !== undefined) return;
    throw forbidden(INVALID_ORIGIN);
  };
}
