import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headingSkeletonHtml, PAGE_HEADINGS } from '@flightline/domain/pages/page-headings';
import type { RoutePreloads } from '@flightline/domain/pages/route-preloads';
import Fastify from 'fastify';
import { chooseEncoding, hasSessionCookie, loadWebApp } from '../src/app/web-app.ts';
import { CONTENT_SECURITY_POLICY } from '../src/http/security-headers.ts';
import { createClub, createPerson, createTestApp, type TestApp } from './helpers/test-app.ts';

/** A built index.html as packages/web/index.html makes it: the shell with its slots, and the templates. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Flightline</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"><div class="shell">
      <!--nav--><nav>Flightline</nav><!--/nav-->
      <div class="flex-grow-1"><!--page--><main><span>Retrieving your data....</span></main><!--/page--></div>
    </div></div>
    <template id="signed-in-nav"><nav>Home <a href="/settings">Settings</a></nav></template>
    <template id="signed-out-nav"><nav>Flightline <a href="/signup">Signup</a></nav></template>
    <template id="landing-page"><main><h1>Flightline</h1></main></template>
    <template id="landing-title"><main><h1>Flightline</h1><p class="lead">Tagline</p></main></template>
  </body>
</html>
`;

const PRELOADS: RoutePreloads = {
  routes: {
    '/': { signedIn: true, js: ['/assets/home-page-1.js'], css: [] },
    '/login': { signedIn: false, js: ['/assets/login-page-1.js', '/assets/Form-1.js'], css: [] },
    '/crew': {
      signedIn: true,
      js: ['/assets/crew-page-1.js', '/assets/schemas-1.js'],
      css: ['/assets/crew-page-1.css'],
    },
    '/awaiting': { signedIn: true, js: ['/assets/awaiting-page-1.js'], css: [] },
    '*': { signedIn: false, js: ['/assets/not-found-1.js'], css: [] },
  },
};

/**
 * index.html per page (decision 0009): the landing page drawn for a visitor,
 * the signed-in navbar for a session, the page's screen preloaded.
 */
