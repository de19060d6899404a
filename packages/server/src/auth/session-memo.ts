import { createHash } from 'node:crypto';
import type { SessionUser } from './auth.ts';

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
 *
 * Keyed by the session token cookie alone, never the whole header: the other
 * cookies a browser sends (the site's, or junk of any size) neither make new
 * entries nor cost memory. An entry is a token of at most MAX_TOKEN_CHARS, a
 * user and a digest of the cookie cache better-auth checked: only a header
 * carrying that same cache is answered (without it, or with another, the
 * header goes to better-auth as before). At most `limit` entries.
 */
export class SessionMemo {
  readonly #entries = new Map<string, { user: SessionUser; until: number; cache: string }>();

  constructor(private readonly limit = 50_000) {}

  get(cookieHeader: string | undefined, now: number): SessionUser | undefined {
    const token = sessionTokenOf(cookieHeader);
    if (token === undefined) return undefined;
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.#entries.delete(token);
      return undefined;
    }
    return cacheDigest(cookieHeader) === entry.cache ? entry.user : undefined;
  }

  /**
   * Remember the session better-auth found for this Cookie header, until its
   * cookie cache expires. Call only with a session better-auth verified from
   * this very header, and that set no cookie of its own (a renewed cookie
   * means it did not answer from the cache).
   */
  remember(cookieHeader: string | undefined, user: SessionUser, now: number): void {
    const token = sessionTokenOf(cookieHeader);
    if (token === undefined || cookieHeader === undefined) return;
    const until = cookieCacheExpiry(cookieHeader);
    const cache = cacheDigest(cookieHeader);
    if (until === undefined || until <= now || cache === undefined) return;
    if (!this.#entries.has(token) && this.#entries.size >= this.limit) this.#sweep(now);
    this.#entries.set(token, { user, until, cache });
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

/** A session token cookie is 32 characters, a dot and a 44-character signature; anything much longer is not one. */
const MAX_TOKEN_CHARS = 256;

/**
 * The session token cookie's value in a Cookie header (`better-auth.session_token`,
 * with or without the `__Secure-` prefix); undefined without one, or with one
 * too long to be a token.
 */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  let token: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim().endsWith('better-auth.session_token')) token = part.slice(eq + 1).trim();
  }
  return token && token.length <= MAX_TOKEN_CHARS ? token : undefined;
}

/** The compact cookie cache's value in a Cookie header; undefined without one, or when it comes in chunks. */
function cookieCacheOf(cookieHeader: string): string | undefined {
  let value: string | undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name.endsWith('.session_data.0')) return undefined;
    if (name.endsWith('better-auth.session_data')) value = part.slice(eq + 1).trim();
  }
  return value;
}

/**
 * A short digest of the header's cookie cache (what better-auth verified), so an entry holds 43 characters, not the
 * cookie.
 */
function cacheDigest(cookieHeader: string | undefined): string | undefined {
  const value = cookieHeader === undefined ? undefined : cookieCacheOf(cookieHeader);
  return value ? createHash('sha256').update(value).digest('base64url') : undefined;
}

/**
 * When the session cookie cache in a Cookie header expires: better-auth's
 * compact cookie (`…session_data`, base64url of `{ session, expiresAt,
 * signature }`). Undefined for anything else — a cookie split in chunks, a
 * format this code does not know — which is then simply not remembered.
 */
export function cookieCacheExpiry(cookieHeader: string): number | undefined {
  const value = cookieCacheOf(cookieHeader);
  if (!value) return undefined;
  try {
    const decoded = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as { expiresAt?: unknown };
    return typeof decoded.expiresAt === 'number' && Number.isFinite(decoded.expiresAt) ? decoded.expiresAt : undefined;
  } catch {
    return undefined;
  }
}
