import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser.ts';
import { DEMO } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';

/**
 * A flight day end to end on phones (issue 5 item 9; docs/flight-line.md):
 * Mary Member requests an Alone flight in C-GDSB with a 2000 ft tow on her
 * phone; Tom Towpilot checks in on the tug on his; Irene Instructor on line
 * duty sees the flight on Awaiting Launches and on the line page, launches it
 * with the tug 25 minutes ago, records the release height and lands it; Mary's
 * Home and Account Summary then show the exact tow and rental charges. Every
 * step through the screens; its own server, since it posts charges to Mary's
 * account.
 *
 * The line phone's clock is held still from the launch on (Playwright's
 * clock), so "launched 25 minutes ago, landed now" is exactly 25 minutes
 * however slow this machine is between the two presses; the server rounds a
 * started minute up, so a moving clock would bill 26. A launch before the
 * flight's club day is refused, so the demo club is put (DEMO_TIMEZONE) in a
 * zone where it is not near midnight: America/Toronto, or Asia/Tokyo when
 * Toronto is. Not America/Vancouver: British Columbia keeps daylight time
 * from 2026, which Chromium's time-zone data knows and Node 20's does not, so
 * the page and the test would read its clock an hour apart.
 */

const SHOTS = fileURLToPath(new URL('../scratch/shots/', import.meta.url));
/** The demo club's zone; the phones are at the field, in it too. */
const CLUB_ZONE = zoneAwayFromMidnight(['America/Toronto', 'Asia/Tokyo']);
const GLIDER = 'C-GDSB';
const TUG = 'C-FTOW';
const LAUNCH = '2000 ft';
const FLOWN_MINUTES = 25;

/**
 * The demo club's prices (packages/server/src/seed/demo-club.ts), worked out by hand:
 * - Tow, '2000 ft' fixed $40.00, HST 13 % exclusive: 4000 + 4000 × 0.13 = 4000 + 520 = 4520 → $45.20.
 * - Rental, C-GDSB at 50 ¢/min, HST 13 % exclusive, no block (Mary has none):
 *   25 min × 50 = 1250; 1250 × 0.13 = 162.5 → 163 (half away from zero); 1250 + 163 = 1413 → $14.13.
 * - Mary starts at $0.00 (no deposits; the club's minimum is $0.00, so she is warned, not refused):
 *   0 − 4520 = −4520 → −$45.20 after the tow; −4520 − 1413 = −5933 → −$59.33 after the landing.
 */
const EXPECTED = {
  tow: '-$45.20',
  rental: '-$14.13',
  afterTow: '-$45.20',
  afterLanding: '-$59.33',
} as const;

const field = ownServer('flight-day', {
  env: { DEMO_TIMEZONE: CLUB_ZONE },
  phone: {
    timezoneId: CLUB_ZONE,
    // Screenshots show buttons as they settle, not mid-transition.
    reducedMotion: 'reduce',
  },
});

/** Mary Member, the pilot. */
let mary: Page;
/** Irene Instructor, on line duty. */
let line: Page;
/** Tom Towpilot, flying the tug. */
let tom: Page;
/** The instant the line phone's clock is held at: the landing; the launch is FLOWN_MINUTES before it. */
let landedAtMs: number;

beforeAll(async () => {
  [mary, line, tom] = await Promise.all([
    field.phone(DEMO.member),
    field.phone(DEMO.instructor),
    field.phone(DEMO.towPilot),
  ]);
});

/** A full-page screenshot in test-results/ and a copy in scratch/shots/ to look at. */
async function shot(page: Page, name: string): Promise<void> {
  const path = await screenshot(page, `flight-day-${name}`);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(path, join(SHOTS, `flight-day-${name}.png`));
}

/** Open a Home menu item, as a person at the field does. */
async function openFromHome(page: Page, item: string, heading: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('link', { name: item, exact: true }).click();
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}

/** 'Nov 22': how the charges' descriptions name the flight's day (the club's day). */
function shortDay(ms: number): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: CLUB_ZONE, month: 'short', day: 'numeric' }).format(ms);
}

