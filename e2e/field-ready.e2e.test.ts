import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './helpers/demo-accounts.ts';

/**
 * Issue 13, "fast on one bar of signal": the built app as the real server
 * sends it (decision 0009).
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request, headers as sent and the body as it came on the wire (fetch would decompress it). */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, inject('baseUrl')), { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return gunzipSync(answer.body).toString();
  return answer.body.toString();
}

async function memberCookie(): Promise<string> {
  const baseUrl = inject('baseUrl');
  const signIn = await raw(
    '/api/auth/sign-in/email',
    // Its own client address: the per-address sign-in limit is per phone (e2e/helpers/browser.ts).
    { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': '127.13.0.1' },
    'POST',
    JSON.stringify({ email: DEMO.member, password: DEMO_PASSWORD }),
  );
  expect(signIn.status).toBe(200);
  return ([] as string[])
    .concat(signIn.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('compressed and cacheable', () => {
  it('the main script goes as brotli (or gzip), a fraction of its size, cached for a year', async () => {
    const page = await raw('/', { 'accept-encoding': 'gzip, deflate, br' });
    const html = decoded(page);
    const main = html.match(/<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>/)?.[1];
    expect(main).toBeDefined();

    const plain = await raw(main!, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await raw(main!, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    const gzip = await raw(main!, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it('index.html is compressed and revalidated on every visit', async () => {
    const page = await raw('/crew/', { 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("style-src 'self'");
  });

  it('API answers over 1 kB go gzipped for Accept-Encoding: gzip; smaller ones as they are', async () => {
    const cookie = await memberCookie();
    // The demo club's few members make a short list (server tests cover a club's list over 1 kB).
    const list = await raw('/api/list-items/?type=PILOT', { 'accept-encoding': 'gzip', cookie });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeLessThan(1024);
    expect(list.headers['content-encoding']).toBeUndefined();
    expect((JSON.parse(list.body.toString()) as { items: unknown[] }).items.length).toBeGreaterThan(3);
    const api = await raw('/api/openapi.json', { 'accept-encoding': 'gzip', cookie });
    expect(api.status).toBe(200);
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(api.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(gunzipSync(api.body).toString())).toHaveProperty('paths');
  });
});
