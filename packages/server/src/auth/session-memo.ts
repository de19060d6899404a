import type { SessionUser } from '../http/context.ts';

/**
 * Reads (GET) take the session from better-auth's signed cookie cache, valid
 * for a minute (SESSION_CACHE_SECONDS, decision 0006): within that minute the
 * same cookie bytes always stand for the same session. Checking the
 * signature of those bytes again on every poll of every phone is most of
 * what a line read costs (better-auth's endpoint machinery, an HMAC through
 * WebCrypto's thread pool), so this process remembers what it found for a
 * Cookie header until the cookie cache inside it expires — never longer, so
 * a session ended elsewhere still stops reading within the same minute it
 * did before. A header better-auth did not answer from its cookie cache
 * (none, expired, a database read) is not remembered.
 */
export class SessionMemo {
  readonly #entries = new Map<string, { user: SessionUser; until: number }>();

  constructor(private readonly limit = 50_000) {}

  get(cookieHeader: string | undefined, now: number): SessionUser | undefined {
    if (!cookieHeader) return undefined;
    const entry = this.#entries.get(cookieHeader);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.#entries.delete(cookieHeader);
      return undefined;
    }
    return entry.user;
  }

  /**
   * Remember the session better-auth found for this Cookie header, until its
   * cookie cache expires. Call only with a session better-auth verified from
   * this very header, and that set no cookie of its own (a renewed cookie
   * means it did not answer from the cache).
   */
  remember(cookieHeader: string | undefined, user: SessionUser, now: number): void {
    if (!cookieHeader) return;
    const until = cookieCacheExpiry(cookieHeader);
    if (until === undefined || until <= now) return;
    if (this.#entries.size >= this.limit) this.#sweep(now);
    this.#entries.set(cookieHeader, { user, until });
  }

  /** Drop what has expired; if still full, the oldest half (a Map keeps insertion order). */
  #sweep(now: number): void {
    for (const [key, entry] of this.#entries) if (entry.until <= now) this.#entries.delete(key);
    if (this.#entries.size < this.limit) return;
    let drop = Math.ceil(this.#entries.size / 2);
    for (const key of this.#entries.keys()) {
      if (drop-- <= 0) break;
      this.#entries.delete(key);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}

/**
 * When the session cookie cache in a Cookie header expires: better-auth's
 * compact cookie (`…session_data`, base64url of `{ session, expiresAt,
 * signature }`). Undefined for anything else — a cookie split in chunks, a
 * format this code does not know — which is then simply not remembered.
 */
export function cookieCacheExpiry(cookieHeader: string): number | undefined {
  let value: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name.endsWith('.session_data.0')) return undefined;
    if (name.endsWith('better-auth.session_data')) value = part.slice(eq + 1).trim();
  }
  if (!value) return undefined;
  try {
    const decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { expiresAt?: unknown };
    return typeof decoded.expiresAt === 'number' && Number.isFinite(decoded.expiresAt) ? decoded.expiresAt : undefined;
  } catch {
    return undefined;
  }
}
