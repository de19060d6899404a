import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubDateTime } from '../packages/web/src/lib/club-dates.ts';
import { sessionOf } from './helpers/api.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, login, newPhonePage, screenshot } from './helpers/browser.ts';
import { DEMO, DEMO_PASSWORD } from './helpers/demo-accounts.ts';
import { controlledByServiceWorker, savedReads, waitSaved } from './helpers/field.ts';
import { ownServer } from './helpers/own-server.ts';
import { freePort, startServer, WEB_DIST, type RunningServer } from './helpers/server.ts';

/**
 * Installable, opens offline (issue 13, item 4; docs/offline.md): the web app
 * manifest and icons; after one visit with a signal, the demo member's phone
 * in airplane mode opens Home, Request Flight, the line, the tug page and
 * Awaiting Launches with the last data they showed and "Offline — as of
 * HH:MM"; without the service worker the same reload fails (so the test
 * proves the service worker); signing out empties the saved cache; a new
 * version waits for "New version — reload". Its own servers: it places a
 * flight, and the update test swaps the built app under a running origin.
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const RESULTS = join(ROOT, 'test-results');
const DIST = WEB_DIST;
const NOTICE = /^Offline — as of (\d{4}-\d{2}-\d{2} )?\d{2}:\d{2}$/;

/**
 * What the notice must say for a screen whose reads are `roots`: the oldest saved fetch time, HH:MM in the club's
 * zone.
 */
async function expectedNotice(page: Page, roots: string[], timeZone: string): Promise<string> {
  const times = (await savedReads(page)).filter((r) => roots.includes(String(r.key[0]))).map((r) => r.dataUpdatedAt);
  expect(times.length).toBeGreaterThan(0);
  return `Offline — as of ${clubDateTime(Math.min(...times), timeZone).time}`;
}

const notice = (page: Page) => page.getByText(NOTICE);

