import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessionOf } from './helpers/api.ts';
import { DEMO } from './helpers/demo-accounts.ts';
import { login } from './helpers/browser.ts';
import { DEMO_PASSWORD } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';

/**
 * Nothing personal in the browser's HTTP cache (docs/security.md "Kept
 * answers", docs/offline.md): after Mary signs out on a shared phone,
 * `fetch(…, { cache: 'only-if-cached' })` finds none of her answers — the
 * personal ones were never stored (`no-store`), and sign-out's
 * `Clear-Site-Data: "cache"` takes the line reads that were. The line page's
 * poll is still revalidated (304) once someone signs in again. Its own
 * server: it signs the demo member out.
 */

const field = ownServer('signed-out-cache');
let phone: Page;
let userID: string;

interface Kept {
  status?: number;
  text?: string;
  error?: string;
}
/** What the browser hands a same-origin fetch from its HTTP cache alone (an error when it holds nothing). */
const keptAnswer = (page: Page, url: string) =>
  page.evaluate(async (address): Promise<Kept> => {
    try {
      const response = await fetch(address, { cache: 'only-if-cached', mode: 'same-origin' });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      return { error: String(error) };
    }
  }, url);

interface Poll {
  url: string;
  status: number;
  ifNoneMatch: string | undefined;
  bodyBytes: number;
}
const polls: Poll[] = [];
async function record(response: Response): Promise<void> {
  if (!response.url().includes('/api/ground-status')) return;
  const sent = await response.request().allHeaders();
  await response.finished();
  const sizes = await response.request().sizes();
  polls.push({
    url: response.url(),
    status: response.status(),
    ifNoneMatch: sent['if-none-match'],
    bodyBytes: sizes.responseBodySize,
  });
}

beforeAll(async () => {
  phone = await field.phone(DEMO.member, {
    setUp: (page) => {
      page.on('response', (response) => void record(response));
    },
  });
  const signedIn = (await sessionOf(phone)).userID;
  if (!signedIn) throw new Error('The member is not signed in');
  userID = signedIn;
});

describe("a shared phone's HTTP cache after sign-out", () => {
  it("holds none of the member's answers: not the crew page's serve-crew, not the line read", async () => {
    const crewRead = phone.waitForResponse(
      (response) => response.url().includes('/api/serve-crew') && response.status() === 200,
    );
    await phone.goto('/crew/');
    const answer = await crewRead;
    expect(await answer.text()).toContain(userID);
    expect((await answer.allHeaders())['cache-control']).toBe('no-store');
    await phone.goto('/ground/');
    await phone.getByRole('heading', { name: 'Record Launch or Landing' }).waitFor();
    await expect.poll(() => polls.length).toBeGreaterThan(0);
    const lineUrl = new URL(polls[0]!.url).pathname + new URL(polls[0]!.url).search;
    // Kept while signed in: the line read is revalidated, so the browser stores it.
    expect((await keptAnswer(phone, lineUrl)).status).toBe(200);

    await phone.getByRole('button', { name: 'Logout' }).click();
    await phone.getByRole('link', { name: 'Login' }).first().waitFor();

    const crew = await keptAnswer(phone, '/api/serve-crew');
    expect(crew.text ?? '').not.toContain(userID);
    expect(crew.error).toMatch(/Failed to fetch/);
    const line = await keptAnswer(phone, lineUrl);
    expect(line.error).toMatch(/Failed to fetch/);
    // The saved query cache went with the session too (docs/offline.md "One person's").
    await expect
      .poll(() =>
        phone.evaluate(
          () =>
            new Promise<string>((resolve) => {
              const open = indexedDB.open('flightline-query-cache');
              open.onerror = () => resolve('');
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('cache')) return resolve('');
                const read = db.transaction('cache').objectStore('cache').get('queries');
                read.onsuccess = () => resolve(JSON.stringify(read.result ?? ''));
                read.onerror = () => resolve('');
              };
            }),
        ),
      )
      .not.toContain(userID);
  });

  it(
    "signed in again, the line page's read is still " + 'revalidated: If-None-Match answered 304, no body sent',
    async () => {
      await login(phone, DEMO.member, DEMO_PASSWORD);
      const from = polls.length;
      await phone.goto('/ground/');
      await phone.getByRole('heading', { name: 'Record Launch or Landing' }).waitFor();
      await expect.poll(() => polls.length).toBeGreaterThan(from);
      const fresh = polls[polls.length - 1]!;
      const lineUrl = new URL(fresh.url).pathname + new URL(fresh.url).search;
      const count = polls.length;
      // The page's own fetch (default cache mode) asks the server with the kept ETag.
      await phone.evaluate(async (address) => void (await fetch(address)).text(), lineUrl);
      await expect.poll(() => polls.length).toBeGreaterThan(count);
      const revalidated = polls.slice(count).find((poll) => poll.url === fresh.url)!;
      expect(revalidated.ifNoneMatch).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect([revalidated.status, revalidated.bodyBytes]).toEqual([200, 0]);
    },
  );
});
