import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

/** Debian's Chromium; the tests never download a browser. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Without the background-networking flags Chromium keeps calling out, and this machine's network refuses it. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A phone's browser context: 375 px wide at 2×, touch, Canadian English. */
export const PHONE_CONTEXT = {
  viewport: { width: 375, height: 740 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-CA',
} as const satisfies BrowserContextOptions;

/** A page in a new phone context of `browser` on `baseUrl`; `options` add to the phone's or override them. */
export async function newPhonePage(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ ...PHONE_CONTEXT, baseURL: baseUrl, ...options });
  return context.newPage();
}

const RESULTS_DIR = fileURLToPath(new URL('../../test-results/', import.meta.url));

export interface Phone {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The address the server sees for this phone (X-Forwarded-For). */
  clientIp: string;
  close(): Promise<void>;
}

/**
 * A phone-sized Chromium (375×667 at 2×, touch) opened on the test server.
 * Each phone gets its own loopback client address, so the server's
 * per-address rate limits apply per phone; pass `clientIp` to share one.
 */
export async function openPhone(options: { clientIp?: string } = {}): Promise<Phone> {
  const clientIp = options.clientIp ?? `127.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await newPhonePage(browser, inject('baseUrl'), {
      viewport: { width: 375, height: 667 },
      extraHTTPHeaders: { 'x-forwarded-for': clientIp },
    });
    return { browser, context: page.context(), page, clientIp, close: () => browser.close() };
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/**
 * One phone for a describe block's tests: opened before the first test and
 * closed after the last. Call it in the block; the answer gives the phone.
 */
export function phoneForBlock(): () => Phone {
  let phone: Phone | undefined;
  beforeAll(async () => {
    phone = await openPhone();
  });
  afterAll(async () => {
    await phone?.close();
  });
  return () => {
    if (!phone) throw new Error("The block's phone is not open: call phoneForBlock() inside a describe block");
    return phone;
  };
}

/**
 * The Login form: fill Email and Password, press Login, and wait until the app
 * leaves /login. Fails at once with the message if the form shows an error.
 */
export async function login(page: Page, email: string, password: string): Promise<void> {
  if (new URL(page.url(), 'http://x').pathname !== '/login') await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  // An error still shown from an earlier try must not pass for this one's.
  const staleAlert = (await page.getByRole('alert').count()) > 0;
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  const left = page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 }).then(() => 'left' as const);
  const refused = staleAlert
    ? new Promise<never>(() => {})
    : page
        .getByRole('alert')
        .first()
        .waitFor({ timeout: 15_000 })
        .then(() => 'refused' as const);
  const outcome = await Promise.race([left, refused]).catch(() => 'timeout' as const);
  // The loser keeps waiting until its timeout; keep its rejection from going unhandled.
  left.catch(() => {});
  refused.catch(() => {});
  if (outcome === 'left' || new URL(page.url()).pathname !== '/login') return;
  const alerts = await page.getByRole('alert').allTextContents();
  throw new Error(`login as ${email} stayed on ${page.url()}${alerts.length ? `: ${alerts.join(' | ')}` : ''}`);
}

/** A full-page PNG in test-results/NAME.png (gitignored), to look at. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = `${RESULTS_DIR}${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}
