/** Header the HTTP layer fills with the host the request was sent to (Fastify's request.host). */
export const REQUEST_HOST_HEADER = 'x-flightline-host';

/**
 * The request's own origin: `origin` (a browser's Origin header) when it is an
 * http(s) origin naming exactly `host`, the host the request was sent to. The
 * web app is served from the same origin as the API, so this is whatever
 * address a phone used to reach the server (http://192.168.1.5:3000,
 * http://127.0.0.1:3000). A page on another site sends its own Origin to our
 * Host, and gets undefined.
 */
export function requestOrigin(origin: string | null | undefined, host: string | null | undefined): string | undefined {
  if (!host || !origin || !URL.canParse(origin)) return undefined;
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return url.host === host.toLowerCase() ? url.origin : undefined;
}

/** better-auth's `trustedOrigins`: besides PUBLIC_URL, the request's own origin (above). */
export function sameOrigin(request: Request | undefined): string[] {
  const origin = requestOrigin(request?.headers.get('origin'), request?.headers.get(REQUEST_HOST_HEADER));
  return origin ? [origin] : [];
}
