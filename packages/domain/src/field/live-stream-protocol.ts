/**
 * The parts of the live line's protocol a phone needs to follow the stream
 * (docs/live.md), without zod: the web app reads only a notice's kind to know
 * which screens to read again, so the stream's code stays small. The notices
 * themselves, with their schema, are in live-events.ts.
 */

/** The kinds of change notice (live-events.ts `LiveNotice['kind']`). */
export const LIVE_NOTICE_KINDS = ['flight', 'tug', 'glider', 'intro', 'account', 'roster', 'ogn'] as const;

export type LiveNoticeKindName = (typeof LIVE_NOTICE_KINDS)[number];

/**
 * A named event (not a notice) telling the phone to read its line screens
 * again: the server may have missed notices (its database listener
 * reconnected), so it cannot say which.
 */
export const RESYNC_EVENT = 'resync';

/** How often the server sends a comment line on an idle stream, so proxies and phones keep it open. */
export const LIVE_HEARTBEAT_MS = 25_000;

/** The kind of the notice in an event's data line; null for anything this app version does not know. */
export function liveNoticeKind(data: string): LiveNoticeKindName | null {
  try {
    const parsed: unknown = JSON.parse(data);
    const kind = parsed !== null && typeof parsed === 'object' && 'kind' in parsed ? parsed.kind : undefined;
    return LIVE_NOTICE_KINDS.find((known) => known === kind) ?? null;
  } catch {
    return null;
  }
}
