import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { login, screenshot } from './helpers/browser.ts';
import { DEMO, DEMO_CLUB_NAME, DEMO_PASSWORD } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';
import { solidPng } from '../packages/server/test/helpers/png.ts';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));
const RIDGE_MESSAGE = '<p>Ridge is <strong>working</strong></p><script>window.__pwned=1</script>';

// Its own server and data folder: the shared one must keep the demo club's message for the other files.
// The OGN feed, once a test turns it on, dials a closed local port, never the real network.
const field = ownServer('club-settings', {
  phone: { viewport: { width: 375, height: 667 } },
  env: { OGN_APRS_SERVER: '127.0.0.1:9' },
});

/** What the phone's screen shows right now (the full-page shots are too tall to read at a glance). */
async function viewShot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
}

/** The tax rows as shown: [name, percent] pairs, in order. */
async function taxRows(page: Page): Promise<[string, string][]> {
  const names = await page
    .locator('input[aria-label^="Tax "][aria-label$=" name"]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  const percents = await page
    .locator('input[aria-label^="Tax "][aria-label$=" percent"]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  return names.map((name, index) => [name, percents[index] ?? '']);
}

describe('Club Settings at phone size', () => {
  it(
    'the admin changes the message, adds a 7 % tax and a 25.00 ' + 'warning level; members see the message sanitised',
    async () => {
      const page = await field.phone(DEMO.admin);
      await page.goto('/admin/club');
      const name = page.getByLabel('Name', { exact: true });
      await name.waitFor();
      expect(await name.inputValue()).toBe(DEMO_CLUB_NAME);
      expect(await taxRows(page)).toEqual([['HST', '13']]);
      expect(await page.getByLabel('Warning level', { exact: true }).inputValue()).toBe('50.00');
      await screenshot(page, 'club-settings-loaded');

      // The minimum must not be above the warning level: the schema's message, next to the field, nothing sent.
      await page.getByLabel('Minimum level', { exact: true }).fill('60');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const minimumMessage = page.getByText('The minimum balance must not be above the warning level');
      await minimumMessage.waitFor();
      expect(await page.getByLabel('Minimum level', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, 'club-settings-validation');
      await viewShot(page, 'club-settings-validation-view');
      await page.getByLabel('Minimum level', { exact: true }).fill('0.00');
      expect(await minimumMessage.count()).toBe(0);

      await page.getByLabel('Message to members (HTML)', { exact: true }).fill(RIDGE_MESSAGE);
      await page.getByRole('button', { name: 'Add tax', exact: true }).click();
      await page.getByLabel('Tax 2 name', { exact: true }).fill('PST');
      await page.getByLabel('Tax 2 percent', { exact: true }).fill('7');
      await page.getByLabel('Warning level', { exact: true }).fill('25.00');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Club settings saved', { exact: true }).waitFor();

      // What was stored, in the units of the contract: fractions and cents.
      const stored = await page.evaluate(async () => (await fetch('/api/get-club-settings')).json());
      expect(stored).toMatchObject({
        name: DEMO_CLUB_NAME,
        taxRates: { HST: 0.13, PST: 0.07 },
        warningLevelCents: 2500,
        minimumLevelCents: 0,
      });
      // The page shows the message as members see it, from the refreshed session.
      await page.locator('.club-message').getByText('Ridge is working').waitFor();
      await screenshot(page, 'club-settings-saved');
      await page.locator('.club-message').scrollIntoViewIfNeeded();
      await viewShot(page, 'club-settings-saved-view');

      await page.getByRole('link', { name: 'Home', exact: true }).click();
      const message = page.locator('.club-message');
      await message.getByText('Ridge is working').waitFor();
      expect(await message.locator('strong').textContent()).toBe('working');
      expect(await message.locator('script').count()).toBe(0);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();

      await page.goto('/admin/club');
      await page.getByLabel('Name', { exact: true }).waitFor();
      expect(await taxRows(page)).toEqual([
        ['HST', '13'],
        ['PST', '7'],
      ]);
      expect(await page.getByLabel('Warning level', { exact: true }).inputValue()).toBe('25.00');
      expect(await page.getByLabel('Minimum level', { exact: true }).inputValue()).toBe('0.00');
      await page.context().close();
    },
  );

  it(
    'the admin uploads a logo at 375 px: refused SVG, preview, Save, ' +
      'Home shows it from this site; Remove takes it off',
    async () => {
      const page = await field.phone();
      const logged: string[] = [];
      page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
      await login(page, DEMO.admin, DEMO_PASSWORD);
      await page.goto('/admin/club');
      await page.getByLabel('Name', { exact: true }).waitFor();
      const logo = page.getByRole('group', { name: 'Logo' });
      expect(await logo.getByText('No logo', { exact: true }).isVisible()).toBe(true);
      const choose = logo.getByRole('button', { name: 'Choose an image', exact: true });
      const box = (await choose.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(375);

      // An SVG, renamed .png so the browser calls it image/png: the server reads its bytes and refuses it.
      const file = page.getByLabel('Logo image file', { exact: true });
      await file.setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      });
      await logo
        .getByText('The logo must be a PNG, JPEG or WebP image; SVG and other files are not accepted', { exact: true })
        .waitFor();

      const png = solidPng(120, 40, [13, 110, 253]);
      await file.setInputFiles({ name: 'ridge-logo.png', mimeType: 'image/png', buffer: png });
      const preview = logo.getByRole('img', { name: 'Club logo' });
      await preview.waitFor();
      const clubId = await page.evaluate(async () => (await (await fetch('/api/session')).json()).club);
      const address = `/api/club-logo/${clubId}?v=${createHash('sha256').update(png).digest('hex')}`;
      expect(await preview.getAttribute('src')).toBe(address);
      expect(await logo.getByText('New logo: members see it once you Save.', { exact: true }).isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
      await logo.scrollIntoViewIfNeeded();
      await viewShot(page, 'club-settings-logo-preview');

      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Club settings saved', { exact: true }).waitFor();
      expect(
        await logo
          .getByText('A PNG, JPEG or WebP image of at most 256 kB, shown on Home.', { exact: true })
          .isVisible(),
      ).toBe(true);

      await page.getByRole('link', { name: 'Home', exact: true }).click();
      const homeLogo = page.getByRole('img', { name: `${DEMO_CLUB_NAME} logo` });
      await homeLogo.waitFor();
      expect(await homeLogo.getAttribute('src')).toBe(address);
      await page.waitForFunction((img) => (img as HTMLImageElement).complete, await homeLogo.elementHandle());
      expect(await homeLogo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(120);
      await viewShot(page, 'club-settings-logo-home');

      await page.goto('/admin/club');
      await logo.getByRole('button', { name: 'Remove', exact: true }).click();
      expect(await logo.getByText('No logo once you Save.', { exact: true }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Club settings saved', { exact: true }).waitFor();
      expect(await page.evaluate(async () => (await (await fetch('/api/session')).json()).clubLogo)).toBe('');
      // The refused upload answered 415, which the browser logs; nothing else, and no policy violation.
      expect(logged).toEqual([
        'error: Failed to load resource: the server responded with a status of 415 (Unsupported Media Type)',
      ]);
      await page.context().close();
    },
  );

  it(
    'the admin turns the OGN feed on at 375 px: the airfield is asked for ' +
      'by its fields, then saved with the rest; 320 px fits',
    async () => {
      const page = await field.phone(DEMO.admin);
      await page.goto('/admin/club');
      const mode = page.getByLabel('OGN feed', { exact: true });
      await mode.waitFor();
      expect(await mode.inputValue()).toBe('off');
      expect(await page.getByLabel('Radius (km)', { exact: true }).inputValue()).toBe('10');

      // Record without an airfield: each missing field says what to enter, the latitude takes the focus, nothing is
      // sent.
      await mode.selectOption('record');
      await page.getByLabel('Longitude (°)', { exact: true }).fill('75.7W');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText("Enter the airfield's latitude to turn the OGN feed on", { exact: true }).waitFor();
      expect(
        await page
          .getByText('Enter the longitude in degrees, like -75.6972 (west is negative)', { exact: true })
          .isVisible(),
      ).toBe(true);
      expect(
        await page.getByText("Enter the airfield's elevation to turn the OGN feed on", { exact: true }).isVisible(),
      ).toBe(true);
      const latitude = page.getByLabel('Latitude (°)', { exact: true });
      expect(await latitude.evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await latitude.getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
      await viewShot(page, 'club-settings-ogn-refused-view');

      // The server's ranges, from the shared schema.
      await latitude.fill('91');
      await page.getByLabel('Longitude (°)', { exact: true }).fill('-75.6972');
      await page.getByLabel('Elevation (m)', { exact: true }).fill('110');
      await page.getByLabel('Radius (km)', { exact: true }).fill('150');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Latitude is from -90 to 90', { exact: true }).waitFor();
      expect(await page.getByText('The radius is 1 to 100 km', { exact: true }).isVisible()).toBe(true);

      await latitude.fill('45.4215');
      await page.getByLabel('Radius (km)', { exact: true }).fill('15');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Club settings saved', { exact: true }).waitFor();
      const stored = await page.evaluate(async () => (await fetch('/api/get-club-settings')).json());
      expect(stored).toMatchObject({
        name: DEMO_CLUB_NAME,
        ogn: { mode: 'record', latitude: 45.4215, longitude: -75.6972, elevationMetres: 110, radiusKm: 15 },
      });

      // Read back as stored; every control touch-sized and inside the screen, at 375 and at 320 px.
      await page.goto('/admin/club');
      await mode.waitFor();
      expect(await mode.inputValue()).toBe('record');
      expect(await latitude.inputValue()).toBe('45.4215');
      const section = page.locator('fieldset').filter({ has: page.getByText('Flights from the Open Glider Network') });
      for (const width of [375, 320]) {
        await page.setViewportSize({ width, height: 667 });
        await section.scrollIntoViewIfNeeded();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        for (const control of await section.locator('input, select').all()) {
          const box = (await control.boundingBox())!;
          expect(box.height, (await control.getAttribute('id')) ?? '').toBeGreaterThanOrEqual(44);
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(width);
        }
        await viewShot(page, `club-settings-ogn-${width}`);
      }

      // Off again: the airfield is kept, the feed stops.
      await mode.selectOption('off');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Club settings saved', { exact: true }).waitFor();
      const off = await page.evaluate(async () => (await fetch('/api/get-club-settings')).json());
      expect(off.ogn).toEqual({
        mode: 'off',
        latitude: 45.4215,
        longitude: -75.6972,
        elevationMetres: 110,
        radiusKm: 15,
      });
      await page.context().close();
    },
  );

  it('a plain member is not authorized, and the server refuses the update too', async () => {
    const page = await field.phone(DEMO.member);
    await page.goto('/admin/club');
    await page.getByText('User is not authorized (603)', { exact: true }).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    const status = await page.evaluate(async (name) => {
      const body = {
        name,
        shortName: 'DSC',
        clubLink: '',
        clubLogo: '',
        message: 'Taken over',
        timeZone: 'America/Toronto',
        currency: 'CAD',
        heightUnit: 'ft',
        taxRates: { HST: 0.13 },
        membershipYearEnd: '12-31',
        warningLevelCents: 0,
        minimumLevelCents: 0,
        paymentMethods: ['Cash'],
      };
      const response = await fetch('/api/update-club-settings', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return response.status;
    }, DEMO_CLUB_NAME);
    expect(status).toBe(403);
    await screenshot(page, 'club-settings-not-authorized');
    await page.context().close();
  });
});
