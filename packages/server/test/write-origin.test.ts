import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_SITE_REQUESTS, refusal } from './helpers/api.ts';
import { openAlpha, type AlphaClub } from './helpers/clubs.ts';
import { createPerson, createTestApp, type TestApp } from './helpers/test-app.ts';

const INVALID_ORIGIN = refusal(403, 'Invalid origin');

/**
 * API writes check where they come from, as sign-in does (auth/same-origin.ts):
 * a cookie-carrying write from a page of another site is refused before it
 * is read, so nothing changes.
 */
describe('cookie-carrying writes from another site are refused with 403 "Invalid origin"', () => {
  let { t, alpha: club } = {} as AlphaClub;
  let behindProxy: TestApp;
  let cookie: string;

  beforeAll(async () => {
    ({ t, alpha: club } = await openAlpha());
    behindProxy = await createTestApp({ trustProxy: true });
    cookie = await t.signIn((await createPerson(t.db, { club, flags: { is_admin: true } })).email);
  });
  afterAll(async () => {
    await t.close();
    await behindProxy.close();
  });

  const gliders = async () =>
    (await t.db.selectFrom('glider').select('id').where('club_id', '=', club).orderBy('id').execute()).map(
      (row) => row.id,
    );

  /** Create glider `id` through update-item with these headers (the cookie added unless `withCookie` is false). */
  const createGlider = (id: string, headers: Record<string, string>, withCookie = true) =>
    t.app.inject({
      method: 'POST',
      url: '/api/update-item/',
      headers: { ...(withCookie ? { cookie } : {}), ...headers },
      payload: { club, type: 'GLIDER', id, data: {} },
    });

  it.each([
    ['a page of another site', { origin: 'https://evil.example', host: 'localhost:3000' }],
    ...CROSS_SITE_REQUESTS,
    ['https for an http PUBLIC_URL', { origin: 'https://localhost:3000', host: 'example.org' }],
    ['a sandboxed page (Origin: null)', { origin: 'null', host: 'localhost:3000' }],
    ['Sec-Fetch-Site: cross-site with no Origin', { 'sec-fetch-site': 'cross-site', host: 'localhost:3000' }],
    [
      'Sec-Fetch-Site: cross-site with our own Origin',
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:3000', host: 'localhost:3000' },
    ],
  ])('%s: 403, and the glider is not created', async (_case, headers) => {
    const before = await gliders();
    const response = await createGlider('C-GBAD', headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(INVALID_ORIGIN);
    expect(await gliders()).toEqual(before);
  });

  it('refuses a DELETE and a better-auth call (sign-out) from another site too; the session stays', async () => {
    const evil = { origin: 'https://evil.example', cookie };
    const deleted = await t.app.inject({ method: 'DELETE', url: '/api/delete/', headers: evil });
    expect(deleted.json()).toEqual(INVALID_ORIGIN);
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: evil, payload: {} });
    expect(signOut.statusCode).toBe(403);
    expect(signOut.json()).toEqual(INVALID_ORIGIN);
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(session.json().isAuthenticated).toBe(true);
  });

  it.each([
    [
      "the app's own page (Origin host = Host)",
      'C-GLAN',
      { origin: 'http://192.168.1.5:3000', host: '192.168.1.5:3000', 'sec-fetch-site': 'same-origin' },
    ],
    ['a page on PUBLIC_URL, whatever the Host', 'C-GPUB', { origin: 'http://localhost:3000', host: '10.0.0.7:3000' }],
    ['no Origin (a script, not a browser)', 'C-GCLI', {}],
    ['Sec-Fetch-Site: same-origin and no Origin', 'C-GSFS', { 'sec-fetch-site': 'same-origin' }],
  ])('%s: the write goes through', async (_case, id, headers) => {
    const response = await createGlider(id, headers);
    expect(response.statusCode).toBe(200);
    expect(await gliders()).toContain(id);
  });

  it('a write from another site with no cookie is left to the route (401 Please log in)', async () => {
    const response = await createGlider(
      'C-GNOC',
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      false,
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(refusal(401, 'Please log in'));
  });

  it('reads are not checked: a GET with another Origin answers as usual', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('with TRUST_PROXY, the host the page was opened at comes from X-Forwarded-Host', async () => {
    const person = await createPerson(behindProxy.db);
    const proxiedCookie = await behindProxy.signIn(person.email);
    const post = (headers: Record<string, string>) =>
      behindProxy.app.inject({
        method: 'POST',
        url: '/api/switch-club',
        headers: { cookie: proxiedCookie, ...headers },
        payload: {},
      });
    const crossSite = await post({
      origin: 'https://evil.example',
      host: '127.0.0.1:3000',
      'x-forwarded-host': 'club.example',
    });
    expect(crossSite.json()).toEqual(INVALID_ORIGIN);
    const own = await post({
      origin: 'https://club.example',
      host: '127.0.0.1:3000',
      'x-forwarded-host': 'club.example',
    });
    // Let through to the route, which reads the body: no club named.
    expect(own.statusCode).toBe(400);
  });
});