/** The line page's waiting flights, and their labels without the running "waiting h:mm" clock. */
const nextFlights = (page: Page) => page.getByRole('region', { name: 'Next flight' }).getByRole('button');
async function nextFlightLabels(page: Page): Promise<string[]> {
  return (await nextFlights(page).allInnerTexts()).map((text) =>
    text
      .replace(/\s*waiting \d+:\d{2}$/, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** The screens a member opens at the field: the path, its heading and the saved reads it shows. */
const SCREENS = {
  crew: { path: '/crew/', heading: 'Request Flight', roots: ['serve-crew'] },
  ground: { path: '/ground/', heading: 'Record Launch or Landing', roots: ['ground-status', 'club-info'] },
  fuel: { path: '/fuel/', heading: 'Log Fuel, Oil, or Shift Change', roots: ['tugs'] },
  awaiting: { path: '/awaiting/', heading: 'Awaiting Launches', roots: ['list-items'] },
} as const;
const HOME_ROOTS = ['balance', 'block-balances', 'flights-of-day'];

describe('after one visit the app opens offline with the last data it saw (375 px)', () => {
  const field = ownServer('offline');
  let page: Page;
  let timeZone: string;
  let maryId: string;
  /** What each screen showed online, to find again offline. */
  const online: Record<string, string[]> = {};

  beforeAll(async () => {
    // Awaiting Launches reads the club's today (docs/flight-line.md, "What the pages read"); the phone is put where the
    // club is (the demo club's zone).
    page = await field.phone(DEMO.member, { timezoneId: 'America/Toronto' });
    const session = await sessionOf(page);
    maryId = session.userID!;
    timeZone = session.clubTimeZone;
    // Mary is on the line in C-GDSB, so Home, the line and Awaiting Launches have something to show.
    const placed = await page.request.post('/api/update-item/', {
      data: {
        type: 'FLIGHT',
        id: randomUUID(),
        data: { user: maryId, flyWith: 'Alone', glider: 'C-GDSB', launchType: '2000 ft' },
      },
    });
    expect(placed.status(), await placed.text()).toBe(200);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it(
    'online: Home, Request Flight, the line, the tug page and Awaiting ' +
      'Launches load, and the service worker takes the page',
    async () => {
      await page.goto('/');
      const balance = page.getByText(/^Your account balance: \$/);
      await balance.waitFor();
      await page.getByRole('heading', { name: 'Your active flights' }).waitFor();
      online.home = [
        (await balance.textContent())!,
        (await page.locator('section[aria-labelledby="active-flights"] li').first().textContent())!,
      ];
      expect(online.home[1]).toMatch(/^C-GDSB/);
      await waitSaved(page, HOME_ROOTS);

      // Through the menu, as a member does.
      await page.getByRole('link', { name: 'Request Flight', exact: true }).click();
      await page.getByLabel('Glider', { exact: true }).waitFor();
      online.crew = await page.getByLabel('Glider', { exact: true }).locator('option').allTextContents();
      expect(online.crew).toContain('C-GDSB');
      await waitSaved(page, [...SCREENS.crew.roots]);

      await page.goto(SCREENS.ground.path);
      await page.getByRole('heading', { name: SCREENS.ground.heading }).waitFor();
      await nextFlights(page).first().waitFor();
      online.ground = await nextFlightLabels(page);
      expect(online.ground).toEqual(['Mary M. C-GDSB 2000 ft']);
      await waitSaved(page, [...SCREENS.ground.roots]);

      await page.goto(SCREENS.fuel.path);
      await page.getByLabel('Tug', { exact: true }).waitFor();
      online.fuel = await page.getByLabel('Tug', { exact: true }).locator('option').allTextContents();
      expect(online.fuel).toEqual(['C-FTOW — Piper Pawnee']);
      await waitSaved(page, [...SCREENS.fuel.roots]);

      await page.goto(SCREENS.awaiting.path);
      const waiting = page.getByRole('group', { name: 'Waiting flights' }).getByRole('button');
      await waiting.first().waitFor();
      online.awaiting = await waiting.allTextContents();
      expect(online.awaiting).toEqual(['Mary M. C-GDSB 2000 ft']);
      await waitSaved(page, [...SCREENS.awaiting.roots]);

      await page.goto('/');
      await balance.waitFor();
      expect(await controlledByServiceWorker(page)).toBe(true);
      expect(await notice(page).count()).toBe(0);
      await screenshot(page, 'offline-home-online');
    },
  );

  it(
    'airplane mode: a reload opens Home signed in, with the balance and ' +
      'active flight it showed and "Offline — as of HH:MM"',
    async () => {
      await page.context().setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Demo Soaring Club' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await notice(page).waitFor();
      expect(await notice(page).textContent()).toBe(await expectedNotice(page, HOME_ROOTS, timeZone));
      expect(await page.getByText(/^Your account balance: \$/).textContent()).toBe(online.home![0]);
      expect(await page.locator('section[aria-labelledby="active-flights"] li').first().textContent()).toBe(
        online.home![1],
      );
      // Still signed in: the navbar offers Settings and Logout, not Login.
      expect(await page.getByRole('button', { name: 'Logout', exact: true }).isVisible()).toBe(true);
      // Under the club's heading, above the menu.
      const headingBox = (await page.getByRole('heading', { name: 'Demo Soaring Club' }).boundingBox())!;
      const noticeBox = (await notice(page).boundingBox())!;
      const menuBox = (await page.getByRole('link', { name: 'Request Flight', exact: true }).boundingBox())!;
      expect(noticeBox.y).toBeGreaterThan(headingBox.y);
      expect(noticeBox.y).toBeLessThan(menuBox.y);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
      await screenshot(page, 'offline-home');
    },
  );

  it(
    'airplane mode: each member screen opens (in-app and as a fresh page load) ' +
      'with its heading, its last data and the notice under the heading',
    async () => {
      // In the app, from the menu.
      await page.getByRole('link', { name: 'Request Flight', exact: true }).click();
      await page.getByRole('heading', { name: SCREENS.crew.heading }).waitFor();
      await notice(page).waitFor();
      expect(await page.getByLabel('Glider', { exact: true }).locator('option').allTextContents()).toEqual(online.crew);
      expect(await notice(page).textContent()).toBe(await expectedNotice(page, [...SCREENS.crew.roots], timeZone));
      await screenshot(page, 'offline-crew');

      // Fresh page loads: the service worker answers the navigation with the app.
      for (const screen of [SCREENS.ground, SCREENS.fuel, SCREENS.awaiting]) {
        await page.goto(screen.path);
        const heading = page.getByRole('heading', { name: screen.heading, level: 1 });
        await heading.waitFor();
        await notice(page).waitFor();
        expect(await notice(page).textContent()).toBe(await expectedNotice(page, [...screen.roots], timeZone));
        const headingBox = (await heading.boundingBox())!;
        const noticeBox = (await notice(page).boundingBox())!;
        expect(noticeBox.y).toBeGreaterThan(headingBox.y);
        expect(noticeBox.y - (headingBox.y + headingBox.height)).toBeLessThan(40);
        await screenshot(page, `offline-${screen.path.replaceAll('/', '')}`);
      }
      // The last data each showed.
      await page.goto(SCREENS.ground.path);
      await nextFlights(page).first().waitFor();
      expect(await nextFlightLabels(page)).toEqual(online.ground);
      await page.goto(SCREENS.fuel.path);
      await page.getByLabel('Tug', { exact: true }).waitFor();
      expect(await page.getByLabel('Tug', { exact: true }).locator('option').allTextContents()).toEqual(online.fuel);
      await page.goto(SCREENS.awaiting.path);
      await page.getByRole('group', { name: 'Waiting flights' }).waitFor();
      expect(await page.getByRole('group', { name: 'Waiting flights' }).getByRole('button').allTextContents()).toEqual(
        online.awaiting,
      );
      // A tap that needs the server does not break the page.
      await page.getByRole('button', { name: 'Mary M. C-GDSB 2000 ft' }).click();
      await page.getByRole('region', { name: 'Selected flight' }).waitFor();
    },
  );

  it('back online: the screen refreshes and the notice goes', async () => {
    await page.goto(SCREENS.fuel.path).catch(() => {});
    await page.getByLabel('Tug', { exact: true }).waitFor();
    await page.context().setOffline(false);
    await notice(page).waitFor({ state: 'detached' });
    await page.goto('/');
    await page.getByText(/^Your account balance: \$/).waitFor();
    expect(await notice(page).count()).toBe(0);
  });

  it(
    'with a signal, a reload reads afresh: no saved data is shown while a read is on its ' +
      'way; a read that gets no answer shows its saved data with the notice',
    async () => {
      // The day's flights answer 2 s late: meanwhile Home shows no saved list, and no notice.
      await page.route('**/api/list-items/**', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await route.continue();
      });
      await page.reload();
      await page.getByText(/^Your account balance: \$/).waitFor();
      expect(await page.getByRole('heading', { name: 'Your active flights' }).count()).toBe(0);
      expect(await notice(page).count()).toBe(0);
      await page.getByRole('heading', { name: 'Your active flights' }).waitFor();
      expect(await notice(page).count()).toBe(0);
      await page.unroute('**/api/list-items/**');

      // The balance gets no answer at all (the signal went after the app opened): its saved value, and the notice.
      await page.route('**/api/get-balance*', (route) => route.abort('internetdisconnected'));
      await page.reload();
      await notice(page).waitFor({ timeout: 15_000 });
      expect(await page.getByText(/^Your account balance: \$/).textContent()).toBe(online.home![0]);
      await page.unroute('**/api/get-balance*');
      await page.reload();
      await page.getByText(/^Your account balance: \$/).waitFor();
      await page.getByRole('heading', { name: 'Your active flights' }).waitFor();
      expect(await notice(page).count()).toBe(0);
    },
  );

  it(
    'signing out empties the saved cache: offline, the phone then ' + 'opens the landing page, not the member’s data',
    async () => {
      await page.getByRole('button', { name: 'Logout', exact: true }).click();
      await page.getByRole('link', { name: 'Log In', exact: true }).waitFor();
      // Left: the signed-out session read and the version check, nothing of Mary's.
      await expect
        .poll(async () =>
          (await savedReads(page))
            .map((r) =>
              r.key[0] === 'session'
                ? `session, signed in: ${(r.data as { isAuthenticated: boolean }).isAuthenticated}`
                : String(r.key[0]),
            )
            .sort(),
        )
        .toEqual(['check-version', 'session, signed in: false']);
      await page.context().setOffline(true);
      await page.reload();
      await page.getByRole('link', { name: 'Log In', exact: true }).waitFor();
      expect(await page.getByText(/Your account balance/).count()).toBe(0);
      await page.context().setOffline(false);

      // The next person to sign in on this phone starts from an empty cache.
      await login(page, DEMO.instructor, DEMO_PASSWORD);
      await page.getByText(/^Your account balance: \$/).waitFor();
      await waitSaved(page, ['balance']);
      const saved = await savedReads(page);
      expect(saved.filter((r) => JSON.stringify(r.key).includes(maryId))).toEqual([]);
    },
  );
});

describe('without the service worker the same offline reload fails (the test above depends on it)', () => {
  const field = ownServer('offline-nosw');

  it(
    'with service workers blocked, the saved cache alone does not ' + 'open the app: the browser cannot load the page',
    async () => {
      const page = await field.phone(undefined, { serviceWorkers: 'block' });
      try {
        await login(page, DEMO.member, DEMO_PASSWORD);
        await page.getByText(/^Your account balance: \$/).waitFor();
        await waitSaved(page, HOME_ROOTS);
        expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
        await page.context().setOffline(true);
        await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
      } finally {
        await page.context().close();
      }
    },
  );
});

describe('installable', () => {
  const field = ownServer('offline-install');

  it(
    'serves the web app manifest as application/manifest+json, linked from ' +
      'the page, with reachable PNG icons of the sizes it names',
    async () => {
      const html = await (await fetch(`${field.baseUrl}/crew/`)).text();
      expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
      const response = await fetch(`${field.baseUrl}/manifest.webmanifest`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/manifest+json');
      const manifest = (await response.json()) as Record<string, unknown> & {
        icons: { src: string; sizes: string; type: string; purpose: string }[];
      };
      expect(manifest).toMatchObject({
        name: 'Flightline',
        short_name: 'Flightline',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#0d6efd',
        background_color: '#ffffff',
      });
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
        '192x192 any',
        '512x512 any',
        '512x512 maskable',
      ]);
      for (const icon of manifest.icons) {
        const png = await fetch(`${field.baseUrl}${icon.src}`);
        expect(png.headers.get('content-type')).toBe('image/png');
        const bytes = Buffer.from(await png.arrayBuffer());
        // The PNG header's width and height.
        expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`).toBe(icon.sizes);
      }
    },
  );

  it(
    'the service worker is served no-cache under the same ' +
      'Content-Security-Policy, and Chromium finds nothing against ' +
      'installing',
    async () => {
      const sw = await fetch(`${field.baseUrl}/sw.js`);
      expect(sw.status).toBe(200);
      expect(sw.headers.get('cache-control')).toBe('no-cache');
      expect(sw.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
      expect(sw.headers.get('content-security-policy')).toContain("script-src 'self'");
      // A normal (not incognito) profile: Chromium's own installability check, as Lighthouse's.
      const profile = mkdtempSync(join(tmpdir(), 'flightline-profile-'));
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM_PATH,
        args: CHROMIUM_ARGS,
        headless: true,
        baseURL: field.baseUrl,
      });
      try {
        const page = await context.newPage();
        await page.goto('/');
        expect(await controlledByServiceWorker(page)).toBe(true);
        const cdp = await context.newCDPSession(page);
        expect(await cdp.send('Page.getInstallabilityErrors')).toEqual({ installabilityErrors: [] });
      } finally {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      }
    },
  );

  it(
    'a page that opened without the service worker (a hard reload, or one ' +
      'still loading when it was installed) asks to be taken, and is',
    async () => {
      const page = await field.phone();
      try {
        await page.goto('/');
        expect(await controlledByServiceWorker(page)).toBe(true);
        // Ctrl+Shift+R: the browser loads the page around the service worker, so it starts with no controller.
        const cdp = await page.context().newCDPSession(page);
        const loaded = page.waitForEvent('load');
        await cdp.send('Page.reload', { ignoreCache: true });
        await loaded;
        await page.getByRole('link', { name: 'Log In', exact: true }).waitFor();
        expect(await controlledByServiceWorker(page)).toBe(true);
      } finally {
        await page.context().close();
      }
    },
  );
});

describe('a new version waits for "New version — reload" and comes in whole', () => {
  let browser: Browser;
  let dataDir: string;
  let builds: string;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    dataDir = mkdtempSync(join(tmpdir(), 'flightline-update-'));
    builds = mkdtempSync(join(tmpdir(), 'flightline-builds-'));
    // Version A is this build. Version B is the same build with a changed app shell: its index.html carries a
    // marker, and its service worker's precache revision for index.html differs, as after a deploy.
    cpSync(DIST, join(builds, 'a'), { recursive: true });
    cpSync(DIST, join(builds, 'b'), { recursive: true });
    const b = join(builds, 'b');
    // Precompressed copies of the two changed files would still be A's.
    for (const file of ['index.html', 'sw.js'])
      for (const ext of ['.br', '.gz']) rmSync(join(b, file + ext), { force: true });
    writeFileSync(
      join(b, 'index.html'),
      readFileSync(join(b, 'index.html'), 'utf8').replace('<head>', '<head><meta name="flightline-build" content="B">'),
    );
    const sw = readFileSync(join(b, 'sw.js'), 'utf8');
    const changed = sw.replace(/("revision":")[0-9a-f]+(","url":"index\.html")/, '$1build-b$2');
    expect(changed).not.toBe(sw);
    writeFileSync(join(b, 'sw.js'), changed);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(builds, { recursive: true, force: true });
  });

  it('the page keeps its version until the toast is tapped; then it reloads once, on the new version', async () => {
    // One origin (one port), two builds served one after the other, as a deploy does.
    const port = await freePort();
    const env = { AUTH_SECRET: 'offline-update-test-secret-0123456789abcdef' };
    server = await startServer({
      dataDir,
      port,
      logFile: join(RESULTS, 'offline-update-a.log'),
      env: { ...env, WEB_DIST: join(builds, 'a') },
    });
    const page = await newPhonePage(browser, server.baseUrl);
    try {
      await page.goto('/');
      await page.getByRole('link', { name: 'Log In', exact: true }).waitFor();
      expect(await controlledByServiceWorker(page)).toBe(true);
      const build = () =>
        page.evaluate(() => document.querySelector('meta[name="flightline-build"]')?.getAttribute('content') ?? 'A');
      expect(await build()).toBe('A');

      await server.stop();
      server = await startServer({
        dataDir,
        port,
        logFile: join(RESULTS, 'offline-update-b.log'),
        env: { ...env, WEB_DIST: join(builds, 'b') },
      });

      // The next visit still opens A (the page and its screens from one version) and finds B waiting.
      await page.reload();
      const toast = page.getByRole('button', { name: 'New version — reload', exact: true });
      await toast.waitFor({ timeout: 30_000 });
      expect(await build()).toBe('A');
      const box = (await toast.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      await screenshot(page, 'offline-update-toast');

      let loads = 0;
      page.on('load', () => loads++);
      await toast.click();
      await expect.poll(build, { timeout: 15_000 }).toBe('B');
      await page.getByRole('link', { name: 'Log In', exact: true }).waitFor();
      // Give a second reload the chance to happen: there must be none.
      await page.waitForTimeout(1500);
      expect(loads).toBe(1);
      expect(await toast.count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });
});
