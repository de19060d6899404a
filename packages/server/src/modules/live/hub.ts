import { LIVE_HEARTBEAT_MS, RESYNC_EVENT, liveNoticeSchema } from '@flightline/domain/field/live-events';
import type { Database } from '../../db/engine.ts';
import { LIVE_CHANNEL, pruneEventsBefore, type LiveEvent } from './repo.ts';

declare module '../deps.ts' {
  interface ModuleDeps {
    /** This process's fan-out of change notices to the phones' streams (app.ts starts it). */
    live: LiveHub;
  }
}

/** One phone's open stream, as the hub sees it. */
export interface LiveStream {
  clubId: string;
  userId: string;
  /** The session it was opened with: ended with it, and counted against MAX_STREAMS_PER_SESSION. */
  sessionId: string;
  /** When the hub ends it, so that the phone reconnects and its session and membership are checked again. */
  closeAt: number;
  /** An event for this stream (`id` 0: not a notice); the stream writes it, or closes when the phone cannot keep up. */
  deliver(id: number, chunk: string): void;
  /** A comment line that keeps an idle connection open. */
  heartbeat(): void;
  /** End the stream (the browser reconnects by itself). */
  close(): void;
}

export interface LiveStats {
  /** Streams open on this process. */
  streams: number;
  /** Streams ended because their access ended (sign-out, session revoked, membership or rights changed) since start. */
  streamsEndedByAccess: number;
  /** Clubs with at least one open stream on this process. */
  clubs: number;
  /** Notices received from the database since start. */
  noticesReceived: number;
  /** process.memoryUsage() at the call: the fan-out benchmark divides by `streams`. */
  rssBytes: number;
  heapUsedBytes: number;
}

export interface LiveHub {
  /**
   * How long a stream stays open before it is ended (plus up to a fifth more, so phones do not all come back at
   * once).
   */
  readonly maxStreamMs: number;
  /** Add a stream to its club's fan-out; returns the function that takes it out. */
  attach(stream: LiveStream): () => void;
  /** How many streams this session has open on this process. */
  openFor(sessionId: string): number;
  stats(): LiveStats;
  /** Stop listening and end every stream (before the HTTP server closes: open streams would hold it). */
  close(): Promise<void>;
}

export interface LiveHubOptions {
  heartbeatMs?: number;
  /** How long a stream stays open (default 15 minutes); the phone reconnects and is checked again. */
  maxStreamMs?: number;
  /** How long events are kept for reconnecting phones. */
  keepMs?: number;
  pruneEveryMs?: number;
  /** Wall-clock time (the events' `at` is the database's now(), not a test's business clock). */
  now?: () => number;
  log?: (message: string) => void;
}

/**
 * An access notice (migration 0023's triggers, on the notices' channel): a
 * session ended (sign-out, revoked, expired and removed), or a person's
 * membership, rights or active club changed — in one club, or (club null)
 * wherever they are.
 */
export type AccessChange = { session: string } | { user: string; club: string | null };

