import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FlightRecord, GroundStatus } from '@flightline/domain/api/types';
import { sliderFromMinutes } from '../packages/web/src/features/ground/minutes-ago.ts';
import { sessionOf } from './helpers/api.ts';
import { DEMO } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';

/**
 * Line management `/ground/` at phone size (docs/flight-line.md, "States and
 * line actions") and Home's active flights: Mary's flights are placed on the
 * line through the API, Tom checks in on the tug, and Irene on line duty
 * launches Mary's flight 5 minutes ago with the tug, records the release
 * height (and meets the 'Release Height Already Set' dialog), lands it, undoes
 * the landing and lands again; a launch of a flight another phone cancelled
 * says 'No action taken - …', and a request is removed from the line. Its own
 * server: it writes flights and charges.
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SHOTS = join(ROOT, 'scratch', 'shots');
const TUG = 'C-FTOW';

const field = ownServer('ground');
/** Irene Instructor on line duty. */
let line: Page;
/** Mary Member, the pilot, on her own phone. */
let pilot: Page;
let towPilotId: string;
/**
 * Mary's flight A in C-GDSA (flown); Alex's B in C-GDSB (cancelled by another phone); Irene's C in C-FDSC (removed
 * from the line). One unfinished flight per person: three pilots.
 */
const flights = { a: randomUUID(), b: randomUUID(), c: randomUUID() };

async function userIdOf(page: Page): Promise<string> {
  return (await sessionOf(page)).userID!;
}

beforeAll(async () => {
  [line, pilot] = await Promise.all([field.phone(DEMO.instructor), field.phone(DEMO.member)]);

  // Mary places three flights on the line (as the crew page does): her own, and one each for Alex and Irene.
  const mary = await userIdOf(pilot);
  const crew = (await (await pilot.request.get('/api/serve-crew')).json()) as {
    pilots: { pilotID: string; first: string }[];
  };
  const idOf = (first: string) => crew.pilots.find((p) => p.first === first)!.pilotID;
  for (const [id, glider, user] of [
    [flights.a, 'C-GDSA', mary],
    [flights.b, 'C-GDSB', idOf('Alex')],
    [flights.c, 'C-FDSC', idOf('Irene')],
  ] as const) {
    // Requested 10 minutes ago, so a launch tapped for 5 minutes ago is after the request.
    const placed = await pilot.request.post('/api/update-item/', {
      data: {
        type: 'FLIGHT',
        id,
        data: { user, flyWith: 'Alone', glider, launchType: '2000 ft', submittedAt: Date.now() - 10 * 60_000 },
      },
    });
    expect(placed.status(), await placed.text()).toBe(200);
  }

  // Tom checks in on the tug, so the line page's tow pilot defaults to him.
  const tom = await field.phone(DEMO.towPilot);
  towPilotId = await userIdOf(tom);
  const checkIn = await tom.request.post('/api/create-tow/', {
    data: { idempotencyKey: randomUUID(), data: { tug: TUG, hobbs: 1234.5, pilot: towPilotId } },
  });
  expect(checkIn.status(), await checkIn.text()).toBe(200);
  await tom.context().close();
});

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

async function flightOnLine(id: string): Promise<FlightRecord | undefined> {
  const status = (await (await line.request.get('/api/ground-status')).json()) as GroundStatus;
  return status.flights.find((f) => f.id === id);
}

const button = (name: string) => line.getByRole('button', { name, exact: true });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const inProgress = (glider: string) => line.getByRole('listitem', { name: `${glider} in progress` });
const landed = (glider: string) => line.getByRole('listitem', { name: `${glider} landed` });
/** A flight's button on the next-flight picker. */
const waitingFlight = (glider: string) =>
  line
    .getByRole('region', { name: 'Next flight' })
    .getByRole('button', { name: new RegExp(`^\\S+ \\S\\. ${glider} `) });
const minutesAgo = () => line.getByLabel('Minutes ago', { exact: true });
const slider = () => line.getByRole('slider', { name: 'Time slider' });

/**
 * Whether the phone shows `locator` whole, inside the screen, and nothing
 * over it: what is drawn at its centre and just above its bottom edge is it
 * (not the sticky Launch button).
 */
async function shownUncovered(locator: Locator): Promise<{ inView: boolean; uncovered: boolean }> {
  return locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inView = r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
    const x = r.left + r.width / 2;
    const hits = [r.top + r.height / 2, r.bottom - 2].map((y) => document.elementFromPoint(x, y));
    return { inView, uncovered: hits.every((hit) => hit !== null && el.contains(hit)) };
  });
}

