import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../http/context.ts';
import { cookieCacheExpiry, SessionMemo } from './session-memo.ts';

const pat: SessionUser = { id: 'u1', email: 'pat@example.org', firstName: 'Pat', lastName: 'Pilot' };
/** A Cookie header with better-auth's compact cookie cache expiring at `expiresAt`. */
const header = (expiresAt: unknown, name = 'better-auth.session_data') =>
  `better-auth.session_token=abc.def; ${name}=${Buffer.from(JSON.stringify({ session: {}, expiresAt, signature: 'sig' })).toString('base64url')}`;

describe('cookieCacheExpiry', () => {
  it("reads the cache's expiry from the compact cookie, with or without the __Secure- prefix", () => {
    expect(cookieCacheExpiry(header(1_800_000_060_000))).toBe(1_800_000_060_000);
    expect(cookieCacheExpiry(header(1_800_000_060_000, '__Secure-better-auth.session_data'))).toBe(1_800_000_060_000);
  });

  it('knows nothing of a header without the cache, a cache in chunks, or a value it cannot read', () => {
    expect(cookieCacheExpiry('better-auth.session_token=abc.def')).toBeUndefined();
    expect(cookieCacheExpiry(`${header(1_800_000_060_000)}; better-auth.session_data.0=part`)).toBeUndefined();
    expect(cookieCacheExpiry('better-auth.session_data=not-json')).toBeUndefined();
    expect(cookieCacheExpiry(header('tomorrow'))).toBeUndefined();
  });
});

describe('SessionMemo', () => {
  const now = 1_800_000_000_000;

  it('answers the same Cookie header until the cookie cache in it expires, and nothing after', () => {
    const memo = new SessionMemo();
    const cookie = header(now + 60_000);
    memo.remember(cookie, pat, now);
    expect(memo.get(cookie, now + 59_999)).toEqual(pat);
    expect(memo.get(`${cookie}; other=1`, now)).toBeUndefined();
    expect(memo.get(cookie, now + 60_000)).toBeUndefined();
    expect(memo.size).toBe(0);
  });

  it('does not remember a header whose cache has expired or cannot be read', () => {
    const memo = new SessionMemo();
    memo.remember(header(now), pat, now);
    memo.remember('better-auth.session_token=abc.def', pat, now);
    memo.remember(undefined, pat, now);
    expect(memo.size).toBe(0);
  });

  it('when full, drops what expired first, then the oldest half', () => {
    const memo = new SessionMemo(4);
    memo.remember(header(now + 10), { ...pat, id: 'soon' }, now);
    for (let i = 1; i <= 3; i++) memo.remember(header(now + 60_000 + i), { ...pat, id: `u${i}` }, now);
    // The first has expired by now + 20: the sweep removes it and keeps the other three.
    memo.remember(header(now + 60_004), { ...pat, id: 'u4' }, now + 20);
    expect(memo.size).toBe(4);
    // Full of live entries: the oldest half (u1, u2) goes.
    memo.remember(header(now + 60_005), { ...pat, id: 'u5' }, now + 20);
    expect(memo.size).toBe(3);
    expect(memo.get(header(now + 60_001), now + 20)).toBeUndefined();
    expect(memo.get(header(now + 60_003), now + 20)?.id).toBe('u3');
    expect(memo.get(header(now + 60_005), now + 20)?.id).toBe('u5');
  });
});
