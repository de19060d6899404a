import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberIds, ok, setClubTimeZone } from './helpers/api.ts';
import { screenshot } from './helpers/browser.ts';
import { DEMO, DEMO_CLUB_NAME } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';
import { solidPng } from '../packages/server/test/helpers/png.ts';

/**
 * Issue 15 items 2, 3, 6, 10, 11, 12 and 13 and issue 25 items 11 and 16 at
 * 375 px (320 px where said), on a server of its own (it sets the club's time
 * zone): Awaiting Launches on a phone in another zone, Awaiting Launches
 * signed out, one flight's duration on the line page, in Flight Logs and on
 * the bill, Account Summary's long text, Sign Up with a confirmation that
 * differs, the club logo's size in the header, the navbar while the session
 * is read, and the pilot filter's placeholder at 320 px.
 */

const MINUTE = 60_000;
const TUG = 'C-FTOW';
/** 5 min 51 s: 0:06 flown (to the nearest minute), 6 min billed (rounded up), 0.10 h in the Flights CSV. */
const FLOWN_MS = 5 * MINUTE + 51_000;

const field = ownServer('screen-fixes');
let admin: Page;
let clubZone: string;
let clubDay: string;
const ids: Record<'mary' | 'irene' | 'tom', string> = { mary: '', irene: '', tom: '' };

/**
 * A club zone whose day is not the UTC phone's, at least 70 minutes after its
 * midnight (the flown flight started on today) and 20 before the next:
 * zones whose rules have not changed in decades, one of which always fits.
 */
function chooseZone(nowMs: number): string {
  const utcDay = DateTime.fromMillis(nowMs, { zone: 'UTC' }).toISODate();
  for (const zone of ['America/Toronto', 'Asia/Tokyo', 'Pacific/Pago_Pago', 'Etc/GMT+12', 'Pacific/Kiritimati']) {
    const local = DateTime.fromMillis(nowMs, { zone });
    const minutes = local.hour * 60 + local.minute;
    if (local.toISODate() !== utcDay && minutes >= 70 && minutes <= 23 * 60 + 40) return zone;
  }
  throw new Error('no zone fits now');
}

const requestFlight = (user: string, glider: string) =>
  ok(
    admin.request.post('/api/update-item/', {
      data: { type: 'FLIGHT', id: randomUUID(), data: { user, flyWith: 'Alone', glider, launchType: '2000 ft' } },
    }),
  );

let landedAt: number;

beforeAll(async () => {
  admin = await field.phone(DEMO.admin);

  clubZone = chooseZone(Date.now());
  await setClubTimeZone(admin, clubZone);
  clubDay = DateTime.now().setZone(clubZone).toISODate()!;
  const idOf = await memberIds(admin);
  ids.mary = idOf(DEMO.member);
  ids.irene = idOf(DEMO.instructor);
  ids.tom = idOf(DEMO.towPilot);

  // Mary flies C-GDSA for 5 min 51 s, landing a minute ago; then Irene and Tom wait for a launch.
  const flight = randomUUID();
  landedAt = Date.now() - MINUTE;
  // Requested before it launched (a launch can't be before its request).
  await ok(
    admin.request.post('/api/update-item/', {
      data: {
        type: 'FLIGHT',
        id: flight,
        data: {
          user: ids.mary,
          flyWith: 'Alone',
          glider: 'C-GDSA',
          launchType: '2000 ft',
          submittedAt: landedAt - FLOWN_MS - 5 * MINUTE,
        },
      },
    }),
  );
  await ok(
    admin.request.post('/api/update-flight/', {
      data: {
        id: flight,
        action: 'Launch',
        tug: TUG,
        towPilot: ids.tom,
        time: landedAt - FLOWN_MS,
        idempotencyKey: randomUUID(),
      },
    }),
  );
  await ok(
    admin.request.post('/api/update-flight/', {
      data: { id: flight, action: 'Landing', time: landedAt, idempotencyKey: randomUUID() },
    }),
  );
  await requestFlight(ids.irene, 'C-GDSA');
  await requestFlight(ids.tom, 'C-GDSB');
});

