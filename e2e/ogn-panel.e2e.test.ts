import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightRecord } from '@flightline/domain/api/types';
import { SCENARIO_AIRFIELD } from '@flightline/domain/ogn/scenarios';
import { aprsBody, type Transmitter } from '@flightline/domain/ogn/scenario-radio';
import { startAprsServer, until, type AprsTestServer } from '../packages/server/test/helpers/aprs-server.ts';
import { freePort } from '../scripts/free-port.ts';
import { sessionOf } from './helpers/api.ts';
import { screenshot } from './helpers/browser.ts';
import { DEMO } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';

/**
 * The line page's OGN panel at 375 px (docs/ogn.md "On the line"): the demo
 * club in suggest mode, its server's feed connected to a replay APRS-IS
 * server of the test's own, and three gliders taking off together, beacons
 * sent live once a second (the feed works on the wall clock here). Two had a
 * request waiting: each is suggested once the launch is known to be no tow
 * (90 s after the takeoff, no club tug having taken off) — one is recorded,
 * one dismissed. The third had none: it is listed as Unmatched at once, and
 * dismissed.
 */

const aprsPort = await freePort();
const field = ownServer('ogn-panel', { env: { OGN_APRS_SERVER: `127.0.0.1:${aprsPort}` } });

const GLIDERS: Record<string, Transmitter> = {
  'C-GDSA': { callsign: 'FLRDDE101', dstcall: 'OGFLR', idByte: 0x06, address: 'DDE101' },
  'C-FDSC': { callsign: 'FLRDDE102', dstcall: 'OGFLR', idByte: 0x06, address: 'DDE102' },
  'C-GDSB': { callsign: 'FLRDDE103', dstcall: 'OGFLR', idByte: 0x06, address: 'DDE103' },
};
const METRES_PER_DEGREE = 111_195;

/**
 * A winch launch `k` seconds after the start: 5 s standing, 6 s rolling to
 * 45 kt, then climbing at 12 m/s to 400 m, flying north at 55 kt; each
 * glider on its own line 40 m east of the last.
 */
function beaconLine(tx: Transmitter, lane: number, startMs: number, k: number): string {
  const rollS = Math.min(Math.max(k - 5, 0), 6);
  const airS = Math.max(k - 11, 0);
  const y = 0.5 * 3.86 * rollS * rollS + airS * 28.3;
  const speedKt = k < 5 ? 0 : k < 11 ? (k - 5) * 7.5 : 55;
  const height = Math.min(airS * 12, 400);
  const climbFpm = airS > 0 && height < 400 ? 2362 : 0;
  const latitude = SCENARIO_AIRFIELD.latitude + y / METRES_PER_DEGREE;
  const longitude =
    SCENARIO_AIRFIELD.longitude +
    (lane * 40) / (METRES_PER_DEGREE * Math.cos((SCENARIO_AIRFIELD.latitude * Math.PI) / 180));
  const body = aprsBody(
    startMs + k * 1000,
    latitude,
    longitude,
    0,
    speedKt,
    SCENARIO_AIRFIELD.elevationMetres + height,
    tx,
    climbFpm,
    0,
  );
  return `${tx.callsign}>${tx.dstcall},qAS,FieldRx:${body} 20.0dB 0e`;
}

