/**
 * What the field outbox does with a server's answer to one of its events
 * (docs/offline.md, "The outbox"): done, refused (shown to the person and
 * never sent again), signed out (kept until the person logs in), or retry
 * later with backoff (no answer, a server error, the database restarting).
 */

/** One delivery's answer; status 0 when none came (the network, a timeout). */
export interface OutboxAnswer {
  status: number;
  /** The parsed JSON body; a string when the body was not JSON. */
  body?: unknown;
  /** The Retry-After header, when the answer had one. */
  retryAfter?: string | null;
}

export type OutboxVerdict =
  | { kind: 'done' }
  | { kind: 'refused'; message: string }
  | { kind: 'signed-out' }
  | { kind: 'retry'; problem: string; afterMs: number | null };

/** Statuses that say "not now" rather than "no": a timeout, too early, too many requests. */
const TRANSIENT_4XX = new Set([408, 425, 429]);

const messageOf = (body: unknown): string | null =>
  body !== null &&
  typeof body === 'object' &&
  'message' in body &&
  typeof body.message === 'string' &&
  body.message !== ''
    ? body.message
    : null;

/** The server's JSON object, as opposed to a captive portal's or a proxy's page. */
const isJsonObject = (body: unknown): boolean => body !== null && typeof body === 'object';

export function classifyAnswer(answer: OutboxAnswer, nowMs: number): OutboxVerdict {
  const { status, body } = answer;
  if (status >= 200 && status < 300) {
    // A Wi-Fi login page answers 200 with HTML: the event has not reached us.
    return isJsonObject(body)
      ? { kind: 'done' }
      : { kind: 'retry', problem: 'The answer did not come from the server', afterMs: null };
  }
  if (status === 401) return { kind: 'signed-out' };
  if (TRANSIENT_4XX.has(status)) {
    return {
      kind: 'retry',
      problem: messageOf(body) ?? `The server asked to wait (${status})`,
      afterMs: retryAfterMs(answer.retryAfter, nowMs),
    };
  }
  if (status >= 400 && status < 500)
    return { kind: 'refused', message: messageOf(body) ?? `Request failed with status code ${status}` };
  if (status >= 500) {
    return {
      kind: 'retry',
      problem: messageOf(body) ?? `The server could not answer (${status})`,
      afterMs: retryAfterMs(answer.retryAfter, nowMs),
    };
  }
  return {
    kind: 'retry',
    problem: status === 0 ? 'No answer from the server' : `Unexpected answer (${status})`,
    afterMs: null,
  };
}

/**
 * Retry-After in seconds or as an HTTP date → milliseconds from now; null when absent or unreadable. At most 10
 * minutes.
 */
export function retryAfterMs(value: string | null | undefined, nowMs: number): number | null {
  if (!value) return null;
  const text = value.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - nowMs;
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}

const MAX_RETRY_AFTER_MS = 10 * 60_000;
export const BACKOFF_FIRST_MS = 2_000;
export const BACKOFF_MAX_MS = 60_000;

/**
 * The wait before attempt `failures + 1`: 2 s, 4 s, 8 s … up to a minute,
 * each scaled by a random factor in [0.5, 1] so phones that lost the
 * network together do not all come back in the same second.
 */
export function backoffMs(failures: number, random: () => number): number {
  const exponent = Math.min(Math.max(failures - 1, 0), 10);
  const ceiling = Math.min(BACKOFF_FIRST_MS * 2 ** exponent, BACKOFF_MAX_MS);
  return Math.round(ceiling * (0.5 + random() / 2));
}
