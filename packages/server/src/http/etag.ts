import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { APP_VERSION } from '@flightline/domain/api/app-version';
import { clubToday } from '@flightline/domain/time/club-time';
import type { MemberContext } from './context.ts';

/** What else a read's answer depends on: its query's parameters. */
export type TagParts = readonly (string | number | boolean | undefined)[];

/**
 * The strong ETag of a club read whose answer follows from the club's data,
 * the caller, the club's day and the request alone (decision 0013): the
 * club's change counter (bumped at the commit of every write to the club's
 * data, migration 0015), the club, the caller (answers differ per person:
 * their own costs, their rights, which a change of rights bumps), the club's
 * today (what is "today's line", who is still active), the server's version
 * (the answer's shape), the call and its parameters, and the Accept-Encoding
 * the answer is compressed by (another encoding is another representation).
 */
export function clubReadTag(request: FastifyRequest, ctx: MemberContext, url: string, parts: TagParts): string {
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        APP_VERSION,
        url,
        ctx.club.id,
        ctx.clubVersion,
        ctx.user.id,
        clubToday(ctx.club.time_zone, ctx.now),
        request.headers['accept-encoding'] ?? '',
        parts,
      ]),
    )
    .digest('base64url');
  return `"${hash.slice(0, 27)}"`;
}

/** Whether If-None-Match names this tag (`*`, or one of a list; the weak comparison RFC 9110 §13.1.2 asks for). */
export function ifNoneMatchHits(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const value = candidate.trim();
    return value === '*' || value === tag || value === `W/${tag}`;
  });
}

/**
 * The browser keeps the answer and asks again every time with If-None-Match; nothing shared keeps a person's
 * answer.
 */
export const REVALIDATE_CACHE_CONTROL = 'private, no-cache';