describe('the OGN panel on the line page at 375 px', () => {
  let aprs: AprsTestServer;
  let admin: Page;
  let line: Page;
  let drip: NodeJS.Timeout | undefined;
  const requests: Record<string, string> = {};

  const post = async (page: Page, path: string, data: unknown) => {
    const answer = await page.request.post(path, { data });
    expect(answer.status(), await answer.text()).toBe(200);
    return answer.json();
  };

  beforeAll(async () => {
    aprs = await startAprsServer({ port: aprsPort });
    [admin, line] = await Promise.all([field.phone(DEMO.admin), field.phone(DEMO.instructor)]);
    for (const [glider, tx] of Object.entries(GLIDERS))
      await post(admin, '/api/update-item/', { type: 'GLIDER', id: glider, data: { flarmId: tx.address } });
    // Two requests wait on the line: the instructor's in C-FDSC, a member's in C-GDSA.
    const member = await field.phone(DEMO.member);
    for (const [page, glider] of [
      [member, 'C-GDSA'],
      [line, 'C-FDSC'],
    ] as const) {
      requests[glider] = randomUUID();
      const user = (await sessionOf(page)).userID!;
      await post(page, '/api/update-item/', {
        type: 'FLIGHT',
        id: requests[glider],
        data: { user, flyWith: 'Alone', glider, launchType: '2000 ft' },
      });
    }
    await member.context().close();
    const settings = await (await admin.request.get('/api/get-club-settings')).json();
    await post(admin, '/api/update-club-settings', { ...settings, ogn: { mode: 'suggest', ...SCENARIO_AIRFIELD } });
    await until(() => aprs.clients === 1, 60_000, 'the feed to log in to the replay server');

    // The beacons, live: each second's line for each glider, stamped with that second.
    const startMs = Math.floor(Date.now() / 1000) * 1000;
    let sent = -1;
    drip = setInterval(() => {
      const k = Math.floor((Date.now() - startMs) / 1000);
      if (k <= sent) return;
      sent = k;
      void aprs.send(Object.values(GLIDERS).map((tx, lane) => beaconLine(tx, lane, startMs, k)));
    }, 200);
  }, 120_000);

  afterAll(async () => {
    clearInterval(drip);
    await aprs?.close();
  });

  it(
    'suggests the two requested takeoffs, records one and dismisses the ' +
      'other; the unrequested one is Unmatched, then dismissed',
    { timeout: 300_000 },
    async () => {
      await line.goto('/ground/');
      const panel = line.getByRole('region', { name: 'Open Glider Network' });
      await panel.getByText('OGN: receiving, 3 aircraft in range', { exact: true }).waitFor({ timeout: 60_000 });

      // No request for C-GDSB: listed at its takeoff, with the waiting requests to assign it to.
      const unmatched = panel.getByRole('list', { name: 'Unmatched takeoffs' }).getByRole('listitem');
      await unmatched.filter({ hasText: /^C-GDSB took off \d\d:\d\d:\d\d/ }).waitFor({ timeout: 60_000 });
      expect(await unmatched.count()).toBe(1);
      await screenshot(line, 'ogn-panel-unmatched');

      // 90 s after the takeoffs (no club tug took off: a winch launch), the two requests are suggested.
      const suggestions = panel.getByRole('list', { name: 'OGN suggestions' }).getByRole('listitem');
      const suggestion = (glider: string) =>
        suggestions.filter({ hasText: new RegExp(`^${glider} took off \\d\\d:\\d\\d:\\d\\d — record\\?`) });
      await suggestion('C-GDSA').waitFor({ timeout: 180_000 });
      await suggestion('C-FDSC').waitFor({ timeout: 30_000 });
      expect(await suggestions.count()).toBe(2);
      expect(await line.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
      for (const button of await panel.getByRole('button').all()) {
        const box = (await button.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(box.x + box.width).toBeLessThanOrEqual(375);
      }
      await panel.scrollIntoViewIfNeeded();
      await screenshot(line, 'ogn-panel-suggestions');

      // Record: launched at the detected takeoff, the action's key saying it came from OGN.
      await suggestion('C-GDSA').getByRole('button', { name: 'Record', exact: true }).click();
      await suggestion('C-GDSA').waitFor({ state: 'detached' });
      const flight = async (id: string) =>
        ((await (await line.request.get('/api/ground-status')).json()) as { flights: FlightRecord[] }).flights.find(
          (f) => f.id === id,
        )!;
      const recorded = await flight(requests['C-GDSA']!);
      expect(recorded.launchedAt).not.toBeNull();
      expect(recorded.fromOgn).toEqual([{ action: 'Launch', happenedAt: recorded.launchedAt }]);

      // Dismiss: the request stays waiting.
      await suggestion('C-FDSC').getByRole('button', { name: 'Dismiss', exact: true }).click();
      await suggestion('C-FDSC').waitFor({ state: 'detached' });
      expect((await flight(requests['C-FDSC']!)).launchedAt).toBeNull();

      await unmatched.first().getByRole('button', { name: 'Dismiss', exact: true }).click();
      await panel.getByRole('list', { name: 'Unmatched takeoffs' }).waitFor({ state: 'detached' });
      await screenshot(line, 'ogn-panel-decided');
    },
  );
});