describe('Awaiting Launches (issue 15 items 2, 3)', () => {
  it(
    "a phone in UTC lists the club's day: both waiting flights, " + "though the phone's own date is another day",
    async () => {
      const page = await field.phone(DEMO.towPilot, { timezoneId: 'UTC' });
      expect(await page.evaluate(() => new Intl.DateTimeFormat('en-CA').format(new Date()))).not.toBe(clubDay);
      const read = page.waitForRequest(
        (request) => request.url().includes('/api/list-items/') && request.url().includes('type=FLIGHT'),
      );
      await page.goto('/awaiting/');
      expect(new URL((await read).url()).searchParams.get('day')).toBe(clubDay);
      const waiting = page.getByRole('group', { name: 'Waiting flights' }).getByRole('button');
      await waiting.first().waitFor();
      expect(await waiting.allTextContents()).toEqual(['Irene I. C-GDSA 2000 ft', 'Tom T. C-GDSB 2000 ft']);
      await screenshot(page, 'screen-fixes-awaiting-utc-phone');
      await page.context().close();
    },
  );

  it(
    'signed out, /awaiting/ shows the landing title and ' + 'tagline, drawn by the server and kept by the app',
    async () => {
      const bare = await field.phone(undefined, { javaScriptEnabled: false });
      await bare.goto('/awaiting/');
      expect((await bare.locator('main').innerText()).split(/\n+/)).toEqual([
        'Flightline',
        'The flight line management tool for gliding clubs.',
      ]);
      expect(await bare.locator('nav').getByRole('link').allTextContents()).toEqual(['Flightline', 'Signup', 'Login']);
      await bare.context().close();

      const page = await field.phone();
      const session = page.waitForResponse((response) => response.url().endsWith('/api/session'));
      await page.goto('/awaiting/');
      await session;
      await page.waitForLoadState('networkidle');
      expect(new URL(page.url()).pathname).toBe('/awaiting/');
      expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Flightline']);
      expect(await page.locator('main p.lead').textContent()).toBe(
        'The flight line management tool for gliding clubs.',
      );
      expect(await page.locator('main').getByRole('link', { name: 'Sign Up' }).count()).toBe(0);
      await screenshot(page, 'screen-fixes-awaiting-signed-out');
      await page.context().close();
    },
  );
});

