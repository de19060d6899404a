import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An onSend hook: an API answer that says nothing of its own caching is
 * `Cache-Control: no-store`, so the browser keeps no copy of anyone's data
 * for whoever holds the phone next (`fetch(…, { cache: 'only-if-cached' })`
 * after sign-out). The answers that set their own keep it: the line reads
 * revalidated by ETag (`private, no-cache`: kept, and asked about on every
 * use; sign-out clears them with Clear-Site-Data, auth/mount.ts) and the club
 * logo (versioned by its hash). docs/security.md "Kept answers".
 */
export function noStoreApiAnswers(request: FastifyRequest, reply: FastifyReply): void {
  if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}