function parseAccessChange(raw: unknown): AccessChange {
  const access = raw as { session?: unknown; user?: unknown; club?: unknown } | null;
  if (typeof access?.session === 'string') return { session: access.session };
  if (typeof access?.user === 'string')
    return { user: access.user, club: typeof access.club === 'string' ? access.club : null };
  throw new Error('an access notice names no session and no user');
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const DEFAULT_MAX_STREAM_MS = 15 * 60 * 1000;

/** An event as a server-sent-event frame: `id:` for the browser's Last-Event-ID, the notice as one data line. */
export function noticeFrame(event: Pick<LiveEvent, 'id' | 'notice'>): string {
  return `id: ${event.id}\ndata: ${JSON.stringify(event.notice)}\n\n`;
}

/** Sent to every stream when this process may have missed notices: the phone reads its line screens again. */
export const RESYNC_FRAME = `event: ${RESYNC_EVENT}\ndata: {}\n\n`;

/**
 * The per-process fan-out: one LISTEN on the database (on PostgreSQL the one
 * listening connection of the process; on PGlite its in-process notices), and
 * each notice written, once, to the open streams of its club — only to the
 * member's own streams when it names a member. Nothing else is shared between
 * processes: any process can serve any phone.
 */
export async function startLiveHub(database: Database, options: LiveHubOptions = {}): Promise<LiveHub> {
  const now = options.now ?? Date.now;
  const log = options.log ?? console.warn;
  const clubs = new Map<string, Set<LiveStream>>();
  const sessions = new Map<string, Set<LiveStream>>();
  let streamCount = 0;
  let noticesReceived = 0;
  let streamsEndedByAccess = 0;

  /**
   * A person's access changed (an access notice, migration 0023): end the streams it names; the phone reconnects
   * and is checked again.
   */
  function endStreams(access: AccessChange): void {
    const named =
      'session' in access
        ? [...(sessions.get(access.session) ?? [])]
        : [
            ...(access.club === null ? [...clubs.values()].flatMap((set) => [...set]) : (clubs.get(access.club) ?? [])),
          ].filter((stream) => stream.userId === access.user);
    for (const stream of named) {
      streamsEndedByAccess++;
      stream.close();
    }
  }

  function onNotification(payload: string): void {
    let event: LiveEvent;
    try {
      const raw = JSON.parse(payload) as {
        id: unknown;
        club: unknown;
        member: unknown;
        notice: unknown;
        access?: unknown;
      };
      if (raw.access !== undefined) {
        endStreams(parseAccessChange(raw.access));
        return;
      }
      const notice = liveNoticeSchema.parse(raw.notice);
      if (typeof raw.id !== 'number' || typeof raw.club !== 'string') throw new Error('no id or club');
      event = { id: raw.id, club: raw.club, member: typeof raw.member === 'string' ? raw.member : null, notice };
    } catch (error) {
      log(`Live: a notice that could not be read was dropped (${(error as Error).message}): ${payload.slice(0, 200)}`);
      return;
    }
    noticesReceived++;
    const streams = clubs.get(event.club);
    if (!streams) return;
    const frame = noticeFrame(event);
    for (const stream of streams) {
      if (event.member === null || event.member === stream.userId) stream.deliver(event.id, frame);
    }
  }

  const unlisten = await database.listen(LIVE_CHANNEL, onNotification);
  // Notices sent while the listening connection was down are lost to this process: every phone reads again.
  const offReconnect = database.onListenReconnect?.(() => {
    for (const streams of clubs.values()) for (const stream of streams) stream.deliver(0, RESYNC_FRAME);
  });

  const heartbeat = setInterval(() => {
    const at = now();
    for (const streams of clubs.values()) {
      for (const stream of streams) {
        if (at >= stream.closeAt) stream.close();
        else stream.heartbeat();
      }
    }
  }, options.heartbeatMs ?? LIVE_HEARTBEAT_MS);
  heartbeat.unref();

  const keepMs = options.keepMs ?? DAY_MS;
  const prune = setInterval(() => {
    pruneEventsBefore(database.db, new Date(now() - keepMs)).catch((error: unknown) => {
      log(`Live: pruning old events failed (${(error as Error).message}); trying again later`);
    });
  }, options.pruneEveryMs ?? HOUR_MS);
  prune.unref();

  return {
    maxStreamMs: options.maxStreamMs ?? DEFAULT_MAX_STREAM_MS,
    attach(stream) {
      let set = clubs.get(stream.clubId);
      if (!set) {
        set = new Set();
        clubs.set(stream.clubId, set);
      }
      set.add(stream);
      let own = sessions.get(stream.sessionId);
      if (!own) {
        own = new Set();
        sessions.set(stream.sessionId, own);
      }
      own.add(stream);
      streamCount++;
      let attached = true;
      return () => {
        if (!attached) return;
        attached = false;
        streamCount--;
        set.delete(stream);
        if (set.size === 0 && clubs.get(stream.clubId) === set) clubs.delete(stream.clubId);
        own.delete(stream);
        if (own.size === 0 && sessions.get(stream.sessionId) === own) sessions.delete(stream.sessionId);
      };
    },
    openFor(sessionId) {
      return sessions.get(sessionId)?.size ?? 0;
    },
    stats() {
      const memory = process.memoryUsage();
      return {
        streams: streamCount,
        streamsEndedByAccess,
        clubs: clubs.size,
        noticesReceived,
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
      };
    },
    async close() {
      clearInterval(heartbeat);
      clearInterval(prune);
      offReconnect?.();
      for (const streams of [...clubs.values()]) for (const stream of [...streams]) stream.close();
      await unlisten();
    },
  };
}
