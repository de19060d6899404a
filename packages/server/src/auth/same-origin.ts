/** Header the HTTP layer fills with the host the request was sent to (Fastify's request.host). */
export const REQUEST_HOST_HEADER = 'x-flightline-host';

/**
 * better-auth's `trustedOrigins`: besides PUBLIC_URL, the request's own origin
 * when the browser's Origin names exactly the host the request was sent to.
 * The web app is served from the same origin as the API, so this is whatever
 * address a phone used to reach the server (http://192.168.1.5:3000,
 * http://127.0.0.1:3000). A page on another site sends its own Origin to our
 * Host, and stays refused.
 */
export function sameOrigin(request: Request | undefined): string[] {
  const host = request?.headers.get(REQUEST_HOST_HEADER)?.toLowerCase();
  const origin = request?.headers.get('origin');
  if (!host || !origin || !URL.canParse(origin)) return [];
  const url = new URL(origin);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return [];
  return url.host === host ? [url.origin] : [];
}
