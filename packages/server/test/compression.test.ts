import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '@flightline/domain/api/app-version';
import { COMPRESSIBLE_TYPES } from '../src/http/compression.ts';
import { CONTENT_SECURITY_POLICY } from '../src/http/security-headers.ts';
import { solidPng } from './helpers/png.ts';
import { createClub, createPerson, createTestApp, type TestApp } from './helpers/test-app.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What the build writes (packages/web/src/build/precompress.ts): FILE, FILE.br and FILE.gz. */
function writeWithCopies(path: string, text: string): void {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

function decoded(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return gunzipSync(body).toString();
  return body.toString();
}

/**
 * Decision 0009: the built app's files go precompressed by Accept-Encoding,
 * the API's JSON over 1 kB is compressed on the fly, and caching follows the
 * file: hashed assets for a year, everything else revalidated.
 */
describe('compression and caching', () => {
  let t: TestApp;
  let webDist: string;
  let club: string;
  let member: string;
  let admin: string;
  const script =
    `export const screens = ` + `${JSON.stringify(Array.from({ length: 200 }, (_, i) => `screen number ${i}`))};\n`;
  const html =
    `<!doctype html><html><head><script type="module" ` +
    'src="/assets/index-abc.js"></script></head><body>' +
    `<div id="root">${'<p>Flightline</p>'.repeat(40)}</div></body></html>`;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'flightline-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeWithCopies(join(webDist, 'index.html'), html);
    writeWithCopies(join(webDist, 'assets', 'index-abc.js'), script);
    // A file the build left uncompressed (too small to gain).
    writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ webDist });
    club = await createClub(t.db);
    // Enough members that the PILOT list is well over the 1 kB threshold.
    for (let i = 0; i < 30; i++) await createPerson(t.db, { club, first: `Pilot${i}`, last: `Member${i}` });
    member = await t.cookieFor((await createPerson(t.db, { club })).email);
    admin = await t.cookieFor((await createPerson(t.db, { club, flags: { is_admin: true } })).email);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding: string | undefined, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        ...(cookie ? { cookie } : {}),
      },
    });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])(
    'a hashed asset with Accept-Encoding %s goes as %s, cached for a year, with every security header',
    async (accept, encoding) => {
      const response = await get('/assets/index-abc.js', accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(decoded(encoding, response.rawPayload)).toBe(script);
    },
  );

  it.each([
    ['/', 'br'],
    ['/crew/', 'br'],
    ['/index.html', 'gzip'],
  ])('%s answers index.html precompressed (%s) and revalidated (no-cache)', async (url, encoding) => {
    const response = await get(url, encoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(decoded(encoding, response.rawPayload)).toContain('<script type="module" src="/assets/index-abc.js">');
  });

  it('a file the build did not compress goes as it is, revalidated', async () => {
    const response = await get('/favicon.svg', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it.each(['/assets/index-abc.js.br', '/index.html.gz'])(
    '%s is no file of the app: the client-side fallback (index.html) answers',
    async (url) => {
      const response = await get(url, undefined);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toBe(html);
    },
  );

  it(
    "a member's PILOT list (over 1 kB) is gzipped for " + 'Accept-Encoding: gzip, with Vary and the security headers',
    async () => {
      const response = await get('/api/list-items/?type=PILOT', 'gzip', member);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      const list = JSON.parse(gunzipSync(response.rawPayload).toString()) as { items: unknown[] };
      expect(list.items).toHaveLength(32);
      expect(response.rawPayload.length).toBeLessThan(gzipSync(JSON.stringify(list)).length + 64);
    },
  );

  it('the same list as brotli when offered, and as it is when no encoding is offered', async () => {
    const br = await get('/api/list-items/?type=PILOT', 'gzip, br', member);
    expect(br.headers['content-encoding']).toBe('br');
    const plain = await get('/api/list-items/?type=PILOT', undefined, member);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('a small answer (under 1 kB) goes as it is', async () => {
    const response = await get(`/api/check-version?version=${APP_VERSION}`, 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ supported: true });
  });

  it("better-auth's answers still work compressed: sign-in sets the session cookie and the session reads", async () => {
    const { email } = await createPerson(t.db, { club });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'accept-encoding': 'br, gzip' },
      payload: { email, password: 'correct-horse-42' },
    });
    expect(signIn.statusCode).toBe(200);
    const body = decoded(signIn.headers['content-encoding'] as string | undefined, signIn.rawPayload);
    expect(JSON.parse(body).user.email).toBe(email);
    const cookie = ([] as string[])
      .concat(signIn.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(cookie).toContain('better-auth.session_token=');
    const session = await get('/api/session', 'br, gzip', cookie);
    expect(
      JSON.parse(decoded(session.headers['content-encoding'] as string | undefined, session.rawPayload)),
    ).toMatchObject({ isAuthenticated: true, email });
  });

  it('a club logo (an image, compressed already) goes as it is, even over 1 kB', async () => {
    // A PNG with 4 kB of trailing bytes: the type is read from the first bytes.
    const logo = Buffer.concat([solidPng(8, 8, [200, 30, 30]), randomBytes(4096)]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api/upload-club-logo?club=${club}`,
      headers: { cookie: admin, 'content-type': 'image/png' },
      payload: logo,
    });
    expect(uploaded.statusCode).toBe(200);
    const image = await get((uploaded.json() as { clubLogo: string }).clubLogo, 'br, gzip');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.equals(logo)).toBe(true);
  });

  it.each([
    ['application/json; charset=utf-8', true],
    ['text/csv; charset=utf-8', true],
    ['text/html; charset=utf-8', true],
    ['image/svg+xml', true],
    ['text/event-stream', false],
    ['text/event-stream; charset=utf-8', false],
    ['image/png', false],
    ['image/webp', false],
    ['application/octet-stream', false],
  ])('%s is compressed on the fly: %s', (type, compressed) => {
    expect(COMPRESSIBLE_TYPES.test(type)).toBe(compressed);
  });
});
