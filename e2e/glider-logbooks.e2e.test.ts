import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberIds, ok, setClubTimeZone } from './helpers/api.ts';
import { DEMO } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';

/**
 * Glider logbooks at phone size (docs/flight-line.md, "Glider logbooks"):
 * Mary Member flies C-GDSA (an ASK 21) twice today, placed, launched and
 * landed through the API: 20 minutes of instruction with Irene Instructor on
 * a Variable tow, then 30 minutes alone; the admin sets the glider's
 * maintenance date to today. Mary opens Glider Logbooks from Home, finds
 * C-GDSA with its type and opens its logbook: the figures since maintenance
 * (0:50 hours, 2 launches), the totals and both flights, the lesson's two full
 * names on one row without the page scrolling sideways. Its own server: it
 * flies and changes a glider.
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SHOTS = join(ROOT, 'scratch', 'shots');
const MINUTE = 60_000;

const field = ownServer('glider-logbooks');
let mary: Page;
let timeZone: string;
let today: string;
let launchedAt: number;
let lessonAt: number;

/**
 * A fixed-offset zone where it is now between 11:30 and 12:30, so a flight
 * launched 40 minutes ago was launched today there (Etc/GMT-N is N hours
 * ahead of UTC: the sign is POSIX's).
 */
function middayZone(nowMs: number): string {
  const ahead = 12 - Math.round(new Date(nowMs).getUTCHours() + new Date(nowMs).getUTCMinutes() / 60);
  return ahead === 0 ? 'Etc/UTC' : `Etc/GMT${ahead > 0 ? '-' : '+'}${Math.abs(ahead)}`;
}

const clock = (ms: number) => DateTime.fromMillis(ms, { zone: timeZone }).toFormat('HH:mm');

beforeAll(async () => {
  const admin = await field.phone(DEMO.admin);
  mary = await field.phone(DEMO.member);
  timeZone = middayZone(Date.now());
  await setClubTimeZone(admin, timeZone);
  today = DateTime.now().setZone(timeZone).toISODate()!;
  const idOf = await memberIds(admin);
  launchedAt = Math.floor(Date.now() / MINUTE) * MINUTE - 40 * MINUTE;
  // Enough on her account for both flights.
  await ok(
    admin.request.post('/api/add-transaction/', {
      data: {
        transactionType: 'Deposit',
        pilot: idOf(DEMO.member),
        amountCents: 30_000,
        transferType: 'Cash',
        transactionRef: 'R-3001',
        note: 'Lessons',
        idempotencyKey: randomUUID(),
      },
    }),
  );
  // First a lesson with Irene on a Variable tow released at 2500 ft: the widest row, two full names and the longest
  // launch.
  lessonAt = launchedAt - 60 * MINUTE;
  const lessonId = randomUUID();
  await ok(
    mary.request.post('/api/update-item/', {
      data: {
        type: 'FLIGHT',
        id: lessonId,
        data: {
          user: idOf(DEMO.member),
          flyWith: 'Instructor',
          passengerID: idOf(DEMO.instructor),
          pilotInCharge: false,
          glider: 'C-GDSA',
          launchType: 'Variable',
          submittedAt: lessonAt - 5 * MINUTE,
        },
      },
    }),
  );
  await ok(
    admin.request.post('/api/update-flight/', {
      data: {
        id: lessonId,
        action: 'Launch',
        tug: 'C-FTOW',
        towPilot: idOf(DEMO.towPilot),
        time: lessonAt,
        idempotencyKey: randomUUID(),
      },
    }),
  );
  await ok(
    admin.request.post('/api/update-flight/', {
      data: {
        id: lessonId,
        action: 'ReleaseHeight',
        releaseHeight: 2500,
        time: lessonAt + 5 * MINUTE,
        idempotencyKey: randomUUID(),
      },
    }),
  );
  await ok(
    admin.request.post('/api/update-flight/', {
      data: { id: lessonId, action: 'Landing', time: lessonAt + 20 * MINUTE, idempotencyKey: randomUUID() },
    }),
  );
  const flightId = randomUUID();
  await ok(
    mary.request.post('/api/update-item/', {
      data: {
        type: 'FLIGHT',
        id: flightId,
        data: {
          user: idOf(DEMO.member),
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
        tug: 'C-FTOW',
        towPilot: idOf(DEMO.towPilot),
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
  await ok(
    admin.request.post('/api/update-item/', {
      data: { type: 'GLIDER', id: 'C-GDSA', data: { maintenanceDate: today } },
    }),
  );
  await admin.context().close();
});

describe('glider logbooks at 375 px', () => {
  it(
    "Mary opens C-GDSA's logbook from Home: hours and launches since " +
      'maintenance, the totals and her flights, 375 px wide',
    async () => {
      await mary.goto('/');
      await mary.getByRole('link', { name: 'Glider Logbooks', exact: true }).click();
      await mary.getByRole('heading', { name: 'Glider Logbooks', exact: true }).waitFor();
      const row = mary.getByRole('row').filter({ has: mary.getByRole('link', { name: 'C-GDSA', exact: true }) });
      await row.waitFor();
      // The index: the type under the registration; since maintenance, today's 20 and 30 minutes and their launches.
      expect(await row.getByRole('rowheader').textContent()).toBe('C-GDSAASK 21');
      expect(await row.getByRole('cell').last().textContent()).toBe(`0:502 launchessince ${today}`);
      mkdirSync(SHOTS, { recursive: true });
      await mary.screenshot({ path: join(SHOTS, 'glider-logbooks-index.png'), fullPage: true });
      expect(await mary.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await row.getByRole('link', { name: 'C-GDSA', exact: true }).click();
      await mary.getByRole('heading', { name: 'Glider Logbook: C-GDSA' }).waitFor();
      const since = mary.getByRole('region', { name: 'Since maintenance' });
      await since.getByRole('heading', { name: `Since maintenance on ${today}` }).waitFor();
      expect(await since.locator('dd').allTextContents()).toEqual(['0:50', '2']);
      const lesson = mary
        .getByRole('table')
        .getByRole('row')
        .filter({ hasText: clock(lessonAt) });
      expect(await lesson.getByRole('cell').allTextContents()).toEqual([
        'Irene Instructor',
        'Mary Member',
        'Variable',
        `${clock(lessonAt)}–${clock(lessonAt + 20 * MINUTE)}`,
        '0:20',
      ]);
      const flights = mary.getByRole('table');
      const flight = flights.getByRole('row').filter({ hasText: clock(launchedAt) });
      await flight.waitFor();
      expect(await flight.getByRole('cell').allTextContents()).toEqual([
        'Mary Member',
        '',
        '2000 ft',
        `${clock(launchedAt)}–${clock(launchedAt + 30 * MINUTE)}`,
        '0:30',
      ]);
      expect(await flights.getByRole('columnheader').allTextContents()).toEqual([
        'P1',
        'P2',
        'Launch',
        'Takeoff–landing',
        'Duration',
      ]);
      expect(await flights.getByRole('rowheader', { name: today }).count()).toBe(1);
      expect(await mary.getByRole('group', { name: 'These dates' }).textContent()).toMatch(
        /\d+ flights? · \d+:\d\d hours · \d+ launch(es)?/,
      );

      await mary.screenshot({ path: join(SHOTS, 'glider-logbook.png'), fullPage: true });
      expect(await mary.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      // Nor does the table scroll sideways in its own frame: every column, Duration included, is in view.
      expect(
        await flights.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth),
      ).toBe(0);
    },
  );
});
