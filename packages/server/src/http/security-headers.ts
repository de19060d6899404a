import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The Content-Security-Policy of every answer. The built web app is script
 * and style files from this origin only (index.html has no inline script or
 * style), its calls go to /api on this origin, and its images are its own,
 * Bootstrap's data: icons and the club's uploaded logo (/api/club-logo/…).
 * React sets `style` props through the DOM (element.style), which style-src
 * does not govern, so no 'unsafe-inline' is needed.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * One year, this host and its subdomains: only for a PUBLIC_URL that is https (a LAN address on http must keep
 * working).
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The headers every answer carries: API, static files, index.html, 404s and errors, better-auth's answers. */
export function securityHeaders(publicUrl: string): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    ...(new URL(publicUrl).protocol === 'https:' ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

/**
 * An onSend hook adding them: onSend runs for every reply Fastify sends,
 * including the not-found handler's, the error handler's and @fastify/static's.
 */
export function addSecurityHeaders(publicUrl: string) {
  const headers = securityHeaders(publicUrl);
  return async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    reply.headers(headers);
    return payload;
  };
}
