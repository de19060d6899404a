import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionOf } from './helpers/api.ts';
import { screenshot } from './helpers/browser.ts';
import { DEMO } from './helpers/demo-accounts.ts';
import { HOSTILE, seedE2eFixtures } from './helpers/fixtures.ts';
import { ownServer } from './helpers/own-server.ts';

/**
 * The live line (docs/live.md) at 375 px: two phones of the demo club on the
 * line page and a phone of another club. With the stream open the line page
 * stops its 10-second poll; a flight requested and launched through one
 * phone shows on the other's line page within a second, by the stream's
 * notice; the other club's phone receives nothing. A phone whose stream is
 * refused polls every 10 s as the spec says. Its own server: it writes
 * flights.
 */

const GLIDER = 'C-GDSA';
const TUG = 'C-FTOW';
/** The requirement: a change on one phone shows on the others within a second. */
const LIVE_MS = 1_000;

const field = ownServer('live', { seed: seedE2eFixtures });
/** Irene Instructor, who asks for the flight and launches it. */
let irene: Page;
/** Mary Member on line duty, watching the line page. */
let mary: Page;
/** Rita Reader of another club, on her club's line page. */
let rita: Page;
const groundPolls = new Map<Page, number>();

/** Records what the page's EventSource hears (the app's own code runs unchanged). */
const RECORD_EVENTS = () => {
  const Native = window.EventSource;
  const live = { opened: 0, messages: [] as string[] };
  (window as unknown as { __live: typeof live }).__live = live;
  window.EventSource = class extends Native {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      this.addEventListener('open', () => live.opened++);
      this.addEventListener('message', (event) => live.messages.push((event as MessageEvent<string>).data));
    }
  };
};

type Live = { opened: number; messages: string[] };
const liveOf = (page: Page) => page.evaluate(() => (window as unknown as { __live: Live }).__live);

async function phone(email: string, password?: string): Promise<Page> {
  return field.phone(email, {
    password,
    setUp: async (page) => {
      await page.addInitScript(RECORD_EVENTS);
      page.on('request', (request) => {
        if (request.url().includes('/api/ground-status')) groundPolls.set(page, (groundPolls.get(page) ?? 0) + 1);
      });
    },
  });
}

async function openLine(page: Page): Promise<void> {
  await page.goto('/ground/');
  await page.getByRole('heading', { name: 'Record Launch or Landing' }).waitFor();
  await page.waitForFunction(() => (window as unknown as { __live: Live }).__live.opened >= 1, undefined, {
    timeout: 15_000,
  });
}

const waitingFlight = (page: Page) =>
  page.getByRole('region', { name: 'Next flight' }).getByRole('button', { name: new RegExp(`^Irene I\\. ${GLIDER} `) });

beforeAll(async () => {
  [irene, mary, rita] = await Promise.all([
    phone(DEMO.instructor),
    phone(DEMO.member),
    phone(HOSTILE.memberEmail, HOSTILE.password),
  ]);
  await Promise.all([openLine(mary), openLine(rita)]);
});

describe('the live line at 375 px', () => {
  it('with the stream open, the line page does not poll every 10 s', async () => {
    // The read on opening the stream has gone out; from here, 11 s without a single poll.
    await mary.waitForTimeout(1_500);
    const before = groundPolls.get(mary) ?? 0;
    await mary.waitForTimeout(11_000);
    expect(groundPolls.get(mary) ?? 0).toBe(before);
  });

  it("a flight requested on Irene's phone shows on Mary's line page within a second", async () => {
    const session = await sessionOf(irene);
    const id = randomUUID();
    const placed = await irene.request.post('/api/update-item/', {
      data: {
        type: 'FLIGHT',
        id,
        data: { user: session.userID, flyWith: 'Alone', glider: GLIDER, launchType: '2000 ft' },
      },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const answered = Date.now();
    await waitingFlight(mary).waitFor({ timeout: 10_000 });
    expect(Date.now() - answered).toBeLessThan(LIVE_MS);

    const launch = await irene.request.post('/api/update-flight/', {
      data: { id, action: 'Launch', tug: TUG, idempotencyKey: randomUUID() },
    });
    expect(launch.status(), await launch.text()).toBe(200);
    const launched = Date.now();
    await mary.getByRole('listitem', { name: `${GLIDER} in progress` }).waitFor({ timeout: 10_000 });
    expect(Date.now() - launched).toBeLessThan(LIVE_MS);
    await waitingFlight(mary).waitFor({ state: 'detached' });
    await screenshot(mary, 'live-line-launched');

    const heard = (await liveOf(mary)).messages.map(
      (data) => JSON.parse(data) as { kind: string; change?: string; flightId?: string },
    );
    expect(heard.filter((n) => n.kind === 'flight' && n.flightId === id).map((n) => n.change)).toEqual([
      'requested',
      'launched',
    ]);
  });

  it("the other club's phone holds its stream and hears none of it", async () => {
    const live = await liveOf(rita);
    expect(live.opened).toBeGreaterThanOrEqual(1);
    expect(live.messages).toEqual([]);
    expect(await rita.getByText(GLIDER).count()).toBe(0);
  });

  it('a phone that cannot hold a stream falls back to the 10-second poll', async () => {
    let polls = 0;
    const page = await field.phone(DEMO.ground, {
      setUp: async (page) => {
        page.on('request', (request) => {
          if (request.url().includes('/api/ground-status')) polls++;
        });
        // A proxy that refuses the stream: EventSource gives up on a 503.
        await page.route('**/api/events**', (route) =>
          route.fulfill({ status: 503, contentType: 'application/json', body: '{"statusCode":503}' }),
        );
      },
    });
    await page.goto('/ground/');
    await page.getByRole('heading', { name: 'Record Launch or Landing' }).waitFor();
    await page.waitForTimeout(1_500);
    const before = polls;
    await page.waitForTimeout(11_000);
    expect(polls - before).toBeGreaterThanOrEqual(1);
    await page.context().close();
  });
});
