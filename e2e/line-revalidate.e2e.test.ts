import { randomUUID } from 'node:crypto';
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionOf } from './helpers/api.ts';
import { DEMO } from './helpers/demo-accounts.ts';
import { seedE2eFixtures } from './helpers/fixtures.ts';
import { ownServer } from './helpers/own-server.ts';

/**
 * The line page's reads revalidated by the browser itself (decision 0013):
 * a phone without EventSource polls ground-status every 10 s as the spec
 * says; Chromium keeps the answer (ETag, `Cache-Control: private, no-cache`)
 * and sends `If-None-Match` with the next poll, which the server answers 304
 * while nothing changed (no body sent; the page's fetch gets the kept 200) —
 * the page still shows the line. A flight requested
 * on another phone gives the next poll a 200 with a new ETag, and the page
 * shows it. The app's own fetch, unchanged; no request interception (it
 * would turn Chromium's HTTP cache off). Its own server: it writes a flight.
 */

const GLIDER = 'C-GDSA';
/** Two polls of the spec's 10 s and some slack for a loaded machine. */
const POLLS_MS = 45_000;

const field = ownServer('line-revalidate', { seed: seedE2eFixtures });
/** Mary Member on line duty, whose phone cannot hold an event stream. */
let mary: Page;
/** Irene Instructor, who asks for a flight. */
let irene: Page;

interface Poll {
  /** What the page's fetch sees: a 304 reaches it as the kept 200. */
  status: number;
  etag: string | undefined;
  ifNoneMatch: string | undefined;
  /** Bytes of body the server sent: none when it answered 304 Not Modified. */
  bodyBytes: number;
}
const polls: Poll[] = [];

async function record(response: Response): Promise<void> {
  if (!response.url().includes('/api/ground-status')) return;
  const sent = await response.request().allHeaders();
  await response.finished();
  const sizes = await response.request().sizes();
  polls.push({
    status: response.status(),
    etag: (await response.allHeaders()).etag,
    ifNoneMatch: sent['if-none-match'],
    bodyBytes: sizes.responseBodySize,
  });
}

/** The first poll after `from` that meets `test`. */
async function nextPoll(from: number, test: (poll: Poll) => boolean): Promise<Poll> {
  const deadline = Date.now() + POLLS_MS;
  for (;;) {
    const found = polls.slice(from).find(test);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such poll in ${POLLS_MS} ms: ${JSON.stringify(polls.slice(from))}`);
    await mary.waitForTimeout(250);
  }
}

beforeAll(async () => {
  [mary, irene] = await Promise.all([
    field.phone(DEMO.member, {
      setUp: async (page) => {
        // A browser without EventSource: the line page polls every 10 s (lib/live-status.ts).
        await page.addInitScript(() => {
          delete (window as { EventSource?: unknown }).EventSource;
        });
        page.on('response', (response) => void record(response));
      },
    }),
    field.phone(DEMO.instructor),
  ]);
});

describe("the line page's poll, revalidated by Chromium", () => {
  it('sends If-None-Match with the last ETag and gets 304 while nothing changed; the page keeps the line', async () => {
    await mary.goto('/ground/');
    await mary.getByRole('heading', { name: 'Record Launch or Landing' }).waitFor();
    const first = await nextPoll(0, (poll) => poll.status === 200);
    expect(first.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(first.bodyBytes).toBeGreaterThan(100);
    const revalidated = await nextPoll(polls.indexOf(first) + 1, () => true);
    expect(revalidated).toEqual({ status: 200, etag: first.etag, ifNoneMatch: first.etag, bodyBytes: 0 });
    await expect(mary.getByRole('heading', { name: 'Record Launch or Landing' }).isVisible()).resolves.toBe(true);
    await expect(mary.getByText(/could not|failed/i).count()).resolves.toBe(0);
  });

  it('a flight requested on another phone: the next poll is a 200 with a new ETag, and the line shows it', async () => {
    const before = polls.length;
    const last = polls.at(-1)!;
    const session = await sessionOf(irene);
    const placed = await irene.request.post('/api/update-item/', {
      data: {
        type: 'FLIGHT',
        id: randomUUID(),
        data: { user: session.userID, flyWith: 'Alone', glider: GLIDER, launchType: '2000 ft' },
      },
    });
    expect(placed.status(), await placed.text()).toBe(200);
    const changed = await nextPoll(before, () => true);
    expect(changed.status).toBe(200);
    expect(changed.ifNoneMatch).toBe(last.etag);
    expect(changed.etag).not.toBe(last.etag);
    expect(changed.bodyBytes).toBeGreaterThan(100);
    await mary
      .getByRole('region', { name: 'Next flight' })
      .getByRole('button', { name: new RegExp(`^Irene I\\. ${GLIDER} `) })
      .waitFor({ timeout: 5_000 });
    // And unchanged again from there.
    const again = await nextPoll(polls.indexOf(changed) + 1, () => true);
    expect(again).toEqual({ status: 200, etag: changed.etag, ifNoneMatch: changed.etag, bodyBytes: 0 });
  });
});