/** '2026-06-30 14:05': the Account Summary's date column (the club's zone, 24 h). */
function clubDateTime(ms: number): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: CLUB_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((part) => [part.type, part.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const lineButton = (name: string) => line.getByRole('button', { name, exact: true });
const inProgress = () => line.getByRole('listitem', { name: `${GLIDER} in progress` });
const landed = () => line.getByRole('listitem', { name: `${GLIDER} landed` });

describe('a flight day on phones at 375 px', () => {
  it('Mary requests an Alone flight in C-GDSB with a 2000 ft tow on her phone', async () => {
    await mary.goto('/');
    await mary.getByText('Your account balance: $0.00', { exact: true }).waitFor();
    await mary.getByRole('link', { name: 'Request Flight', exact: true }).click();
    await mary.getByLabel('Glider', { exact: true }).waitFor();
    expect(await mary.getByLabel('Pilot', { exact: true }).locator('option:checked').textContent()).toBe('Mary Member');

    await mary.getByRole('button', { name: 'Alone', exact: true }).click();
    expect(await mary.getByRole('button', { name: 'Alone', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await mary.getByLabel('Glider', { exact: true }).selectOption(GLIDER);
    await mary.getByRole('button', { name: LAUNCH, exact: true }).click();
    expect(await mary.locator('.crew-summary').textContent()).toBe(
      `You (Mary Member) are in ${GLIDER} requesting ${LAUNCH}, flying alone.`,
    );
    // $0.00 is under the $50.00 warning level and at the $0.00 minimum: warned, not refused.
    const submit = mary.locator('form button[type=submit]');
    expect(await submit.textContent()).toBe('Warning: Low funds - Place on flight line');
    await shot(mary, 'mary-request');

    // She taps Place 27 minutes before the crew lands it (a launch can't be before its request; the line
    // records it 25 minutes back): her phone's clock says so, as the tap time the request carries.
    await mary.clock.setFixedTime(Date.now() - 27 * 60_000);
    await submit.click();
    const dialog = mary.getByRole('dialog');
    await dialog.getByText('Place on flight line?').waitFor();
    await shot(mary, 'mary-confirm');
    await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
    await mary.getByRole('heading', { name: 'Your flight is on the flight line' }).waitFor();
    await mary.clock.setFixedTime(Date.now());
    await shot(mary, 'mary-placed');
    await mary.getByRole('button', { name: 'Done', exact: true }).click();
    await mary.waitForURL((url) => url.pathname === '/');
  });

  it('Tom checks in on the tug from the tug page', async () => {
    await openFromHome(tom, 'Log Fuel, Oil, or Shift Change', 'Log Fuel, Oil, or Shift Change');
    expect(await tom.getByLabel('Tug').inputValue()).toBe(TUG);
    await tom.getByText('No pilot checked in').waitFor();
    await tom.getByLabel('Hobbs', { exact: true }).fill('1234.5');
    await tom.getByLabel('Tow pilot').selectOption({ label: 'Tom Towpilot' });
    await tom.getByRole('button', { name: 'Confirm Pilot Check In', exact: true }).click();
    await tom.waitForURL((url) => url.pathname === '/');
    await toast(tom, `Tom Towpilot checked in on ${TUG} at 1234.50 h`).waitFor();
  });

  it('the line crew finds the flight on Awaiting Launches, with its tow details', async () => {
    await openFromHome(line, 'Awaiting Launches', 'Awaiting Launches');
    const waiting = line.getByRole('group', { name: 'Waiting flights' }).getByRole('button');
    await waiting.first().waitFor();
    expect(await waiting.allTextContents()).toEqual([`Mary M. ${GLIDER} ${LAUNCH}`]);
    await waiting.first().click();
    expect(await line.getByRole('region', { name: 'Selected flight' }).innerText()).toBe(
      `${GLIDER}\n${LAUNCH}\nTow speed: 55 kn`,
    );
    await shot(line, 'awaiting');
  });

  it('launches it from the line page with the tug, 25 minutes ago', async () => {
    // From here the line phone's clock stands still: the landing is at this instant.
    landedAtMs = Date.now();
    await line.clock.setFixedTime(landedAtMs);
    await openFromHome(line, 'Record Launch or Landing', 'Record Launch or Landing');
    const next = line.getByRole('region', { name: 'Next flight' }).getByRole('button');
    await next.first().waitFor();
    expect((await next.allTextContents()).map((label) => label.replace(/waiting \d+:\d\d$/, ''))).toEqual([
      `Mary M.${GLIDER}${LAUNCH}`,
    ]);
    await next.first().click();
    expect(await next.first().getAttribute('aria-pressed')).toBe('true');
    // The tug Tom checked in on is chosen, with him as the tow pilot.
    expect(await line.getByRole('button', { name: new RegExp(`^${TUG}`) }).getAttribute('aria-pressed')).toBe('true');
    expect(await line.getByRole('button', { name: new RegExp(`^${TUG}`) }).textContent()).toBe(`${TUG}Tom Towpilot`);
    expect(await line.getByLabel('Tow pilot').locator('option:checked').textContent()).toBe('Tom Towpilot');

    await line.getByLabel('Minutes ago', { exact: true }).fill(String(FLOWN_MINUTES));
    const launchedAtMs = landedAtMs - FLOWN_MINUTES * 60_000;
    await line
      .getByRole('region', { name: 'When it happened' })
      .getByText(`at ${clubDateTime(launchedAtMs).slice(11)}`, { exact: true })
      .waitFor();
    await shot(line, 'line-launch');
    await lineButton(`Launch ${GLIDER}`).click();
    await toast(line, `${GLIDER} launched`).waitFor();
    await inProgress().getByText('No release height').waitFor();
    expect(await inProgress().innerText()).toContain(
      `Launched ${clubDateTime(launchedAtMs).slice(11)}, flying 0:25 · ${TUG}`,
    );
    // The time is back at now for the landing.
    expect(await line.getByLabel('Minutes ago', { exact: true }).inputValue()).toBe('0');
    expect(
      await line.getByRole('region', { name: 'Next flight' }).getByText('No flights waiting for a launch.').count(),
    ).toBe(1);
  });

  it('sets the release height in the Release Height modal', async () => {
    await inProgress().getByRole('button', { name: 'Release height', exact: true }).click();
    const modal = line.getByRole('dialog', { name: 'Release Height', exact: true });
    await modal.getByLabel(/^Release height/).fill('2000');
    await shot(line, 'line-release-height');
    await modal.getByRole('button', { name: 'Set release height' }).click();
    await toast(line, 'Successfully set release height').waitFor();
    await modal.waitFor({ state: 'detached' });
    await inProgress().getByText('Release 2000 ft', { exact: true }).waitFor();
  });

  it('lands it now: a 25-minute flight', async () => {
    await lineButton('Land').click();
    expect(await lineButton('Land').getAttribute('aria-pressed')).toBe('true');
    await lineButton(`Land ${GLIDER}`).click();
    await toast(line, `${GLIDER} landed`).waitFor();
    await landed().waitFor();
    expect(await landed().innerText()).toContain(`Landed ${clubDateTime(landedAtMs).slice(11)}, flight 0:25`);
    await landed().getByText('Release 2000 ft', { exact: true }).waitFor();
    expect(await inProgress().count()).toBe(0);
    await shot(line, 'line-landed');
  });

  it("Mary's Home shows her balance after the tow and the rental", async () => {
    // Mary takes her phone out of her pocket: Home loads again.
    await mary.reload();
    const balance = mary.getByText(/^Your account balance: /);
    await balance.waitFor();
    // 0 − 4520 − 1413 = −5933.
    // Home words it as the spec does: "Your account balance: $" and two decimals.
    expect(await balance.textContent()).toBe(`Your account balance: $${EXPECTED.afterLanding.replace('-$', '-')}`);
    // No flight of hers is in the air any more.
    await mary.waitForLoadState('networkidle');
    expect(await mary.getByRole('region', { name: 'Your active flights' }).count()).toBe(0);
    await shot(mary, 'mary-home');
  });

  it("Mary's Account Summary lists the tow and the rental with their exact charges", async () => {
    await mary.getByRole('link', { name: 'User Account Summary', exact: true }).click();
    await mary.getByRole('heading', { name: 'Account Summary', exact: true }).waitFor();
    const rows = mary.locator('table.account-rows tbody tr');
    await rows.locator('td.cell-amount').first().waitFor();
    const table = await rows.evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('td'), (td) => (td as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
      ),
    );
    const launchedAtMs = landedAtMs - FLOWN_MINUTES * 60_000;
    const day = shortDay(launchedAtMs);
    expect(table.map(([, ...cells]) => cells)).toEqual([
      [clubDateTime(launchedAtMs), `Tow: ${LAUNCH} (${GLIDER}, ${day})`, EXPECTED.tow, EXPECTED.afterTow],
      [
        clubDateTime(landedAtMs),
        `Rental: ${GLIDER}, 0:${FLOWN_MINUTES} flown, ${FLOWN_MINUTES} min billed`,
        EXPECTED.rental,
        EXPECTED.afterLanding,
      ],
    ]);
    // Each row has the ledger's entry number.
    for (const [id] of table) expect(id).toMatch(/^\d+$/);
    const balances = mary.locator('dl');
    expect(await balances.innerText()).toBe(`Opening balance\n$0.00\nClosing balance\n${EXPECTED.afterLanding}`);
    await shot(mary, 'mary-account');
  });
});

/** The first zone whose wall clock is between 01:00 and 22:59 now: the whole test then runs within one club day. */
function zoneAwayFromMidnight(zones: string[]): string {
  const hourIn = (zone: string) =>
    Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(Date.now()));
  const zone = zones.find((candidate) => hourIn(candidate) >= 1 && hourIn(candidate) <= 22);
  if (!zone) throw new Error(`Each of ${zones.join(', ')} is within an hour of midnight`);
  return zone;
}
