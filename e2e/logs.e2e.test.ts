import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BalanceInfo, FlightRecord, LogsData } from '@flightline/domain/api/types';
import { changeFlightBody } from '@flightline/domain/fixtures/flight';
import { formatMoney } from '@flightline/domain/money/money';
import { memberIds, ok, setClubTimeZone } from './helpers/api.ts';
import { DEMO } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';

/**
 * Flight Logs `/logs/` and the flight modal at phone size
 * (docs/flight-line.md, "Log edits", "The flight logs"): Mary Member flies
 * C-GDSA for 30 minutes (placed, launched and landed through the API); Alex
 * Admin finds it in the logs with its duration and the totals, is stopped by a
 * negative release height, then corrects the landing (10 minutes later) and
 * the glider (C-GDSB) through Confirm Changes; the correction shows in the
 * revisions and Mary is re-billed exactly the rental difference. Mary sees her
 * costs but no Edit Flight; once the lock date covers the day, the flight
 * shows as locked. Its own server: it flies, bills and locks.
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SHOTS = join(ROOT, 'scratch', 'shots');
const MINUTE = 60_000;
const TUG = 'C-FTOW';
/** The zone furthest ahead: its today is after the day of a flight flown in the zones below. */
const AHEAD_ZONE = 'Pacific/Kiritimati';

const field = ownServer('logs');
let admin: Page;
let mary: Page;
let maryId: string;
let timeZone: string;
let today: string;
let flightId: string;
let launchedAt: number;
let balanceBefore: number;

/**
 * A club zone where the flight fits on today (launched an hour ago, after
 * 01:00) and where the zone furthest ahead is already on a later day (for
 * the lock date, which must be before today). One of these always fits.
 */
function chooseZone(nowMs: number): string {
  for (const zone of ['Pacific/Pago_Pago', 'America/Toronto', 'Europe/London']) {
    const local = DateTime.fromMillis(nowMs, { zone });
    const ahead = DateTime.fromMillis(nowMs, { zone: AHEAD_ZONE });
    if (local.hour * 60 + local.minute >= 70 && ahead.toISODate()! > local.toISODate()!) return zone;
  }
  throw new Error('no zone fits now');
}

const clock = (ms: number) => DateTime.fromMillis(ms, { zone: timeZone }).toFormat('HH:mm');

async function balanceOfMary(): Promise<number> {
  return ((await (await mary.request.get('/api/get-balance')).json()) as BalanceInfo).balanceCents;
}

async function storedFlight(page: Page = admin): Promise<FlightRecord> {
  const logs = (await (
    await page.request.get(`/api/serve-logs?startDate=${today}&endDate=${today}`)
  ).json()) as LogsData;
  const flight = logs.flights.find((f) => f.id === flightId);
  if (!flight) throw new Error(`flight ${flightId} is not in the logs of ${today}`);
  return flight;
}

/** A 375 px screenshot, once transitions are over (a modal's 300 ms fade-in), as the phone shows it. */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const modal = (await page.getByRole('dialog').count()) > 0;
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: fullPage && !modal });
}

beforeAll(async () => {
  [admin, mary] = await Promise.all([field.phone(DEMO.admin), field.phone(DEMO.member)]);

  timeZone = chooseZone(Date.now());
  await setClubTimeZone(admin, timeZone);
  today = DateTime.now().setZone(timeZone).toISODate()!;
  const idOf = await memberIds(admin);
  maryId = idOf(DEMO.member);
  const tomId = idOf(DEMO.towPilot);

  // Mary asks for C-GDSA alone; it launches an hour ago on a whole minute (towed by Tom) and lands 30 minutes later.
  balanceBefore = await balanceOfMary();
  flightId = randomUUID();
  launchedAt = Math.floor(Date.now() / MINUTE) * MINUTE - 60 * MINUTE;
  // Requested before it launched (a launch can't be before its request): tapped 5 minutes before, sent now (entered
  // late).
  await ok(
    mary.request.post('/api/update-item/', {
      data: {
        type: 'FLIGHT',
        id: flightId,
        data: {
          user: maryId,
          flyWith: 'Alone',
          glider: 'C-GDSA',
          launchType: '2000 ft',
          submittedAt: launchedAt - 5 * MINUTE,
        },
      },
    }),
  );
  await ok(
    admin.request.post('/api/update-flight/', {
      data: {
        id: flightId,
        action: 'Launch',
        tug: TUG,
        towPilot: tomId,
        time: launchedAt,
        idempotencyKey: randomUUID(),
      },
    }),
  );
  await ok(
    admin.request.post('/api/update-flight/', {
      data: { id: flightId, action: 'Landing', time: launchedAt + 30 * MINUTE, idempotencyKey: randomUUID() },
    }),
  );
});

