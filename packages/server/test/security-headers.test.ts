import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '@flightline/domain/api/app-version';
import { createClub, createPerson, createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * Every answer's headers (docs/decisions/0008-security-headers.md), written out here so a change to them is a
 * change to this test.
 */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
const HEADERS = {
  'content-security-policy': CSP,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
};
const HSTS = 'max-age=31536000; includeSubDomains';

describe('security headers on every answer', () => {
  let t: TestApp;
  let https: TestApp;
  let webDist: string;

  beforeAll(async () => {
    // A stand-in for the built web app: index.html, a hashed asset and the favicon.
    webDist = mkdtempSync(join(tmpdir(), 'flightline-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><script type="module" src="/assets/index-abc.js"></script><div id="root"></div>',
    );
    writeFileSync(join(webDist, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ webDist });
    https = await createTestApp({ webDist, publicUrl: 'https://club.example.org' });
  });
  afterAll(async () => {
    await t.close();
    await https.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const expectHeaders = (headers: Record<string, unknown>, hsts: boolean) => {
    for (const [name, value] of Object.entries(HEADERS)) expect([name, headers[name]]).toEqual([name, value]);
    expect(headers['strict-transport-security']).toBe(hsts ? HSTS : undefined);
  };

  // What each answer is, so a failure names it: [case, method, url, status].
  const answers: [string, 'GET' | 'POST', string, number][] = [
    ['an API answer', 'GET', `/api/check-version?version=${APP_VERSION}`, 200],
    ['an API refusal (401)', 'GET', '/api/list-clubs', 401],
    ['a 400 from the input checks', 'POST', '/api/update-item/', 401],
    ['a 404 of the API', 'GET', '/api/no-such-call', 404],
    ['a 404 of another method', 'POST', '/no-such-page', 404],
    ["better-auth's refusal", 'POST', '/api/auth/sign-in/email', 400],
    ['index.html', 'GET', '/', 200],
    ['a client-side route (index.html)', 'GET', '/admin/club', 200],
    ['a static asset', 'GET', '/assets/index-abc.js', 200],
    ['the favicon', 'GET', '/favicon.svg', 200],
  ];

  it.each(answers)(
    '%s (%s %s → %i) carries every header, and no HSTS on an http PUBLIC_URL',
    async (_case, method, url, status) => {
      const response = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode).toBe(status);
      expectHeaders(response.headers, false);
    },
  );

  it.each(answers)('%s (%s %s → %i) carries HSTS too when PUBLIC_URL is https', async (_case, method, url, status) => {
    const response = await https.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(response.statusCode).toBe(status);
    expectHeaders(response.headers, true);
  });

  it("a signed-in member's answers and better-auth's sign-in carry them", async () => {
    const club = await createClub(t.db);
    const { email } = await createPerson(t.db, { club });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: 'correct-horse-42' },
    });
    expect(signIn.statusCode).toBe(200);
    expectHeaders(signIn.headers, false);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: await t.signIn(email) },
    });
    expect(session.statusCode).toBe(200);
    expectHeaders(session.headers, false);
  });
});