describe('one duration everywhere (issue 15 item 6, issue 25 item 11)', () => {
  let mary: Page;
  beforeAll(async () => {
    mary = await field.phone(DEMO.member);
  });
  afterAll(async () => {
    await mary?.context().close();
  });

  it(
    'the line page and Flight Logs show 0:06 for the flight of 5 min 51 s; the flight ' +
      'modal gives the cost with 0:06 flown, 6 min billed and its rounding',
    async () => {
      await mary.goto('/ground/');
      const landed = mary.getByRole('listitem', { name: 'C-GDSA landed' });
      await landed.waitFor();
      expect(await landed.innerText()).toContain(', flight 0:06');

      await mary.goto('/logs/');
      const line = mary.getByRole('list', { name: 'Flights' }).getByRole('button').filter({ hasText: 'Mary Member' });
      await line.waitFor();
      expect(await line.getByLabel(/^Duration/).textContent()).toBe('0:06');
      expect(await mary.getByLabel('Totals').textContent()).toContain('Hours0:06');
      await line.click();
      const facts = mary
        .getByRole('dialog', { name: 'Flight Info', exact: true })
        .getByLabel('Flight', { exact: true });
      await facts.waitFor();
      const text = await facts.textContent();
      expect(text).toContain('Duration0:06');
      expect(text).toMatch(/Flight cost\$\d+\.\d\d \(0:06 flown, 6 min billed \(whole minutes, rounded up\)\)/);
      await screenshot(mary, 'screen-fixes-logs-flight-cost');
    },
  );

  it(
    'the bill in the Account Summary: Rental: C-GDSA, 0:06 flown, 6 min ' +
      'billed; its breakdown says how the minutes billed are rounded',
    async () => {
      await mary.goto('/userAccount');
      const row = mary.locator('table.account-rows tbody tr').filter({ hasText: 'Rental:' });
      await row.waitFor();
      expect(await row.locator('td.cell-description').innerText()).toBe('Rental: C-GDSA, 0:06 flown, 6 min billed');
      await row.getByRole('button', { name: /^Breakdown of charge #/ }).click();
      const breakdown = mary.getByRole('dialog', { name: /^Charge #/ });
      await breakdown.getByText('Charged to the account').waitFor();
      expect((await breakdown.locator('dl').allTextContents())[0]).toBe(
        'Time0:06 flown, 6 min billed (whole minutes, rounded up)6 min × $0.60 per min$3.60',
      );
      await screenshot(mary, 'screen-fixes-rental-breakdown');
    },
  );
});

describe('Account Summary cuts long text (issue 15 item 10)', () => {
  it(
    'a description over 60 characters shows its first 60 and ' + '…, in full on a click, cut again on another',
    async () => {
      const reference = 'Spring season transfer for the two-seater block and the winch course fees';
      await ok(
        admin.request.post('/api/add-transaction/', {
          data: {
            transactionType: 'Deposit',
            pilot: ids.mary,
            amountCents: 10_000,
            transferType: 'Cash',
            transactionRef: reference,
            idempotencyKey: randomUUID(),
          },
        }),
      );
      const full = `Deposit (Cash) ref ${reference}`;
      expect(full.length).toBeGreaterThan(60);
      const mary = await field.phone(DEMO.member);
      await mary.goto('/userAccount');
      const cell = mary.locator('table.account-rows tbody td.cell-description').filter({ hasText: 'Deposit (Cash)' });
      await cell.waitFor();
      const cut = `${full.slice(0, 60).trimEnd()}…`;
      expect(await cell.innerText()).toBe(cut);
      await cell.getByRole('button').click();
      expect(await cell.innerText()).toBe(full);
      expect(await cell.getByRole('button').getAttribute('aria-expanded')).toBe('true');
      expect(await mary.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
      await screenshot(mary, 'screen-fixes-account-summary-full-text');
      await cell.getByRole('button').click();
      expect(await cell.innerText()).toBe(cut);
      await mary.context().close();
    },
  );
});

describe('Sign Up (issue 15 item 11)', () => {
  it('is disabled while the password and its confirmation differ', async () => {
    const page = await field.phone();
    await page.goto('/signup');
    await page.getByLabel('Email', { exact: true }).fill('newcomer@example.org');
    await page.getByLabel('First name', { exact: true }).fill('Nina');
    await page.getByLabel('Last name', { exact: true }).fill('Newcomer');
    await page.getByLabel('Password', { exact: true }).fill('glide-path-2026');
    const signUp = page.getByRole('button', { name: 'Sign Up', exact: true });
    expect(await signUp.isDisabled()).toBe(true);
    await page.getByLabel('Confirm password', { exact: true }).fill('glide-path-2025');
    expect(await signUp.isDisabled()).toBe(true);
    await screenshot(page, 'screen-fixes-signup-mismatch');
    await page.getByLabel('Confirm password', { exact: true }).fill('glide-path-2026');
    expect(await signUp.isEnabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('glide-path-2027');
    expect(await signUp.isDisabled()).toBe(true);
    await page.context().close();
  });
});

describe('the club logo in the header (issue 15 item 12)', () => {
  const upload = async (contentType: string, body: Buffer) =>
    admin.request.post('/api/upload-club-logo', { headers: { 'content-type': contentType }, data: body });

  it('an SVG with only a viewBox is refused (SVG can carry script; decision 0008)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 ' +
        '40"><rect width="100" height="40" fill="#0d6efd"/></svg>',
    );
    const answer = await upload('image/svg+xml', svg);
    expect(answer.status()).toBe(415);
    expect(((await answer.json()) as { message: string }).message).toBe(
      'The logo must be a PNG, JPEG or WebP image; SVG and other files are not accepted',
    );
  });

  it("a logo of any size shows at the header's height, 56 px, and at most 120 px wide", async () => {
    const mary = await field.phone(DEMO.member);
    const settings = (await ok(admin.request.get('/api/get-club-settings'))) as Record<string, unknown>;
    for (const [width, height, box] of [
      [16, 16, { width: 56, height: 56 }],
      [400, 50, { width: 120, height: 56 }],
    ] as const) {
      const { clubLogo } = (await ok(upload('image/png', solidPng(width, height, [13, 110, 253])))) as {
        clubLogo: string;
      };
      await ok(admin.request.post('/api/update-club-settings', { data: { ...settings, clubLogo } }));
      await mary.goto('/');
      const logo = mary.getByRole('img', { name: `${DEMO_CLUB_NAME} logo` });
      await logo.waitFor();
      expect(await logo.getAttribute('src')).toBe(clubLogo);
      await mary.waitForFunction(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        await logo.elementHandle(),
      );
      const drawn = (await logo.boundingBox())!;
      expect([Math.round(drawn.width), Math.round(drawn.height)]).toEqual([box.width, box.height]);
    }
    await screenshot(mary, 'screen-fixes-home-logo');
    await mary.context().close();
  });
});

describe('the navbar while the session is read (issue 15 item 13)', () => {
  /** The navbar's links after the brand. */
  const navLinks = (page: Page) =>
    page.locator('nav .d-flex').getByRole('link').or(page.locator('nav .d-flex').getByRole('button')).allTextContents();

  /** Holds GET /api/session until the returned function is called. */
  async function holdSession(page: Page): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/session', async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  const reactStarted = (page: Page) =>
    page.waitForFunction(() => {
      const root = document.getElementById('root');
      return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
    });

  it(
    "signed in, on the service worker's copy of the page (no server " +
      'marks): neither Signup nor Login, then Settings and Logout',
    async () => {
      const page = await field.phone(DEMO.member, { serviceWorkers: 'block' });
      // What the service worker answers for every page address: the built index.html as it is.
      const built = await (await page.request.get('/index.html')).text();
      await page.route('**/awaiting/', (route) =>
        route.request().resourceType() === 'document'
          ? route.fulfill({ status: 200, contentType: 'text/html', body: built })
          : route.continue(),
      );
      const release = await holdSession(page);
      const asked = page.waitForRequest((request) => request.url().endsWith('/api/session'));
      await page.goto('/awaiting/', { waitUntil: 'domcontentloaded' });
      await asked;
      await reactStarted(page);
      expect(await page.locator('#root').getAttribute('data-session')).toBeNull();
      expect(await page.locator('nav .navbar-brand').textContent()).toBe('Flightline');
      expect(await navLinks(page)).toEqual([]);
      await screenshot(page, 'screen-fixes-nav-session-loading');
      release();
      await page.locator('nav').getByRole('link', { name: 'Settings', exact: true }).waitFor();
      expect(await navLinks(page)).toEqual(['Settings', 'Logout']);
      expect(await page.locator('nav .navbar-brand').textContent()).toBe('Home');
      await page.context().close();
    },
  );

  // The server drew the right links; they stay when the session's answer comes and the screen (`loaded`) is up.
  it.each<[string, { account: string | undefined; path: string; links: string[]; loaded: (page: Page) => Locator }]>([
    [
      'signed in, on the page the server drew (a session cookie came): Settings and Logout from the start',
      {
        account: DEMO.member,
        path: '/awaiting/',
        links: ['Settings', 'Logout'],
        loaded: (page) => page.getByRole('heading', { name: 'Awaiting Launches', exact: true }),
      },
    ],
    [
      'a visitor (no session cookie): Signup and Login from the start',
      {
        account: undefined,
        path: '/login',
        links: ['Signup', 'Login'],
        loaded: (page) => page.getByRole('button', { name: 'Login', exact: true }),
      },
    ],
  ])('%s', async (_name, { account, path, links, loaded }) => {
    const page = await field.phone(account, { serviceWorkers: 'block' });
    const release = await holdSession(page);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await reactStarted(page);
    expect(await navLinks(page)).toEqual(links);
    release();
    await loaded(page).waitFor();
    expect(await navLinks(page)).toEqual(links);
    await page.context().close();
  });
});

describe('the pilot filter at 320 px (issue 25 item 16)', () => {
  it("User Administration's Edit list shows its filter box's 'Type to filter' whole, inside the screen", async () => {
    await admin.setViewportSize({ width: 320, height: 568 });
    await admin.goto('/admin/');
    const users = admin.getByRole('region', { name: 'User Administration' });
    await users.getByRole('button', { name: 'Edit' }).click();
    const filter = admin.getByLabel('Filter pilots', { exact: true });
    await filter.waitFor();
    expect(await filter.getAttribute('placeholder')).toBe('Type to filter');
    const fit = await filter.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = style.font;
      const box = input.getBoundingClientRect();
      return {
        textPx: Math.ceil(context.measureText(input.placeholder).width),
        roomPx: Math.floor(input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)),
        inScreen: box.left >= 0 && box.right <= window.innerWidth,
      };
    });
    expect(fit.inScreen).toBe(true);
    expect(fit.textPx, `'Type to filter' needs ${fit.textPx} px, the box has ${fit.roomPx}`).toBeLessThanOrEqual(
      fit.roomPx,
    );
    await screenshot(admin, 'screen-fixes-pilot-filter-320');
    await admin.keyboard.press('Escape');
    await admin.setViewportSize({ width: 375, height: 740 });
  });
});
