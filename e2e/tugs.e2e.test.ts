import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';

/**
 * The tug page `/fuel/` at phone size (docs/tugs.md): the demo club's tow
 * pilot checks himself in on the demo tug, refuels with decimals, changes the
 * oil, is refused a lower Hobbs (by the form, and by the server when another
 * phone logged a higher reading meanwhile) and checks out. Its own server: it
 * writes the demo tug's log, which the flight-line files on the shared server
 * read.
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SHOTS = join(ROOT, 'scratch', 'shots');
const TUG = 'C-FTOW';
const PILOT = 'Tom Towpilot';

const field = ownServer('tugs');
let page: Page;

beforeAll(async () => {
  page = await field.phone(DEMO.towPilot);
});

async function shot(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Open the tug page from Home's menu, as a tow pilot would. */
async function openTugPage(): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: 'Log Fuel, Oil, or Shift Change' }).click();
  await page.getByRole('heading', { name: 'Log Fuel, Oil, or Shift Change' }).waitFor();
  await page.getByLabel('Tug').waitFor();
}

const mode = (name: string) => page.getByRole('button', { name, exact: true });
const hobbs = () => page.getByLabel('Hobbs', { exact: true });
const fuel = () => page.getByLabel('Fuel', { exact: true });

/** Submit, and expect the page to return home with the server's message as a toast. */
async function submitAndReturnHome(button: string, message: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => page.getByRole('status').filter({ hasText: message }).count()).toBe(1);
}

describe('the tug page at 375 px', () => {
  it('a tow pilot checks in on the tug with a Hobbs reading, and the page returns home', async () => {
    await openTugPage();
    // The demo club has one tug: it is chosen; a tug never logged has no reading to prefill.
    expect(await page.getByLabel('Tug').inputValue()).toBe(TUG);
    await page.getByText('No pilot checked in').waitFor();
    expect(await mode('Pilot check in').getAttribute('aria-pressed')).toBe('true');
    expect(await hobbs().inputValue()).toBe('');
    await page.getByText('No pilot change recorded yet').waitFor();
    const pilot = page.getByLabel('Tow pilot');
    expect(await pilot.locator('option').allTextContents()).toEqual(['None', PILOT]);
    expect(await pilot.inputValue()).toBe('');

    // Confirm with no pilot chosen: the form says what is missing and sends nothing.
    await hobbs().fill('1234.5');
    await page.getByRole('button', { name: 'Confirm Pilot Check In' }).click();
    await page.getByText('Choose a tow pilot').waitFor();

    await pilot.selectOption({ label: PILOT });
    await shot('tugs-check-in');
    await submitAndReturnHome('Confirm Pilot Check In', `${PILOT} checked in on ${TUG} at 1234.50 h`);
  });

  it('re-opened, the tug shows the pilot and "Check out {pilot}" is enabled', async () => {
    await openTugPage();
    await page.getByText(`Checked in: ${PILOT}`).waitFor();
    await mode('Pilot check out').click();
    const checkOut = page.getByRole('button', { name: `Check out ${PILOT}` });
    expect(await checkOut.isEnabled()).toBe(true);
    expect(await hobbs().inputValue()).toBe('1234.50');
    await page.getByText('Last pilot change was at 1234.50 hours').waitFor();
    await shot('tugs-check-out-enabled');
  });

  it('refuels with decimals', async () => {
    await mode('Refuel').click();
    await page.getByText('No refuel recorded yet').waitFor();
    await hobbs().fill('1235.25');
    // Three decimals are refused by the form.
    await fuel().fill('40.075');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await page.getByText('Enter the fuel added in litres, with up to 2 decimals').waitFor();
    await fuel().fill('40.07');
    // A slip of the decimal point (far above the last reading) is questioned before anything is sent.
    await hobbs().fill('12352.5');
    await page.getByRole('button', { name: 'Confirm', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(
        `Hobbs 12352.50 is 11118.00 hours above the last reading of ${TUG} ` +
          `(1234.50 h). A reading cannot be lowered later. Is it right?`,
      )
      .waitFor();
    await shot('tugs-hobbs-jump');
    await dialog.getByRole('button', { name: 'Fix it' }).click();
    await dialog.waitFor({ state: 'detached' });
    await hobbs().fill('1235.25');
    await shot('tugs-refuel');
    await submitAndReturnHome('Confirm', `Refuel of 40.07 L on ${TUG} at 1235.25 h recorded`);
  });

  it(
    'refuses a lower Hobbs: in the form, and from the server ' + 'when another phone logged a higher one meanwhile',
    async () => {
      // No live stream on this phone (a weak signal): it learns of the other phone's reading from the server's refusal.
      await page.route('**/api/events*', (route) => route.abort());
      await openTugPage();
      await mode('Refuel').click();
      await page.getByText('Last refuel was at 1235.25 hours').waitFor();
      await mode('Oil Change').click();
      await page.getByText('No oil change recorded yet').waitFor();
      expect(await hobbs().inputValue()).toBe('1235.25');

      await hobbs().fill('1230');
      await page.getByRole('button', { name: 'Confirm Oil Change' }).click();
      await page.getByText(`Hobbs 1230.00 is below the last reading of ${TUG} (1235.25 h)`).waitFor();
      expect(new URL(page.url()).pathname).toBe('/fuel/');
      await shot('tugs-hobbs-below-form');

      // Another phone refuels at 1300 h while this page still shows 1235.25 h.
      const tugs = (await (await page.request.get('/api/get-tugs')).json()) as { tugs: { id: string }[] };
      expect(tugs.tugs.map((t) => t.id)).toEqual([TUG]);
      const other = await page.request.post('/api/create-tow/', {
        data: { idempotencyKey: 'e2e-tugs-other-phone-1', data: { tug: TUG, hobbs: 1300, fuel: 20 } },
      });
      expect(other.status()).toBe(200);

      await hobbs().fill('1240');
      await page.getByRole('button', { name: 'Confirm Oil Change' }).click();
      const refusal = page
        .getByRole('alert')
        .filter({ hasText: `Hobbs 1240.00 is below the last reading of ${TUG} (1300.00 h)` });
      await refusal.waitFor();
      expect(new URL(page.url()).pathname).toBe('/fuel/');
      // The page reads the tugs again: the other phone's reading shows.
      await page.getByText('Hobbs 1300.00 h').waitFor();
      await shot('tugs-hobbs-below-server');

      await hobbs().fill('1300.5');
      await submitAndReturnHome('Confirm Oil Change', `Oil change on ${TUG} at 1300.50 h recorded`);
      await page.unroute('**/api/events*');
    },
  );

  it('checks the pilot out; with no pilot the check-out button is disabled and the tow pilot is None', async () => {
    await openTugPage();
    await mode('Oil Change').click();
    await page.getByText('Last oil change was at 1300.50 hours').waitFor();
    await mode('Pilot check out').click();
    await submitAndReturnHome(`Check out ${PILOT}`, `${PILOT} checked out of ${TUG} at 1300.50 h`);

    await openTugPage();
    await page.getByText('No pilot checked in').waitFor();
    await mode('Pilot check out').click();
    const checkOut = page.getByRole('button', { name: 'Check out', exact: true });
    expect(await checkOut.isDisabled()).toBe(true);
    await page.getByText('Last pilot change was at 1300.50 hours').waitFor();
    await shot('tugs-check-out-disabled');
    await mode('Pilot check in').click();
    expect(await page.getByLabel('Tow pilot').inputValue()).toBe('');
  });
});
