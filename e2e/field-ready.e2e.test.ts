import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RoutePreloads } from '@flightline/domain/pages/route-preloads';
import { CHROMIUM_ARGS, CHROMIUM_PATH, login, newPhonePage, screenshot } from './helpers/browser.ts';
import { DEMO, DEMO_PASSWORD } from './helpers/demo-accounts.ts';
import { WEB_DIST } from './helpers/server.ts';

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
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
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

const PRELOADS = JSON.parse(readFileSync(join(WEB_DIST, '.vite/route-preloads.json'), 'utf8')) as RoutePreloads;

describe('the page before its script: the HTML shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** Where the landing page's parts are drawn, in CSS pixels. */
  const layout = (page: Page) =>
    page.evaluate(() =>
      [
        'nav .navbar-brand',
        'nav a[href="/login"]',
        'main h1',
        'main p.lead',
        'main a[href="/signup"].btn',
        'footer',
      ].map((selector) => {
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return [selector, box ? [box.x, box.y, box.width, box.height].map(Math.round) : null];
      }),
    );

  it('the landing page is in the HTML, drawn where the app then draws it: nothing moves', async () => {
    const bare = await newPhonePage(browser, inject('baseUrl'), { javaScriptEnabled: false });
    await bare.goto('/');
    await bare.getByRole('heading', { level: 1, name: 'Flightline' }).waitFor();
    expect(await bare.getByRole('link', { name: 'Sign Up', exact: true }).getAttribute('href')).toBe('/signup');
    expect(await bare.locator('footer').textContent()).toBe('App version 0.16.0');
    await screenshot(bare, 'field-ready-landing-no-script');
    const before = await layout(bare);
    await bare.context().close();

    const app = await newPhonePage(browser, inject('baseUrl'));
    await app.addInitScript(() => {
      (window as unknown as { shifts: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          (window as unknown as { shifts: number }).shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await app.goto('/');
    // The app has taken over once the session is read: the landing page stays (signed out).
    await app.waitForLoadState('networkidle');
    expect(await app.locator('#root').getAttribute('data-landing')).toBe('');
    expect(await layout(app)).toEqual(before);
    expect(await app.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThanOrEqual(0.05);
    await app.context().close();
  });

  /** The demo member's cookies, signed in once through the login page. */
  const memberCookies = async () => {
    const phone = await newPhonePage(browser, inject('baseUrl'), {
      extraHTTPHeaders: { 'x-forwarded-for': '127.13.0.2' },
    });
    await login(phone, DEMO.member, DEMO_PASSWORD);
    const cookies = await phone.context().cookies();
    await phone.context().close();
    return cookies;
  };

  it(
    "a signed-in member's pages open with the signed-in navbar, the " +
      'loading state and the footer before any script',
    async () => {
      const bare = await newPhonePage(browser, inject('baseUrl'), { javaScriptEnabled: false });
      await bare.context().addCookies(await memberCookies());
      for (const path of ['/', '/crew/', '/ground/']) {
        await bare.goto(path);
        expect(await bare.locator('nav .navbar-brand').textContent()).toBe('Home');
        expect(await bare.locator('nav').getByRole('link', { name: 'Settings' }).isVisible()).toBe(true);
        // Home and Request Flight are drawn with the member's own data (decision 0020); the other pages show their
        // loading state.
        if (path === '/')
          expect(await bare.getByText(/^Your account balance: \$/).textContent()).toBe('Your account balance: $0.00');
        else if (path === '/crew/')
          expect(await bare.locator('.crew-summary').textContent()).toMatch(
            /^You \(Mary Member\) are in no glider yet/,
          );
        else expect(await bare.getByRole('status').textContent()).toBe('Retrieving your data....');
        expect(await bare.locator('footer').textContent()).toBe('App version 0.16.0');
      }
      await screenshot(bare, 'field-ready-ground-no-script');
      await bare.context().close();
    },
  );

  /** Where a page's parts are drawn, in CSS pixels. */
  const layoutOf = (page: Page, selectors: readonly string[]) =>
    page.evaluate(
      (all) =>
        all.map((selector) => {
          const box = document.querySelector(selector)?.getBoundingClientRect();
          return [selector, box ? [box.x, box.y, box.width, box.height].map(Math.round) : null];
        }),
      selectors,
    );

  /**
   * `path` opened without script, then with: the app draws the page from its own reads where the server drew it
   * (decision 0020), the server's `largest` element replaced by the app's, and nothing moves.
   */
  const drawnWhereTheAppDrawsIt = async (path: string, selectors: readonly string[], largest: string) => {
    const cookies = await memberCookies();
    const bare = await newPhonePage(browser, inject('baseUrl'), { javaScriptEnabled: false });
    await bare.context().addCookies(cookies);
    await bare.goto(path);
    await screenshot(bare, `field-ready-${path.replaceAll('/', '') || 'home'}-no-script`);
    const before = await layoutOf(bare, selectors);
    const text = await bare.locator(largest).textContent();
    await bare.context().close();

    const app = await newPhonePage(browser, inject('baseUrl'));
    await app.context().addCookies(cookies);
    await app.addInitScript((marked) => {
      const w = window as unknown as { shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) w.shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      // The server's own element, marked before the app starts: the app replaces it once its reads have answered.
      document.addEventListener('DOMContentLoaded', () =>
        document.querySelector(marked)?.setAttribute('data-server', ''),
      );
    }, largest);
    await app.goto(path);
    await app.waitForLoadState('networkidle');
    await expect.poll(() => app.locator(`${largest}[data-server]`).count()).toBe(0);
    expect(await app.locator(largest).textContent()).toBe(text);
    expect(await app.locator('#root').getAttribute('data-first-state')).toBe(
      path === '/' ? '/' : path.replace(/\/$/, ''),
    );
    expect(await layoutOf(app, selectors)).toEqual(before);
    expect(await app.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThanOrEqual(0.05);
    return { app, before };
  };

  it(
    "a signed-in member's Home is in the HTML, club message and all, drawn " +
      'where the app then draws it from its reads: nothing moves',
    async () => {
      const { app, before } = await drawnWhereTheAppDrawsIt(
        '/',
        [
          'main header h1',
          'nav[aria-label="Activities"] a[href="/crew/"]',
          'section[aria-label="Account"] p',
          '.club-message',
          'footer',
        ],
        '.club-message',
      );
      expect(before.every(([, box]) => box !== null)).toBe(true);
      expect(await app.locator('.club-message').textContent()).toContain('Welcome to the Demo Soaring Club!');
      // The app's own Home: its links go through the router.
      await app.getByRole('link', { name: 'Request Flight' }).click();
      await app.getByRole('heading', { name: 'Request Flight' }).waitFor();
      await app.context().close();
    },
  );

  it(
    "a signed-in member's Request Flight is in the HTML, summary line and " +
      'all, inert until the app draws it where it was: nothing moves',
    async () => {
      const { app, before } = await drawnWhereTheAppDrawsIt(
        '/crew/',
        [
          'main h1',
          'main select',
          'main fieldset button',
          '.crew-pair input',
          '.crew-summary',
          '.crew-submit',
          'footer',
        ],
        '.crew-summary',
      );
      expect(before.every(([, box]) => box !== null)).toBe(true);
      expect(await app.locator('main').getAttribute('inert')).toBeNull();
      // The app's own form: a choice changes the summary.
      await app.getByRole('button', { name: 'Instructor', exact: true }).click();
      await expect
        .poll(() => app.locator('.crew-summary').textContent())
        .toContain('with an instructor not yet chosen');
      await app.context().close();
    },
  );

  it("a signed-in page comes with its screen's code preloaded, and every preloaded file is there", async () => {
    const cookie = await memberCookie();
    const html = decoded(await raw('/crew/', { cookie, 'accept-encoding': 'br' }));
    const crew = PRELOADS.routes['/crew']!;
    expect(crew.js[0]).toMatch(/^\/assets\/crew-page-[\w-]+\.js$/);
    for (const href of crew.js)
      expect(html).toContain(`<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`);
    for (const href of crew.css)
      expect(html).toContain(`<link rel="preload" as="style" fetchpriority="low" crossorigin href="${href}">`);
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/session">');

    const files = new Set(Object.values(PRELOADS.routes).flatMap((route) => [...route.js, ...route.css]));
    for (const href of files) {
      const answer = await raw(href, { 'accept-encoding': 'br' });
      expect([href, answer.status, answer.headers['content-type']]).toEqual([
        href,
        200,
        href.endsWith('.css') ? 'text/css; charset=utf-8' : 'application/javascript; charset=utf-8',
      ]);
    }
  });
});