/** Answer the confirm dialog. */
async function confirm(label: string): Promise<void> {
  const dialog = line.getByRole('dialog');
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('line management at 375 px', () => {
  it('opens from Home with the waiting flights in submission order, the tug and its checked-in tow pilot', async () => {
    await line.goto('/');
    await line.getByRole('link', { name: 'Record Launch or Landing' }).click();
    await line.getByRole('heading', { name: 'Record Launch or Landing' }).waitFor();
    const next = line.getByRole('region', { name: 'Next flight' });
    await next.getByRole('button').first().waitFor();
    const labels = await next.getByRole('button').allTextContents();
    expect(labels.map((l) => l.replace(/waiting \d+:\d\d$/, '').trim())).toEqual([
      'Mary M.C-GDSA2000 ft',
      'Alex A.C-GDSB2000 ft',
      'Irene I.C-FDSC2000 ft',
    ]);
    // The demo club's only Ready tug is chosen, with Tom (checked in) as the tow pilot.
    expect(await line.getByRole('button', { name: new RegExp(`^${TUG}`) }).getAttribute('aria-pressed')).toBe('true');
    expect(await line.getByLabel('Tow pilot').inputValue()).toBe(towPilotId);
    expect(await button('Choose the next flight').isDisabled()).toBe(true);
    await shot(line, 'ground-launch-mode');
    // What the phone shows first: the Launch button stays at the bottom of the screen.
    await shot(line, 'ground-launch-first-screen', false);
    expect(await button('Choose the next flight').isVisible()).toBe(true);
  });

  it(
    'once a flight is picked, the tug, the tow pilot and the flight stay in view, ' +
      'uncovered, with the Launch button: 375 × 667 and 320 × 568 (issue 25 item 10)',
    async () => {
      const tug = line.getByRole('button', { name: new RegExp(`^${TUG}`) });
      for (const size of [
        { width: 375, height: 667 },
        { width: 320, height: 568 },
      ]) {
        await line.setViewportSize(size);
        for (const glider of ['C-GDSA', 'C-GDSB', 'C-FDSC']) {
          await line.evaluate(() => window.scrollTo(0, 0));
          await waitingFlight(glider).click();
          const launch = button(`Launch ${glider}`);
          await launch.waitFor();
          for (const [what, shown] of [
            ['the chosen flight', waitingFlight(glider)],
            ['the tug', tug],
            ['the tow pilot', line.getByLabel('Tow pilot')],
            ['the Launch button', launch],
          ] as const) {
            await expect
              .poll(() => shownUncovered(shown), {
                message: `${what}, ${glider} picked at ${size.width} × ${size.height}`,
              })
              .toEqual({ inView: true, uncovered: true });
          }
          expect(await line.getByLabel('Tow pilot').inputValue()).toBe(towPilotId);
          await shot(line, `ground-picked-${glider}-${size.width}`, false);
          // Tapped again: no flight picked, as the next test expects.
          await waitingFlight(glider).click();
          await button('Choose the next flight').waitFor();
        }
      }
      await line.setViewportSize({ width: 375, height: 740 });
    },
  );

  it("says 'No action taken - …' when the chosen flight was cancelled by another phone", async () => {
    await waitingFlight('C-GDSB').click();
    // Hold the poll back, so this phone still shows B as waiting when it presses Launch.
    await line.route('**/api/ground-status**', (route) => route.abort());
    const cancel = await pilot.request.post('/api/update-flight/', {
      data: { id: flights.b, action: 'CancelRequest', idempotencyKey: randomUUID() },
    });
    expect(cancel.status(), await cancel.text()).toBe(200);
    await button('Launch C-GDSB').click();
    await toast(line, 'No action taken - Flight was cancelled').waitFor();
    expect((await flightOnLine(flights.b)) === undefined).toBe(true);

    // The refresh after the action is held back too: the banner says so; once the server answers again, B has left the
    // line.
    await line.getByRole('alert').filter({ hasText: 'Could not update flights / tugs (600)' }).waitFor();
    await shot(line, 'ground-poll-banner');
    await line.unroute('**/api/ground-status**');
    await button('Retry').click();
    await line.getByRole('alert').filter({ hasText: 'Could not update flights / tugs' }).waitFor({ state: 'detached' });
    expect(await waitingFlight('C-GDSB').count()).toBe(0);
  });

  it('removes a request from the flight line after a confirm', async () => {
    await waitingFlight('C-FDSC').click();
    await button('Remove from flight line').click();
    // Keep: nothing happens.
    await confirm('Keep');
    expect((await flightOnLine(flights.c))?.cancelledAt).toBeNull();
    await button('Remove from flight line').click();
    await confirm('Remove');
    await toast(line, 'C-FDSC removed from the flight line').waitFor();
    await expect.poll(async () => (await flightOnLine(flights.c)) === undefined).toBe(true);
    await waitingFlight('C-FDSC').waitFor({ state: 'detached' });
  });

  it('launches the flight with the tug 5 minutes ago, the slider and the minutes in sync', async () => {
    await waitingFlight('C-GDSA').click();
    // The slider's far left is 600 minutes ago; the number follows it, and the slider follows the number.
    await slider().focus();
    await line.keyboard.press('Home');
    expect(await minutesAgo().inputValue()).toBe('600');
    await minutesAgo().fill('5');
    expect(await slider().inputValue()).toBe(String(sliderFromMinutes(5)));
    await shot(line, 'ground-launch-ready');

    const pressedAt = Date.now();
    await button('Launch C-GDSA').click();
    await toast(line, 'C-GDSA launched').waitFor();
    const launchedFlight = await flightOnLine(flights.a);
    expect(launchedFlight?.tug).toBe(TUG);
    expect(launchedFlight?.towPilot).toBe(towPilotId);
    expect(Math.abs(launchedFlight!.launchedAt! - (pressedAt - 5 * 60_000))).toBeLessThan(30_000);
    // The time is back at now for the next launch, and the flight is in progress with its release height highlighted.
    expect(await minutesAgo().inputValue()).toBe('0');
    await inProgress('C-GDSA').getByText('No release height').waitFor();
    expect(await inProgress('C-GDSA').textContent()).toMatch(/flying 0:0[5-6]/);
  });

  it("shows the pilot's active flight on Home while it is flying", async () => {
    await pilot.goto('/');
    const active = pilot.getByRole('region', { name: 'Your active flights' });
    await active.getByText('C-GDSA').waitFor();
    expect(await active.textContent()).toMatch(/C-GDSAflying since \d\d:\d\d/);
    await shot(pilot, 'home-active-flight');
  });

  it(
    'records the release height: refused when empty, set, then ' + 'the conflict dialog with Ignore and Overwrite',
    async () => {
      await inProgress('C-GDSA').getByRole('button', { name: 'Release height' }).click();
      const modal = line.getByRole('dialog', { name: 'Release Height', exact: true });
      await modal.waitFor();
      await modal.getByRole('button', { name: 'Set release height' }).click();
      await modal.getByText('Must set a release height before submitting').waitFor();
      await modal.getByLabel(/^Release height/).fill('0');
      await modal.getByRole('button', { name: 'Set release height' }).click();
      await modal.getByText('Must set a release height before submitting').waitFor();
      expect((await flightOnLine(flights.a))?.releaseHeight).toBe(0);
      await shot(line, 'ground-release-height');

      await modal.getByLabel(/^Release height/).fill('2000');
      await modal.getByRole('button', { name: 'Set release height' }).click();
      await toast(line, 'Successfully set release height').waitFor();
      await modal.waitFor({ state: 'detached' });
      expect((await flightOnLine(flights.a))?.releaseHeight).toBe(2000);
      await inProgress('C-GDSA').getByText('Release 2000 ft').waitFor();

      // Set again: the server answers 409 and the dialog names who set it and the height.
      await inProgress('C-GDSA').getByRole('button', { name: 'Release height' }).click();
      await line
        .getByRole('dialog', { name: 'Release Height', exact: true })
        .getByLabel(/^Release height/)
        .fill('2500');
      await line.getByRole('button', { name: 'Set release height' }).click();
      const conflict = line.getByRole('dialog', { name: 'Release Height Already Set' });
      await conflict
        .getByText('Irene Instructor already set the release height to 2000 ft. Overwrite it with 2500 ft?')
        .waitFor();
      await shot(line, 'ground-release-conflict');
      await conflict.getByRole('button', { name: 'Ignore' }).click();
      await conflict.waitFor({ state: 'detached' });
      expect((await flightOnLine(flights.a))?.releaseHeight).toBe(2000);

      await inProgress('C-GDSA').getByRole('button', { name: 'Release height' }).click();
      await line
        .getByRole('dialog', { name: 'Release Height', exact: true })
        .getByLabel(/^Release height/)
        .fill('2500');
      await line.getByRole('button', { name: 'Set release height' }).click();
      await line
        .getByRole('dialog', { name: 'Release Height Already Set' })
        .getByRole('button', { name: 'Overwrite' })
        .click();
      await expect.poll(async () => (await flightOnLine(flights.a))?.releaseHeight).toBe(2500);
      await inProgress('C-GDSA').getByText('Release 2500 ft').waitFor();
    },
  );

  it('lands the flight in Land mode, and Home no longer lists it', async () => {
    await button('Land').click();
    expect(await button('Land').getAttribute('aria-pressed')).toBe('true');
    await shot(line, 'ground-land-mode');
    await button('Land C-GDSA').click();
    await toast(line, 'C-GDSA landed').waitFor();
    await landed('C-GDSA').waitFor();
    expect((await flightOnLine(flights.a))?.landedAt).not.toBeNull();

    await pilot.reload();
    await pilot.getByText('Your account balance:').waitFor();
    // The list query answers after the balance; give it the same chance to show a flight it must not show.
    await pilot.waitForLoadState('networkidle');
    expect(await pilot.getByRole('region', { name: 'Your active flights' }).count()).toBe(0);
  });

  it('undoes the landing after a confirm, then lands again', async () => {
    await landed('C-GDSA').getByRole('button', { name: 'Undo landing' }).click();
    await line.getByRole('dialog').getByText('Undo the landing of Mary M., C-GDSA, 2000 ft?').waitFor();
    await confirm('Undo landing');
    await toast(line, 'Landing of C-GDSA undone').waitFor();
    await inProgress('C-GDSA').waitFor();
    // The screen shows a tap at once; the outbox sends it a moment later.
    await expect.poll(async () => (await flightOnLine(flights.a))?.landedAt, { timeout: 10_000 }).toBeNull();

    await button('Land C-GDSA').click();
    await toast(line, 'C-GDSA landed').waitFor();
    await landed('C-GDSA').waitFor();
    await expect
      .poll(async () => (await flightOnLine(flights.a))?.landedAt ?? null, { timeout: 10_000 })
      .not.toBeNull();
    expect((await flightOnLine(flights.a))?.releaseHeight).toBe(2500);
    await shot(line, 'ground-landed');
  });

  it('refuses a second Launch of the same flight with 409, naming who launched it, and changes nothing', async () => {
    const before = await flightOnLine(flights.a);
    const again = await line.request.post('/api/update-flight/', {
      data: { id: flights.a, action: 'Launch', tug: TUG, idempotencyKey: randomUUID() },
    });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { message: string }).message).toMatch(
      /^Already launched by Irene Instructor at \d\d:\d\d$/,
    );
    expect(await flightOnLine(flights.a)).toEqual(before);
  });

  it(
    'with no tow pilot on the tug and none chosen, Launch asks "No tow pilot — ' +
      'launch anyway?": Cancel sends nothing, Launch anyway launches',
    async () => {
      // Tom checks out; Irene asks for a flight for herself (her earlier request was removed from the line).
      const checkOut = await line.request.post('/api/create-tow/', {
        data: { idempotencyKey: randomUUID(), data: { tug: TUG, hobbs: 1235.5, pilotLogOut: true } },
      });
      expect(checkOut.status(), await checkOut.text()).toBe(200);
      const id = randomUUID();
      const placed = await line.request.post('/api/update-item/', {
        data: {
          type: 'FLIGHT',
          id,
          data: { user: await userIdOf(line), flyWith: 'Alone', glider: 'C-GDSB', launchType: '2000 ft' },
        },
      });
      expect(placed.status(), await placed.text()).toBe(200);

      await line.goto('/ground/');
      await waitingFlight('C-GDSB').click();
      expect(await line.getByLabel('Tow pilot').inputValue()).toBe('');
      const sent: string[] = [];
      line.on('request', (request) => {
        if (request.url().includes('/api/update-flight/')) sent.push(request.postData() ?? '');
      });
      await button('Launch C-GDSB').click();
      const dialog = line.getByRole('dialog');
      await dialog.getByText('No tow pilot — launch anyway?', { exact: true }).waitFor();
      await shot(line, 'ground-no-tow-pilot');
      await confirm('Cancel');
      // Nothing stored, nothing sent: the flight still waits, selected as it was.
      expect(sent).toEqual([]);
      expect((await flightOnLine(id))?.launchedAt).toBeNull();
      expect(await button('Launch C-GDSB').isEnabled()).toBe(true);

      await button('Launch C-GDSB').click();
      await dialog.getByText('No tow pilot — launch anyway?', { exact: true }).waitFor();
      await confirm('Launch anyway');
      await toast(line, 'C-GDSB launched').waitFor();
      await expect.poll(async () => (await flightOnLine(id))?.launchedAt ?? null, { timeout: 10_000 }).not.toBeNull();
      expect(await flightOnLine(id)).toMatchObject({ tug: TUG, towPilot: '' });
      expect(sent).toHaveLength(1);
    },
  );
});
