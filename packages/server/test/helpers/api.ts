import type { TestApp } from './test-app.ts';

/** JSON calls through app.inject, with or without a session cookie. */
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
export const NOT_ACTIVATED = 'Your account has not been activated at this club, Contact a club admin to have your account activated.';
export const NOT_YOUR_CLUB = 'That club is not your active club';
export const NOT_AUTHORIZED = 'User is not authorized (603)';

/** A 4xx body as the API answers it. */
export function refusal(statusCode: number, message: string) {
  const error = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict' }[statusCode];
  return { statusCode, error, message };
}

/**
 * Requests from another site that sign-in and the API's writes both refuse
 * (auth/same-origin.ts): what the case is, and its headers.
 */
export const CROSS_SITE_REQUESTS: [string, Record<string, string>][] = [
  ['another site, sent to the LAN address', { origin: 'http://evil.example', host: '192.168.1.5:3000' }],
  ['another port of the same machine', { origin: 'http://192.168.1.5:8080', host: '192.168.1.5:3000' }],
  ['X-Forwarded-Host without TRUST_PROXY', { origin: 'https://club.example', host: 'localhost:3000', 'x-forwarded-host': 'club.example' }],
];