describe('the web app pages', () => {
  let t: TestApp;
  let webDist: string;
  let session: string;
  let member: { userId: string; email: string };

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'flightline-web-'));
    mkdirSync(join(webDist, '.vite'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDist, '.vite', 'route-preloads.json'), JSON.stringify(PRELOADS));
    writeFileSync(join(webDist, 'assets', 'index-abc.js'), 'export {};');
    t = await createTestApp({ webDist });
    const club = await createClub(t.db);
    member = await createPerson(t.db, { club });
    session = await t.cookieFor(member.email);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const page = async (url: string, cookie?: string, acceptEncoding = 'identity') => {
    const response = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': acceptEncoding, ...(cookie ? { cookie } : {}) },
    });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const preloaded = (html: string) =>
    [
      ...html.matchAll(
        /<link rel="(modulepreload|preload)"(?: as="(\w+)")?(?: fetchpriority="low")? crossorigin href="([^"]+)">/g,
      ),
    ].map((m) => `${m[2] ?? m[1]} ${m[3]}`);

  it(
    "/ without a session: the landing page and the visitor's navbar in the shell, " +
      'the root marked data-landing and data-signed-out, nothing preloaded',
    async () => {
      const html = (await page('/')).body;
      expect(html).toContain('<div id="root" data-signed-out data-landing>');
      expect(html).toContain('<!--page--><main><h1>Flightline</h1></main><!--/page-->');
      expect(html).not.toContain('Retrieving your data');
      expect(html).toContain('<!--nav--><nav>Flightline <a href="/signup">Signup</a></nav><!--/nav-->');
      expect(preloaded(html)).toEqual([]);
    },
  );

  it(
    '/ with a session: the signed-in navbar and Home drawn (decision 0020); the session ' +
      "read, Home's balance and blocks reads and the home screen preloaded",
    async () => {
      const html = (await page('/', session)).body;
      expect(html).toContain('<div id="root" data-first-state="/" data-session>');
      expect(html).toContain('<!--nav--><nav>Home <a href="/settings">Settings</a></nav><!--/nav-->');
      expect(html).toContain('<p class="fs-5 mb-2">Your account balance: $0.00</p>');
      expect(html).not.toContain('Retrieving your data');
      expect(preloaded(html)).toEqual([
        'fetch /api/session',
        'fetch /api/get-balance',
        'fetch /api/get-block-balances',
        'modulepreload /assets/home-page-1.js',
      ]);
      // The preloaded addresses are the signed-in member's own balance and blocks, as Home reads them.
      const balance = await t.app.inject({ method: 'GET', url: '/api/get-balance', headers: { cookie: session } });
      expect(balance.statusCode).toBe(200);
      expect(balance.json()).toEqual({ userID: member.userId, balanceCents: 0 });
      const blocks = await t.app.inject({
        method: 'GET',
        url: '/api/get-block-balances',
        headers: { cookie: session },
      });
      expect(blocks.statusCode).toBe(200);
      expect(blocks.json()).toEqual({ blocks: [] });
    },
  );

  it(
    '/awaiting/ without a session: the landing title and tagline (member ' +
      "spec §2), marked data-landing, with the visitor's navbar",
    async () => {
      for (const url of ['/awaiting/', '/awaiting', '/Awaiting/']) {
        const html = (await page(url)).body;
        expect(html).toContain('<div id="root" data-signed-out data-landing>');
        expect(html).toContain('<!--page--><main><h1>Flightline</h1><p class="lead">Tagline</p></main><!--/page-->');
        expect(html).toContain('<!--nav--><nav>Flightline <a href="/signup">Signup</a></nav><!--/nav-->');
        expect(html).not.toContain('Retrieving your data');
        expect(preloaded(html)).toEqual([]);
      }
    },
  );

  it(
    '/awaiting/ with a session: its heading in the loading ' + 'state, the signed-in navbar, its screen preloaded',
    async () => {
      const html = (await page('/awaiting/', session)).body;
      expect(html).toContain('<div id="root" data-session>');
      expect(html).toContain(`<!--page-->${headingSkeletonHtml(PAGE_HEADINGS['/awaiting'])}<!--/page-->`);
      expect(preloaded(html)).toEqual(['fetch /api/session', 'modulepreload /assets/awaiting-page-1.js']);
    },
  );

  it(
    "/crew/ with a session: the form drawn with the member's data (decision 0020); the " +
      "session, the page's own read, its chunks and style sheet preloaded",
    async () => {
      const html = (await page('/crew/', session)).body;
      expect(preloaded(html)).toEqual([
        'fetch /api/session',
        'fetch /api/serve-crew',
        'modulepreload /assets/crew-page-1.js',
        'modulepreload /assets/schemas-1.js',
        'style /assets/crew-page-1.css',
      ]);
      expect(html).toContain('<div id="root" data-first-state="/crew" data-session>');
      expect(html).toContain(
        '<!--page--><main class="container page py-3" inert=""><h1 ' +
          'class="h3 mb-3">Request Flight</h1><form novalidate="">',
      );
      expect(html).toContain(
        '<p class="crew-summary bg-body-tertiary rounded px-3 py-2" aria-live="polite">You (Pat ' +
          'Pilot) are in no glider yet with no launch type yet, flying alone.</p>',
      );
      // The screen's code and styles at low priority (the HTML draws the first paint); its reads at the browser's own.
      expect(html).toContain(
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/crew-page-1.js">',
      );
      expect(html).toContain(
        '<link rel="preload" as="style" fetchpriority="low" crossorigin href="/assets/crew-page-1.css">',
      );
      expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/serve-crew">');
      // The preloaded address is the signed-in member's own crew page, as the app reads it.
      const read = await t.app.inject({ method: 'GET', url: '/api/serve-crew', headers: { cookie: session } });
      expect(read.statusCode).toBe(200);
      expect(read.json<{ pilot: { pilotID: string } }>().pilot.pilotID).toBe(member.userId);
      // The links go in the head, after what the build put there.
      expect(html.indexOf('/assets/crew-page-1.js')).toBeGreaterThan(html.indexOf('/assets/index-abc.js'));
      expect(html.indexOf('/assets/crew-page-1.js')).toBeLessThan(html.indexOf('</head>'));
    },
  );

  it(
    '/crew/ without a session preloads nothing of a members-only ' +
      'screen (the app sends the visitor to the login page)',
    async () => {
      const html = (await page('/Crew')).body;
      expect(preloaded(html)).toEqual([]);
      expect(html).not.toContain('data-landing');
      expect(html).toContain('<div id="root" data-signed-out>');
      expect(html).toContain('<!--nav--><nav>Flightline <a href="/signup">Signup</a></nav><!--/nav-->');
      expect(html).toContain('<!--page--><main><span>Retrieving your data....</span></main><!--/page-->');
    },
  );

  it('/login preloads its screen for anyone; an address of no route, the not-found screen', async () => {
    expect(preloaded((await page('/login?redirect=%2Fcrew')).body)).toEqual([
      'modulepreload /assets/login-page-1.js',
      'modulepreload /assets/Form-1.js',
    ]);
    expect(preloaded((await page('/no/such/page')).body)).toEqual(['modulepreload /assets/not-found-1.js']);
  });

  it(
    'answers brotli or gzip by Accept-Encoding, revalidated, varying with the ' +
      'cookie, with the security headers (a page drawn for everyone)',
    async () => {
      const br = await page('/awaiting/', session, 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers.vary).toBe('accept-encoding, cookie');
      expect(br.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      const plain = await page('/awaiting/', session);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gzip = await page('/awaiting/', session, 'gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    },
  );

  it('/index.html is the built file as it is (the service worker keeps it for every page)', async () => {
    const response = await page('/index.html', session);
    expect(response.body).toBe(INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('a new build while the server runs: the pages come from it', async () => {
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML.replace('index-abc.js', 'index-def.js'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(webDist, 'index.html'), later, later);
    expect((await page('/login')).body).toContain('/assets/index-def.js');
  });

  describe("Home drawn with the member's own data (decision 0020)", () => {
    let cookie: string;

    beforeAll(async () => {
      const club = await createClub(t.db, {
        name: '<b>Ridge</b> & Co',
        message:
          '<p>Welcome <strong>back</strong></p><script>alert(1)</script><img ' +
          'src="https://evil.example/x.png" onerror="alert(2)">',
      });
      const admin = await createPerson(t.db, { club, flags: { is_admin: true } });
      cookie = await t.cookieFor(admin.email);
    });

    it('escapes what people typed and keeps only the sanitised club message: no script, no foreign image', async () => {
      const html = (await page('/', cookie)).body;
      expect(html).toContain('<h1 class="h4 mb-0">&lt;b&gt;Ridge&lt;/b&gt; &amp; Co</h1>');
      expect(html).toContain(
        '<div class="club-message border-top pt-3 mt-3"><p>Welcome <strong>back</strong></p></div></main><!--/page-->',
      );
      expect(html).not.toContain('alert(');
      expect(html).not.toContain('evil.example');
      expect(html.match(/<script/g)).toHaveLength(1);
      // An admin's menu, as the session's rights give it.
      expect(html).toContain('>Accounting Admin</a>');
    });

    it("is the person's alone: private, revalidated, and compressed as asked", async () => {
      const plain = await page('/', cookie);
      expect(plain.headers['cache-control']).toBe('private, no-cache');
      expect(plain.headers.vary).toBe('accept-encoding, cookie');
      const br = await page('/', cookie, 'br');
      expect(br.headers['cache-control']).toBe('private, no-cache');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gzip = await page('/', cookie, 'gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      // Another member's Home is their own.
      expect((await page('/', session)).body).not.toContain('Ridge');
    });

    it(
      'the generic page, as before, for a session that cannot be ' + 'read and for a member not active in the club',
      async () => {
        const club = await createClub(t.db);
        const inactive = await createPerson(t.db, { club, flags: { is_active: false } });
        for (const cookieHeader of ['better-auth.session_token=not-a-session', await t.cookieFor(inactive.email)]) {
          const home = await page('/', cookieHeader);
          expect(home.body).toContain('<div id="root" data-session>');
          expect(home.body).toContain('<!--page--><main><span>Retrieving your data....</span></main><!--/page-->');
          expect(home.headers['cache-control']).toBe('no-cache');
          const crew = await page('/crew/', cookieHeader);
          expect(crew.body).toContain('<div id="root" data-session>');
          expect(crew.body).toContain(`<!--page-->${headingSkeletonHtml(PAGE_HEADINGS['/crew'])}<!--/page-->`);
          expect(crew.headers['cache-control']).toBe('no-cache');
        }
      },
    );

    it("the crew page's names are escaped: a pilot named with markup shows as text", async () => {
      const club = await createClub(t.db);
      const odd = await createPerson(t.db, { club, first: '<script>alert(3)</script>', last: "O'Brien & Co" });
      const html = (await page('/crew/', await t.cookieFor(odd.email))).body;
      expect(html).toContain('>&lt;script&gt;alert(3)&lt;/script&gt; O&#x27;Brien &amp; Co</option>');
      expect(html).toContain('You (&lt;script&gt;alert(3)&lt;/script&gt; O&#x27;Brien &amp; Co) are in no glider yet');
      expect(html.match(/<script/g)).toHaveLength(1);
    });

    it('the generic page, never an error, when drawing the page fails', async () => {
      const pages = loadWebApp(webDist, async () => {
        throw new Error('the database is away');
      })!;
      const app = Fastify();
      app.get('/', (request, reply) => pages.send(request, reply));
      const response = await app.inject({ method: 'GET', url: '/', headers: { cookie: session } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<!--page--><main><span>Retrieving your data....</span></main><!--/page-->');
      expect(response.headers['cache-control']).toBe('no-cache');
      await app.close();
    });
  });

  it.each([
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['deflate', 'identity'],
    ['', 'identity'],
    [undefined, 'identity'],
  ])('Accept-Encoding %s → %s', (header, encoding) => {
    expect(chooseEncoding(header)).toBe(encoding);
  });

  it.each([
    ['better-auth.session_token=abc.def', true],
    ['theme=dark; __Secure-better-auth.session_token=abc', true],
    ['better-auth.session_data=xyz', false],
    ['better-auth.session_token=', false],
    ['other=better-auth.session_token=abc', false],
    [undefined, false],
  ])('session cookie in %s: %s', (cookie, found) => {
    expect(hasSessionCookie(cookie)).toBe(found);
  });
});

/**
 * /metrics is both the web app's Club metrics page and the Prometheus scrape
 * address (docs/deploy.md): a browser opening the page (it asks for HTML)
 * gets the web app, with or without METRICS_TOKEN; a scraper gets the figures.
 */
describe('/metrics: the page for a browser, the figures for a scraper', () => {
  const TOKEN = 'a-metrics-token-of-32-characters';
  let webDist: string;
  const browser = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
  const scraper = { accept: 'application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5,*/*;q=0.1' };

  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), 'flightline-web-'));
    mkdirSync(join(webDist, '.vite'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDist, '.vite', 'route-preloads.json'), JSON.stringify(PRELOADS));
  });
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it.each([undefined, TOKEN])(
    'with METRICS_TOKEN %s: a browser reloading /metrics gets the web app',
    async (metricsToken) => {
      const t = await createTestApp({ webDist, ...(metricsToken ? { metricsToken } : {}) });
      try {
        const page = await t.app.inject({ method: 'GET', url: '/metrics', headers: browser });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.body).toContain('<title>Flightline</title>');
        const scraped = await t.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { ...scraper, ...(metricsToken ? { authorization: `Bearer ${metricsToken}` } : {}) },
        });
        expect(scraped.statusCode).toBe(metricsToken ? 200 : 404);
        if (metricsToken) expect(scraped.body).toContain('flightline_http_requests_total');
      } finally {
        await t.close();
      }
    },
  );
});
