import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { callRequest } from '@flightline/domain/api/call-request';
import type { CallNamed, CallRoute } from '@flightline/domain/api/calls';
import type { AnswerOf, InputOf } from '@flightline/domain/api/define-call';
import type { TestApp } from './test-app.ts';

/**
 * An answer to a declared call as app.inject gives it: `json()` is typed as
 * the call's declared answer (decision 0019). A refusal's body is the error
 * shape instead: compare it with `refusal()`.
 */
export interface CallResponse<R extends CallRoute> extends Omit<LightMyRequestResponse, 'json'> {
  json(): AnswerOf<CallNamed<R>>;
}

/** What a declared call takes: its input, as its declaration types it. */
export type CallInput<R extends CallRoute> = InputOf<CallNamed<R>>;

/** A query as a URL carries it: each value as text, null and undefined left out (as the web app's call() sends it). */
function queryOf(sent: Record<string, unknown>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(sent))
    if (value !== undefined && value !== null) query[key] = String(value);
  return query;
}

async function inject(
  t: TestApp,
  cookie: string | undefined,
  request: { method: 'GET' | 'POST' | 'DELETE'; path: string; sent: unknown },
) {
  const headers = cookie ? { cookie } : {};
  if (request.method !== 'POST') {
    const sent = typeof request.sent === 'object' && request.sent !== null ? queryOf({ ...request.sent }) : {};
    return t.app.inject({ method: request.method, url: request.path, query: sent, headers });
  }
  return t.app.inject({ method: request.method, url: request.path, payload: request.sent as object, headers });
}

/**
 * A declared call, sent as the phone sends it (the web app's `call()`, the
 * field outbox's transport): the method and path from the call's name
 * (`POST /api/update-flight/`), a `:name` filled in from the input, the rest
 * of the input as the query of a GET or DELETE or the JSON body of a POST; the input
 * typed by the declaration, the answer's `json()` typed by it too.
 * `cookie` undefined: no session.
 */
export async function callAs<R extends CallRoute>(
  t: TestApp,
  cookie: string | undefined,
  route: R,
  input: InputOf<CallNamed<R>>,
): Promise<CallResponse<R>> {
  return (await injectCall(t, cookie, route, input)) as CallResponse<R>;
}

/**
 * Any declared call with its input, as callAs sends it: the field outbox's transport in the tests, whose entries
 * name their call.
 */
export function injectCall(
  t: TestApp,
  cookie: string | undefined,
  route: CallRoute,
  input: object | undefined,
): Promise<LightMyRequestResponse> {
  return inject(t, cookie, callRequest(route, input));
}

/**
 * A declared call with input its declaration does not take (a refusal
 * test's wrong field, wrong type or missing key), said so at the call:
 * the method and path from the call's name, `payload` sent as it is (the
 * JSON body of a POST, the query of a GET or DELETE).
 */
export async function callRaw<R extends CallRoute>(
  t: TestApp,
  cookie: string | undefined,
  route: R,
  payload: unknown,
): Promise<CallResponse<R>> {
  const { method, path } = callRequest(route, {});
  return (await inject(t, cookie, { method, path, sent: payload })) as CallResponse<R>;
}

/**
 * A response's answer read as one shape of its call's declared answer (a
 * member of a union, such as update-item's answer to a flight request):
 * parsed with that shape's schema, so an answer of another shape fails here.
 */
export function answerAs<S extends z.ZodType>(
  response: Pick<LightMyRequestResponse, 'json'> | CallResponse<CallRoute>,
  schema: S,
): z.output<S> {
  return schema.parse(response.json());
}

/**
 * JSON calls through app.inject by URL, with or without a session cookie: for routes no call declares, and tests
 * not yet moved to callAs.
 */
export function apiClient(t: TestApp) {
  const headers = (cookie?: string) => (cookie ? { cookie } : {});
  return {
    get: (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: headers(cookie) }),
    post: (url: string, payload: unknown, cookie?: string) =>
      t.app.inject({ method: 'POST', url, payload: payload as object, headers: headers(cookie) }),
    delete: (url: string, cookie?: string) => t.app.inject({ method: 'DELETE', url, headers: headers(cookie) }),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** The refusals many calls share, word for word as a person reads them. */
export const NOT_ACTIVATED =
  'Your account has not been activated at this club, Contact a club admin to have your account activated.';
export const NOT_YOUR_CLUB = 'That club is not your active club';
export const NOT_AUTHORIZED = 'User is not authorized (603)';

/** A 4xx body as the API answers it. */
export function refusal(statusCode: number, message: string) {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict' }[
    statusCode
  ];
  return { statusCode, error, message };
}

/**
 * Requests from another site that sign-in and the API's writes both refuse
 * (auth/same-origin.ts): what the case is, and its headers.
 */
export const CROSS_SITE_REQUESTS: [string, Record<string, string>][] = [
  ['another site, sent to the LAN address', { origin: 'http://evil.example', host: '192.168.1.5:3000' }],
  ['another port of the same machine', { origin: 'http://192.168.1.5:8080', host: '192.168.1.5:3000' }],
  [
    'X-Forwarded-Host without TRUST_PROXY',
    { origin: 'https://club.example', host: 'localhost:3000', 'x-forwarded-host': 'club.example' },
  ],
];
