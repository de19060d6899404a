import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, login, newPhonePage } from './helpers/browser.ts';
import { DEMO, DEMO_CLUB_NAME, DEMO_PASSWORD } from './helpers/demo-accounts.ts';

/**
 * Every screen of the built app works under the server's Content-Security-Policy
 * (docs/decisions/0008-security-headers.md): each page is loaded afresh, draws
 * its heading, and the browser reports no policy violation and logs nothing.
 */

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/** [path, its page heading] */
const SIGNED_OUT: [string, string | RegExp][] = [
  ['/', 'Flightline'],
  ['/login', 'Login'],
  ['/signup', 'Sign Up'],
  ['/login/reset', 'Reset password'],
];

/** README's table of screens, as the demo admin sees them. */
const SIGNED_IN: [string, string | RegExp][] = [
  ['/', DEMO_CLUB_NAME],
  ['/crew/', 'Request Flight'],
  ['/awaiting/', 'Awaiting Launches'],
  ['/ground/', 'Record Launch or Landing'],
  ['/fuel/', 'Log Fuel, Oil, or Shift Change'],
  ['/logs/', /^Flight Logs for \d{4}-\d{2}-\d{2}$/],
  ['/userAccount', 'Account Summary'],
  ['/emergency', 'Emergency Contacts / Directory'],
  ['/settings', 'Settings'],
  ['/settings/profile', 'Profile'],
  ['/settings/password', 'Change password'],
  ['/admin', 'Administration'],
  ['/admin/club', 'Club Settings'],
  ['/intro/', 'New Intro Flight'],
  ['/intro/refund', 'Refund Intro'],
  ['/intro/cancel', 'Cancel Intro'],
  ['/accounts', `${DEMO_CLUB_NAME} Summary`],
  ['/accountingAdmin', 'Accounting Admin'],
  ['/export/', 'Club Data Exports'],
];

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A phone page that records, as text, every console message, uncaught error
 * and securitypolicyviolation event of every document it loads.
 */
async function watchedPage(): Promise<{ page: Page; reports: string[] }> {
  const page = await newPhonePage(browser, inject('baseUrl'));
  const reports: string[] = [];
  page.on('console', (message) => reports.push(`console.${message.type()} on ${page.url()}: ${message.text()}`));
  page.on('pageerror', (error) => reports.push(`error on ${page.url()}: ${error.message}`));
  await page.exposeBinding('__reportViolation', (_source, text: string) => reports.push(text));
  // Playwright's own init script, outside the page's policy.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportViolation: (text: string) => void }).__reportViolation;
      void report(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} on ` +
          `${location.pathname} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
      );
    });
  });
  return { page, reports };
}

/** Load `path` afresh: the document carries the policy, the page draws its heading, and the page settles. */
async function visit(page: Page, path: string, heading: string | RegExp): Promise<void> {
  const response = await page.goto(path);
  expect([path, response?.headers()['content-security-policy']]).toEqual([path, CSP]);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

describe('every screen under the Content-Security-Policy, on a phone', () => {
  it.each<[string, string | null, [string, string | RegExp][]]>([
    ['signed out: the landing page, Login, Sign Up and Reset password', null, SIGNED_OUT],
    ["signed in as the demo admin: every screen of README's table", DEMO.admin, SIGNED_IN],
  ])('%s', async (_name, account, screens) => {
    const { page, reports } = await watchedPage();
    if (account) await login(page, account, DEMO_PASSWORD);
    for (const [path, heading] of screens) await visit(page, path, heading);
    expect(reports).toEqual([]);
    await page.context().close();
  });

  it('a dropdown and a dialog, whose positions and transitions are styles set from script', async () => {
    const { page, reports } = await watchedPage();
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await visit(page, '/admin/', 'Administration');
    const users = page.getByRole('region', { name: 'User Administration' });
    await users.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Filter pilots', { exact: true }).fill('mary');
    await users.locator('.dropdown-menu').getByText('Mary Member', { exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Pilot Mary Member' });
    await editor.waitFor();
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'detached' });
    await page.waitForLoadState('networkidle');
    expect(reports).toEqual([]);
    await page.context().close();
  });
});
