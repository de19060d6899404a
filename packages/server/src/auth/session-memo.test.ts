import { describe, expect, it } from 'vitest';
import type { SessionUser } from './auth.ts';
import { cookieCacheExpiry, SessionMemo } from './session-memo.ts';

const pat: SessionUser = { id: 'u1', email: 'pat@example.org', firstName: 'Pat', lastName: 'Pilot' };
/** A Cookie header with better-auth's compact cookie cache expiring at `expiresAt`. */
const header = (expiresAt: unknown, name = 'better-auth.session_data', token = 'abc.def') =>
  `better-auth.session_token=${token}; ${name}=` +
  Buffer.from(JSON.stringify({ session: {}, expiresAt, signature: 'sig' })).toString('base64url');

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

  it('answers the same session token until the cookie cache in it expires, and nothing after', () => {
    const memo = new SessionMemo();
    const cookie = header(now + 60_000);
    memo.remember(cookie, pat, now);
    expect(memo.get(cookie, now + 59_999)).toEqual(pat);
    expect(memo.get(`${cookie}; other=1`, now)).toEqual(pat);
    expect(memo.get(header(now + 60_000, undefined, 'xyz.uvw'), now)).toBeUndefined();
    // The same token with no cookie cache, or another one, goes to better-auth (it may find the session ended).
    expect(memo.get('better-auth.session_token=abc.def', now)).toBeUndefined();
    expect(memo.get(header(now + 50_000), now)).toBeUndefined();
    expect(memo.get(cookie, now + 60_000)).toBeUndefined();
    expect(memo.size).toBe(0);
  });

  it(
    'is keyed by the session token alone: 2,000 reads with one ' + 'token and unique 14 kB junk cookies keep one entry',
    () => {
      const memo = new SessionMemo();
      for (let i = 0; i < 2_000; i++) {
        const cookie = `junk${i}=${String(i).padStart(14 * 1024, 'x')}; ${header(now + 60_000)}`;
        memo.remember(cookie, pat, now);
        expect(memo.get(cookie, now)).toEqual(pat);
      }
      expect(memo.size).toBe(1);
    },
  );

  it('remembers nothing without a session token, or with one longer than a real token (a bound per entry)', () => {
    const memo = new SessionMemo();
    const expiresAt = now + 60_000;
    const cache = Buffer.from(JSON.stringify({ session: {}, expiresAt, signature: 'sig' })).toString('base64url');
    memo.remember(`better-auth.session_data=${cache}`, pat, now);
    memo.remember(header(expiresAt, undefined, 'x'.repeat(14 * 1024)), pat, now);
    expect(memo.size).toBe(0);
  });

  it('holds at most its limit of entries, however many tokens come', () => {
    const memo = new SessionMemo(100);
    for (let i = 0; i < 1_000; i++)
      memo.remember(header(now + 60_000, undefined, `t${i}.sig`), { ...pat, id: `u${i}` }, now);
    expect(memo.size).toBeLessThanOrEqual(100);
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
    const of = (expiresAt: number, i: number | string) => header(expiresAt, undefined, `t${i}.sig`);
    memo.remember(of(now + 10, 0), { ...pat, id: 'soon' }, now);
    for (let i = 1; i <= 3; i++) memo.remember(of(now + 60_000 + i, i), { ...pat, id: `u${i}` }, now);
    // The first has expired by now + 20: the sweep removes it and keeps the other three.
    memo.remember(of(now + 60_004, 4), { ...pat, id: 'u4' }, now + 20);
    expect(memo.size).toBe(4);
    // Full of live entries: the oldest half (u1, u2) goes.
    memo.remember(of(now + 60_005, 5), { ...pat, id: 'u5' }, now + 20);
    expect(memo.size).toBe(3);
    expect(memo.get(of(now + 60_001, 1), now + 20)).toBeUndefined();
    expect(memo.get(of(now + 60_003, 3), now + 20)?.id).toBe('u3');
    expect(memo.get(of(now + 60_005, 5), now + 20)?.id).toBe('u5');
  });
});