const flightsList = (page: Page) => page.getByRole('list', { name: 'Flights' });
const flightLine = (page: Page, glider: string) => flightsList(page).getByRole('button').filter({ hasText: glider });
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title, exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

describe('flight logs at 375 px', () => {
  it('bills the flight: 2000 ft tow $45.20 and 30 minutes of C-GDSA $20.34 (HST 13 % on top)', async () => {
    expect(await balanceOfMary()).toBe(balanceBefore - 4520 - 2034);
  });

  it(
    'Mary opens each charge: the tow’s fixed price and HST, the rental’s ' +
      'minutes at the glider’s rate — on her account and in her flight',
    async () => {
      await mary.goto('/userAccount');
      await mary.getByText('Closing balance').waitFor();
      const { launchTransaction, landingTransaction } = await storedFlight(mary);
      await mary.getByRole('button', { name: `Breakdown of charge #${launchTransaction}` }).click();
      const tow = mary.getByRole('dialog', { name: `Charge #${launchTransaction}` });
      await tow.getByText('Charged to the account').waitFor();
      expect(await tow.locator('dl').allTextContents()).toEqual([
        'Fixed price$40.00',
        'Before tax$40.00HST (13 %)$5.20Charged to the account$45.20',
      ]);
      expect(await tow.textContent()).toContain('Tow: 2000 ft (C-GDSA');
      await shot(mary, 'charge-breakdown-tow');
      await tow.getByRole('button', { name: 'Close' }).click();
      await tow.waitFor({ state: 'hidden' });

      // Offline: a charge never opened says it waits for the network, instead of loading for ever; one opened before
      // still shows its figures.
      await mary.context().setOffline(true);
      await mary.getByRole('button', { name: `Breakdown of charge #${landingTransaction}` }).click();
      const unseen = mary.getByRole('dialog', { name: `Charge #${landingTransaction}` });
      await unseen.getByText("Offline — this charge's breakdown shows once the phone is back online.").waitFor();
      await unseen.getByRole('button', { name: 'Close' }).click();
      await unseen.waitFor({ state: 'hidden' });
      await mary.getByRole('button', { name: `Breakdown of charge #${launchTransaction}` }).click();
      await tow.getByText('Charged to the account').waitFor();
      expect(await tow.locator('dl').allTextContents()).toEqual([
        'Fixed price$40.00',
        'Before tax$40.00HST (13 %)$5.20Charged to the account$45.20',
      ]);
      await tow.getByRole('button', { name: 'Close' }).click();
      await tow.waitFor({ state: 'hidden' });
      await mary.context().setOffline(false);

      await mary.goto('/logs/');
      await flightLine(mary, 'C-GDSA').click();
      const info = dialog(mary, 'Flight Info');
      await info.getByRole('heading', { name: 'Charges' }).waitFor();
      await info.getByText(`Rental charge #${landingTransaction} — $20.34`).click();
      const rental = info.locator('details').filter({ hasText: 'Rental charge' });
      // 30 minutes of C-GDSA at 60 ¢: $18.00, HST 13 % $2.34.
      expect(await rental.locator('dl').allTextContents()).toEqual([
        'Time0:30 flown, 30 min billed (whole minutes, rounded up)30 min × $0.60 per min$18.00',
        'Before tax$18.00HST (13 %)$2.34Charged to the account$20.34',
      ]);
      await shot(mary, 'logs-flight-charges');
      await info.locator('.modal-footer').getByRole('button', { name: 'Close', exact: true }).click();
      await info.waitFor({ state: 'hidden' });
    },
  );

  it("lists today's flight with its duration and the totals", async () => {
    await admin.goto('/logs/');
    await admin.getByRole('heading', { name: `Flight Logs for ${today}` }).waitFor();
    await flightLine(admin, 'C-GDSA').waitFor();
    const line = await flightLine(admin, 'C-GDSA').textContent();
    expect(line).toContain(`${clock(launchedAt)}–${clock(launchedAt + 30 * MINUTE)}`);
    expect(line).toContain('0:30');
    expect(line).toContain('Mary Member');
    expect(line).toContain('2000 ft');
    expect(await admin.getByLabel('Totals').textContent()).toBe('Flights1Hours0:30');
    expect(await button(admin, 'All flights').getAttribute('aria-pressed')).toBe('true');
    // The glider filter: All first, then the gliders flown.
    expect(await admin.getByLabel('Glider', { exact: true }).locator('option').allTextContents()).toEqual([
      'All',
      'C-GDSA',
    ]);
    await shot(admin, 'logs-list');
    await shot(admin, 'logs-list-first-screen', false);
  });

  it('opens Flight Info: no costs for another member, Edit Flight for an admin', async () => {
    await flightLine(admin, 'C-GDSA').click();
    const info = dialog(admin, 'Flight Info');
    await info.waitFor();
    const facts = info.getByLabel('Flight', { exact: true });
    expect(await facts.textContent()).toContain('Takeoff Time' + clock(launchedAt));
    expect(await facts.textContent()).toContain('Duration0:30');
    expect(await facts.textContent()).toContain('Tow PilotTom Towpilot');
    expect(await info.getByText('Flight cost').count()).toBe(0);
    await info.getByText('No corrections.').waitFor();
    await shot(admin, 'logs-flight-info');
    await button(admin, 'Edit Flight').click();
    await dialog(admin, 'Editing Flight').waitFor();
  });

  it("refuses a negative release height: 'Release height must be positive' and no call", async () => {
    const edit = dialog(admin, 'Editing Flight');
    await edit.getByLabel(/^Release Height/).fill('-5');
    let calls = 0;
    const count = (r: { url(): string }) => {
      if (r.url().includes('/api/update-flight')) calls += 1;
    };
    admin.on('request', count);
    await button(admin, 'Submit Changes').click();
    const refusal = admin.getByRole('alert').filter({ hasText: 'Release height must be positive' });
    await refusal.waitFor();
    await shot(admin, 'logs-release-height-refused', false);
    admin.off('request', count);
    expect(calls).toBe(0);
    expect(await dialog(admin, 'Editing Flight').isVisible()).toBe(true);
    // The alert covers the modal's header: a valid height takes it down at once, well inside its 4 seconds.
    await edit.getByLabel(/^Release Height/).fill('500');
    await refusal.waitFor({ state: 'detached', timeout: 1000 });
    expect(await edit.getByLabel(/^Release Height/).getAttribute('aria-invalid')).toBeNull();
    // Refused again, then Cancel: leaving the step takes it down too.
    await edit.getByLabel(/^Release Height/).fill('-5');
    await button(admin, 'Submit Changes').click();
    await refusal.waitFor();
    // Cancel goes back to Flight Info; editing again starts from the flight.
    await button(admin, 'Cancel').click();
    await dialog(admin, 'Flight Info').waitFor();
    await refusal.waitFor({ state: 'detached', timeout: 1000 });
    await button(admin, 'Edit Flight').click();
    expect(
      await dialog(admin, 'Editing Flight')
        .getByLabel(/^Release Height/)
        .inputValue(),
    ).toBe('0');
  });

  it(
    'changes the landing time and the glider: Confirm Changes ' + 'strikes the old values through, Back keeps the edit',
    async () => {
      const edit = dialog(admin, 'Editing Flight');
      await shot(admin, 'logs-editing');
      await edit.getByLabel('Glider', { exact: true }).selectOption('C-GDSB');
      await edit.getByLabel('Landing Time', { exact: true }).fill(clock(launchedAt + 40 * MINUTE));
      // Ground-only members are not offered as the pilot.
      const pilots = await edit.getByLabel('Pilot', { exact: true }).locator('option').allTextContents();
      expect(pilots).toContain('Mary Member');
      expect(pilots).not.toContain('Gary Ground');
      await button(admin, 'Submit Changes').click();

      const confirm = dialog(admin, 'Confirm Changes');
      await confirm.waitFor();
      const changes = confirm.getByRole('list', { name: 'Changes' }).getByRole('listitem');
      expect(await changes.count()).toBe(2);
      expect(await changes.nth(0).textContent()).toBe('GliderC-GDSAC-GDSB');
      expect(await changes.nth(0).locator('del').textContent()).toBe('C-GDSA');
      expect(await changes.nth(1).locator('del').textContent()).toBe(clock(launchedAt + 30 * MINUTE));
      expect(await changes.nth(1).textContent()).toBe(
        `Landing Time${clock(launchedAt + 30 * MINUTE)}${clock(launchedAt + 40 * MINUTE)}`,
      );
      await shot(admin, 'logs-confirm-changes');

      await button(admin, 'Back').click();
      expect(await dialog(admin, 'Editing Flight').getByLabel('Glider', { exact: true }).inputValue()).toBe('C-GDSB');
      await button(admin, 'Submit Changes').click();
      await confirm.waitFor();
    },
  );

  it(
    "confirms: 'Sucessfully updated flight {id}', the modal " + 'closes, the logs reload and Mary is re-billed exactly',
    async () => {
      await button(admin, 'Confirm').click();
      await admin
        .getByRole('status')
        .filter({ hasText: `Sucessfully updated flight ${flightId}` })
        .waitFor();
      await admin.getByRole('dialog').waitFor({ state: 'detached' });
      await flightLine(admin, 'C-GDSB').waitFor();
      expect(await flightLine(admin, 'C-GDSB').textContent()).toContain('0:40');
      expect(await admin.getByLabel('Totals').textContent()).toBe('Flights1Hours0:40');

      const stored = await storedFlight();
      expect(stored.glider).toBe('C-GDSB');
      expect(stored.landedAt).toBe(launchedAt + 40 * MINUTE);
      expect(stored.launchedAt).toBe(launchedAt);
      // The rental is billed again: 40 minutes of C-GDSB at 50¢ = $20.00 + $2.60 HST, instead of $20.34; the tow stays.
      expect(await balanceOfMary()).toBe(balanceBefore - 4520 - 2260);
    },
  );

  it('shows the correction in the revisions accordion: who, when, each field old → new', async () => {
    await flightLine(admin, 'C-GDSB').click();
    const info = dialog(admin, 'Flight Info');
    await info.waitFor();
    const revision = info.getByRole('button', { name: /^Alex Admin/ });
    await revision.waitFor();
    expect(await revision.textContent()).toMatch(new RegExp(`^Alex Admin${today} \\d\\d:\\d\\d$`));
    await revision.click();
    await info.getByText('Glider: C-GDSA → C-GDSB').waitFor();
    await info
      .getByText(`Landing Time: ${clock(launchedAt + 30 * MINUTE)} → ${clock(launchedAt + 40 * MINUTE)}`)
      .waitFor();
    await shot(admin, 'logs-revisions');
    await info.locator('.modal-footer').getByRole('button', { name: 'Close', exact: true }).click();
    await admin.getByRole('dialog').waitFor({ state: 'detached' });
  });

  it("lists the tows: every towed flight, or one tow pilot's", async () => {
    await button(admin, 'Tows').click();
    const towPilot = admin.getByLabel('Tow pilot', { exact: true });
    // Alex does not tow: the view opens on everyone's tows.
    expect(await towPilot.inputValue()).toBe('All');
    await flightLine(admin, 'C-GDSB').waitFor();
    await towPilot.selectOption({ label: 'Tom Towpilot' });
    await flightLine(admin, 'C-GDSB').waitFor();
    expect(await admin.getByLabel('Totals').textContent()).toBe('Flights1Hours0:40');
    await shot(admin, 'logs-tows');
    await button(admin, 'All flights').click();
    await admin.getByLabel('Glider', { exact: true }).waitFor();
  });

  it('shows Mary her logbook with her costs and no Edit Flight', async () => {
    await mary.goto('/logs/');
    await button(mary, 'My flights').click();
    await flightLine(mary, 'C-GDSB').waitFor();
    expect(await mary.getByLabel('Totals').textContent()).toBe('Flights1Hours0:40');
    await shot(mary, 'logs-my-flights');
    await flightLine(mary, 'C-GDSB').click();
    const info = dialog(mary, 'Flight Info');
    await info.waitFor();
    const own = await storedFlight(mary);
    expect(own.flightCost).not.toBeNull();
    const facts = await info.getByLabel('Flight', { exact: true }).textContent();
    expect(facts).toContain(`Launch cost${formatMoney(own.launchCost!)}`);
    expect(facts).toContain(`Flight cost${formatMoney(own.flightCost!)}`);
    expect(await button(mary, 'Edit Flight').count()).toBe(0);
    await shot(mary, 'logs-member-flight-info');
    // The server refuses her an edit too.
    const refused = await mary.request.post('/api/update-flight/', {
      data: changeFlightBody(own, { idempotencyKey: randomUUID(), releaseHeight: 1000 }),
    });
    expect(refused.status()).toBe(403);
  });

  it("Mary's logbook: these dates' and all time's totals by role and launch, and her logbook as CSV", async () => {
    await mary.goto('/logs/');
    await button(mary, 'My flights').click();
    await flightLine(mary, 'C-GDSB').waitFor();
    const logbook = mary.getByRole('region', { name: 'Logbook' });
    // The flight as corrected: C-GDSB, 40 minutes, Mary alone (P1) on the 2000 ft tow.
    const card = ['1 flight · 0:40 hours', 'P1 1 · 0:40; P2 0 · 0:00; Instructor 0 · 0:00', '2000 ft ×1'];
    expect(await logbook.getByRole('group', { name: 'These dates' }).locator('p').allTextContents()).toEqual(card);
    await logbook.getByRole('group', { name: 'All time' }).getByText('2000 ft ×1').waitFor();
    expect(await logbook.getByRole('group', { name: 'All time' }).locator('p').allTextContents()).toEqual(card);
    await shot(mary, 'logs-logbook');
    const [download] = await Promise.all([
      mary.waitForEvent('download'),
      logbook.getByRole('button', { name: 'Download logbook (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Logbook_${today}_${today}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')).toEqual([
      '\uFEFF"Date","Glider type","Registration","P1","P2","Launch type","Takeoff","Landing","Duration"',
      `"${today}","Grob 103","C-GDSB","Mary Member","","2000 ft",` +
        `"${clock(launchedAt)}","${clock(launchedAt + 40 * MINUTE)}","0:40"`,
      '',
    ]);
  });

  it(
    "at 320 px a waiting flight reads 'waiting since' its request and a flying " +
      "one 'flying since' its launch, not dashes (issue 25 item 15)",
    async () => {
      const idOf = await memberIds(admin);
      const waiting = randomUUID();
      const flying = randomUUID();
      const request = (id: string, user: string, glider: string) =>
        ok(
          admin.request.post('/api/update-item/', {
            data: { type: 'FLIGHT', id, data: { user, flyWith: 'Alone', glider, launchType: '2000 ft' } },
          }),
        );
      await request(waiting, idOf(DEMO.instructor), 'C-GDSA');
      await request(flying, idOf(DEMO.towPilot), 'C-FDSC');
      await ok(
        admin.request.post('/api/update-flight/', {
          data: { id: flying, action: 'Launch', tug: TUG, idempotencyKey: randomUUID() },
        }),
      );
      const logs = (await (
        await admin.request.get(`/api/serve-logs?startDate=${today}&endDate=${today}`)
      ).json()) as LogsData;
      const stored = (id: string) => logs.flights.find((f) => f.id === id)!;

      await admin.setViewportSize({ width: 320, height: 568 });
      try {
        await admin.goto('/logs/');
        await flightLine(admin, 'C-FDSC').waitFor();
        const [waitingLine, flyingLine] = [
          await flightLine(admin, 'C-GDSA').innerText(),
          await flightLine(admin, 'C-FDSC').innerText(),
        ];
        expect(waitingLine).toContain(`waiting since ${clock(stored(waiting).submittedAt)}`);
        expect(flyingLine).toContain(`flying since ${clock(stored(flying).launchedAt!)}`);
        expect(`${waitingLine}${flyingLine}`).not.toContain('—');
        expect(
          await flightLine(admin, 'C-FDSC')
            .getByLabel(/^Duration/)
            .count(),
        ).toBe(0);
        expect(await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
        await shot(admin, 'logs-waiting-flying-320');
      } finally {
        // Off the line again, so the figures below are the corrected flight's alone.
        await ok(
          admin.request.post('/api/update-flight/', {
            data: { id: flying, action: 'UndoLaunch', idempotencyKey: randomUUID() },
          }),
        );
        for (const id of [flying, waiting])
          await ok(
            admin.request.post('/api/update-flight/', {
              data: { id, action: 'CancelRequest', idempotencyKey: randomUUID() },
            }),
          );
        await admin.setViewportSize({ width: 375, height: 740 });
      }
    },
  );

  it('shows a flight on or before the lock date as Locked, without Edit Flight', async () => {
    // The lock date must be before today: lock the flight's day from the zone already on the next day, then come back.
    await setClubTimeZone(admin, AHEAD_ZONE);
    await ok(admin.request.post('/api/update-admin-parameter/', { data: { parameter: 'lockDate', lockDate: today } }));
    await setClubTimeZone(admin, timeZone);
    await admin.reload();
    await flightLine(admin, 'C-GDSB').click();
    const info = dialog(admin, 'Flight Info');
    await info.getByText(`Flights on or before ${today} can no longer be changed.`).waitFor();
    expect(await button(admin, 'Edit Flight').count()).toBe(0);
    await shot(admin, 'logs-locked');
    const refused = await admin.request.post('/api/update-flight/', {
      data: changeFlightBody(await storedFlight(), { idempotencyKey: randomUUID(), releaseHeight: 1000 }),
    });
    expect(refused.status()).toBeGreaterThanOrEqual(400);
    expect(refused.status()).toBeLessThan(500);
    expect((await storedFlight()).releaseHeight).toBe(0);
  });
});

describe('club metrics at 375 px', () => {
  it(
    "the admin sees the season's figures: the corrected flight's 40 " +
      'minutes in C-GDSB, towed by Tom; a member is not authorized',
    async () => {
      await admin.goto('/metrics');
      await admin.getByRole('heading', { name: 'Club Metrics' }).waitFor();
      const totals = admin.getByLabel('Totals', { exact: true });
      await totals.getByText('Launches').waitFor();
      // The flight was requested 5 minutes before its launch (the setup's tap time): a 5-minute wait.
      expect(await totals.textContent()).toBe('Flights1Hours0:40Launches1Average wait5 min');
      const rowsOf = (title: string) =>
        admin.getByRole('region', { name: title }).locator('tbody tr').allTextContents();
      expect(await rowsOf('Gliders')).toEqual(['C-GDSB110:40']);
      expect(await rowsOf('Launches per tow pilot')).toEqual(['Tom Towpilot1']);
      expect(await rowsOf('Launches per tug')).toEqual([`${TUG}1`]);
      expect(await rowsOf('Flights and hours per month')).toEqual([`${today.slice(0, 7)}10:40`]);
      await button(admin, 'Day').click();
      expect(await rowsOf('Flights and hours per day')).toEqual([`${today}10:40`]);
      expect(await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await shot(admin, 'club-metrics');

      await mary.goto('/metrics');
      await mary.getByText('User is not authorized (603)').waitFor();
    },
  );
});
