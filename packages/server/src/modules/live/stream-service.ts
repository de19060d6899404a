import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { MemberContext } from '../../http/context.ts';
import { HttpError } from '../../http/errors.ts';
import { noticeFrame, type LiveHub, type LiveStream } from './hub.ts';
import { eventsAfter, type LiveEvent } from './repo.ts';

export interface StreamDeps {
  db: Kysely<DB>;
  hub: LiveHub;
}

/** The browser's reconnect delay after a stream ends or drops (the `retry:` field). */
export const RETRY_MS = 2_000;

/** At most this many missed events are replayed; the phone reads its screens again on every connect anyway. */
export const REPLAY_LIMIT = 500;

/** Streams one session may hold open on a process: a phone's tabs, with room for one that is reconnecting. */
export const MAX_STREAMS_PER_SESSION = 4;
export const TOO_MANY_STREAMS =
  `Too many live streams for this session: at most ${MAX_STREAMS_PER_SESSION} ` +
  `open at once. Close another Flightline tab; this one refreshes every 10 ` +
  `seconds meanwhile.`;

/** A phone that has not taken this much yet is not keeping up: its stream ends and it catches up on reconnect. */
const MAX_UNSENT_BYTES = 64 * 1024;

/**
 * Open a phone's event stream in its active club: attach it to the hub, then,
 * when the browser sends its last event id, replay what it missed from the
 * table. Notices arriving during the replay wait and follow it, once each.
 * Returns the body Fastify sends; it ends when the phone goes, the hub closes,
 * or the stream's time is up (the browser reconnects, and its session and
 * membership are checked again).
 */
export async function openEventStream(
  deps: StreamDeps,
  ctx: MemberContext,
  lastEventId: number | undefined,
  reply: FastifyReply,
): Promise<PassThrough> {
  // The route reads the session from the database, so it has its id; without one a stream could not be ended with it.
  const sessionId = ctx.user.sessionId;
  if (sessionId === undefined) throw new Error('A live stream needs the session read from the database');
  // Checked and attached with no await between: two opening at once cannot both pass.
  if (deps.hub.openFor(sessionId) >= MAX_STREAMS_PER_SESSION)
    throw new HttpError(429, TOO_MANY_STREAMS, {}, { 'retry-after': '30' });
  const body = new PassThrough();
  let ended = false;
  let replaying = lastEventId !== undefined;
  const held: Array<{ id: number; chunk: string }> = [];
  const replayed = new Set<number>();

  const write = (chunk: string) => {
    if (ended) return;
    if (body.writableLength + body.readableLength + reply.raw.writableLength > MAX_UNSENT_BYTES) {
      stream.close();
      return;
    }
    body.write(chunk);
  };
  const stream: LiveStream = {
    clubId: ctx.club.id,
    userId: ctx.user.id,
    sessionId,
    closeAt: Date.now() + deps.hub.maxStreamMs + Math.floor(Math.random() * (deps.hub.maxStreamMs / 5)),
    deliver(id, chunk) {
      if (replaying) held.push({ id, chunk });
      else write(chunk);
    },
    heartbeat: () => write(': heartbeat\n\n'),
    close() {
      if (ended) return;
      ended = true;
      detach();
      body.end();
    },
  };
  const detach = deps.hub.attach(stream);
  // The response's close: the phone went away (the request's own 'close' comes as soon as its body is read).
  reply.raw.on('close', () => stream.close());

  let missed: LiveEvent[] = [];
  if (lastEventId !== undefined) {
    try {
      missed = await eventsAfter(deps.db, ctx.club.id, ctx.user.id, lastEventId, REPLAY_LIMIT);
    } catch (error) {
      // Answered as an error (a 503 when the database is away): the stream is never sent.
      stream.close();
      throw error;
    }
  }

  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    // no-store: nobody's notices kept; no-transform: a proxy must not compress or rewrite it; X-Accel-Buffering: nginx
    // must pass each event on at once.
    .header('cache-control', 'no-store, no-transform')
    .header('x-accel-buffering', 'no');
  body.write(`retry: ${RETRY_MS}\n\n`);
  for (const event of missed) {
    replayed.add(event.id);
    write(noticeFrame(event));
  }
  replaying = false;
  for (const { id, chunk } of held.splice(0)) if (!replayed.has(id)) write(chunk);
  return body;
}
