import type { FastifyInstance } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import * as authCalls from '@flightline/domain/api/auth';
import { accessLabel } from '@flightline/domain/api/define-call';
import { operations } from '../http/route.ts';
import { AUTH_BASE_PATH, type Auth } from './auth.ts';
import { isOpenAuthCall } from './open-paths.ts';
import { REQUEST_HOST_HEADER } from './same-origin.ts';

const SIGN_OUT_PATH = `${AUTH_BASE_PATH}/sign-out`;

/** better-auth answers the open calls under /api/auth (others are 404 here); Fastify hands it a web Request. */
export function mountAuth(app: FastifyInstance, auth: Auth, clientIpHeader: string): void {
  // The calls whose answer the web app reads are declared (packages/domain/src/api/auth.ts): listed in the OpenAPI
  // document, answered by better-auth.
  for (const call of Object.values(authCalls)) {
    operations.push({
      method: call.method,
      url: call.path,
      summary: call.summary,
      access: accessLabel(call),
      ...(call.body ? { body: z.toJSONSchema(call.body, { io: 'input', unrepresentable: 'any' }) } : {}),
      answer: z.toJSONSchema(call.answer, { io: 'output', unrepresentable: 'any' }),
    });
  }
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const url = new URL(request.url, 'http://localhost');
      // Only the calls the web app makes reach better-auth (auth/open-paths.ts).
      if (!isOpenAuthCall(request.method, url.pathname, AUTH_BASE_PATH)) return reply.callNotFound();
      const headers = fromNodeHeaders(request.headers);
      headers.set(clientIpHeader, request.ip);
      // The Host header, or X-Forwarded-Host with TRUST_PROXY=true: the same-origin check's host.
      headers.set(REQUEST_HOST_HEADER, request.host);
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const response = await auth.handler(
        new Request(new URL(url.pathname + url.search, auth.options.baseURL), {
          method: request.method,
          headers,
          ...(body && request.method !== 'GET' ? { body } : {}),
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      // What the browser kept of this site's answers (the line reads, the pages drawn with the member's data) goes with
      // the session.
      if (url.pathname === SIGN_OUT_PATH && response.ok) reply.header('clear-site-data', '"cache"');
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
