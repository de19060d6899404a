import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { openMarysEditor } from './helpers/admin.ts';
import { DEMO, DEMO_PASSWORD } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';
import { openDatabase } from '../packages/server/src/db/engine.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { seedDemo } from '../packages/server/src/seed/demo-season.ts';

/**
 * The pilot editor on a phone with a real season behind it (issue 25 items
 * 13 and 14). With the demo season's data, Mary Member's editor at 375 px was
 * 14,047 px tall: the funds under the qualifications, her 93 entries of the
 * year oldest first, a red Reverse on each. Now it opens on her balance and
 * the Deposit form, lists the history newest first 20 at a time, and keeps
 * Reverse in each row's "⋯" menu, behind the confirmation. And a refused post
 * tapped five times is one message next to its field, not five banners over
 * the form.
 *
 * Its own server, on a data folder seeded with the demo club's last season
 * (as `npm start` makes it; the shared server leaves the season out) before
 * the server opens it: the season takes a minute or two to post.
 */

vi.setConfig({ hookTimeout: 360_000 });

const SHOTS = fileURLToPath(new URL('../scratch/shots/', import.meta.url));
const PHONE = { width: 375, height: 740 };
/**
 * The editor's whole height at 375 px with the season (header, body and footer): 14,047 px before, 4,655 px now
 * (the last 10 entries and a page of 20, each row three or four short lines beside its "⋯", amount and balance).
 */
const MAX_EDITOR_HEIGHT_PX = 5_000;

const field = ownServer('pilot-editor-phone', {
  seed: async (dataDir) => {
    const database = await openDatabase({ dataDir });
    try {
      await migrate(database.db);
      await seedDemo(database.db, { history: true, password: DEMO_PASSWORD });
    } finally {
      await database.close();
    }
  },
});

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

/** Today in the demo club's zone (America/Toronto). */
function demoClubToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(Date.now());
}

/** The editor's full height: what a phone scrolls through, its header and footer included. */
async function editorHeight(page: Page): Promise<number> {
  return page.evaluate(() => {
    const height = (selector: string) => (document.querySelector(selector) as HTMLElement).offsetHeight;
    return document.querySelector('.modal-body')!.scrollHeight + height('.modal-header') + height('.modal-footer');
  });
}

/** Each row's date line ('2026-11-14 13:05 #412'), in the order drawn. */
async function dateLines(table: Locator): Promise<string[]> {
  return table.locator('tbody tr td:first-child > div:last-child').allTextContents();
}

/** Nothing wider than the phone: neither the page nor the editor's body scrolls sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const body = document.querySelector('.modal-body')!;
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      modal: body.scrollWidth - body.clientWidth,
    };
  });
  expect(overflow).toEqual({ page: 0, modal: 0 });
}

/** The whole editor in one picture: a window as tall as the editor. */
async function shootWhole(page: Page, name: string, width = PHONE.width): Promise<void> {
  await page.setViewportSize({ width, height: Math.min(await editorHeight(page), 8_000) });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  await page.setViewportSize({ width, height: PHONE.height });
}

describe('the pilot editor at phone size, with the demo season (issue 25 item 13)', () => {
  it('opens on the balance and the Deposit form, the history newest first 20 a page, Reverse in a menu', async () => {
    const page = await field.phone(DEMO.admin);
    const { editor, balance } = await openMarysEditor(page);
    const history = editor.getByRole('table', { name: 'Transaction history' });
    // The whole season, whatever the time of year the test runs: the history from a year ago.
    const today = demoClubToday();
    await editor.getByLabel('Start date', { exact: true }).fill(`${Number(today.slice(0, 4)) - 1}${today.slice(4)}`);
    await editor.getByRole('navigation', { name: 'Transaction history pages' }).waitFor();
    await balance.getByText('$').waitFor();

    // The first screen: the balance and the Deposit form's Amount and Transfer type, above the footer's buttons.
    const deposit = editor.getByRole('group', { name: 'Deposit', exact: true });
    const footerTop = (await editor.locator('.modal-footer').boundingBox())!.y;
    for (const part of [
      balance,
      deposit.getByLabel('Amount', { exact: true }),
      deposit.getByLabel('Transfer type', { exact: true }),
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(footerTop);
    }
    await page.screenshot({ path: join(SHOTS, 'pilot-editor-first-screen-375.png') });
    // The qualifications come after the funds.
    const order = await editor.evaluate((dialog) => {
      const funds = dialog.querySelector('.pilot-funds')!;
      const qualifications = dialog.querySelector('.pilot-qualifications')!;
      return funds.compareDocumentPosition(qualifications) & Node.DOCUMENT_POSITION_FOLLOWING
        ? 'funds first'
        : 'qualifications first';
    });
    expect(order).toBe('funds first');

    // The history: 20 rows a page, newest first, and where the page stands.
    const pager = editor.getByRole('navigation', { name: 'Transaction history pages' });
    const where = (await pager.locator('span').textContent())!;
    const total = Number(/^1–20 of (\d+)$/.exec(where)?.[1]);
    expect(total).toBeGreaterThan(40);
    const first = await dateLines(history);
    expect(first).toHaveLength(20);
    expect([...first].sort().reverse()).toEqual(first);
    expect(await pager.getByRole('button', { name: 'Newer' }).isDisabled()).toBe(true);
    await pager.getByRole('button', { name: 'Older' }).click();
    await pager.getByText(`21–40 of ${total}`, { exact: true }).waitFor();
    const second = await dateLines(history);
    expect(second).toHaveLength(20);
    expect([...second].sort().reverse()).toEqual(second);
    // Older entries, and none of the first page's again.
    expect(second[0]! <= first.at(-1)!).toBe(true);
    expect(second.filter((line) => first.includes(line))).toEqual([]);
    await pager.getByRole('button', { name: 'Newer' }).click();
    await pager.getByText(`1–20 of ${total}`, { exact: true }).waitFor();
    // Recent transactions: newest first too.
    const recent = await dateLines(editor.getByRole('table', { name: 'Recent transactions' }));
    expect([...recent].sort().reverse()).toEqual(recent);

    // No Reverse in sight: each row has a touch-sized "⋯"; its menu holds Reverse, which asks first (Keep posts
    // nothing).
    expect(await editor.getByRole('button', { name: /^Reverse transaction #\d+$/ }).count()).toBe(0);
    expect(await editor.getByRole('button', { name: 'Reverse', exact: true }).count()).toBe(0);
    const actions = history.getByRole('button', { name: /^Actions for transaction #\d+$/ });
    expect(await actions.count()).toBeGreaterThan(10);
    const box = (await actions.first().boundingBox())!;
    expect([box.width, box.height].map((side) => side >= 44)).toEqual([true, true]);
    const id = /#(\d+)$/.exec((await actions.first().getAttribute('aria-label'))!)![1];
    const [, when] = /^(\S+ \S+) #/.exec(first[0]!)!;
    const before = await balance.textContent();
    await actions.first().click();
    await page.screenshot({ path: join(SHOTS, 'pilot-editor-row-menu-375.png') });
    await history.getByRole('button', { name: `Reverse transaction #${id}`, exact: true }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: 'A new transaction undoes it' });
    await confirm
      .getByText(
        new RegExp(
          `^Reverse transaction #${id} of ${when} \\(.+\\)\\? A new transaction undoes it; the original stays\\.$`,
        ),
      )
      .waitFor();
    await confirm.getByRole('button', { name: 'Keep' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await balance.textContent()).toBe(before);

    // The whole editor: a few phone screens, not 14,047 px; nothing scrolls sideways, at 375 px nor at 320 px.
    const height = await editorHeight(page);
    console.log(`pilot editor at 375 px with the demo season: ${height} px (${total} history entries)`);
    expect(height).toBeLessThan(MAX_EDITOR_HEIGHT_PX);
    await expectNoSidewaysScroll(page);
    await shootWhole(page, 'pilot-editor-whole-375');
    await page.setViewportSize({ width: 320, height: PHONE.height });
    await expectNoSidewaysScroll(page);
    await shootWhole(page, 'pilot-editor-whole-320', 320);
    await page.context().close();
  });
});

describe('a refused post tapped five times is one message (issue 25 item 14)', () => {
  it(
    'a block starting in the year 26 (a year typed short) is ' + 'refused five times: one message, under Block start',
    async () => {
      const page = await field.phone(DEMO.admin);
      const { editor, balance } = await openMarysEditor(page);
      await balance.getByText('$').waitFor();
      const before = await balance.textContent();
      await editor.getByRole('group', { name: 'Funds form' }).getByRole('button', { name: 'Block time' }).click();
      const block = editor.getByRole('group', { name: 'Block time', exact: true });
      await block.getByLabel('Block', { exact: true }).selectOption({ label: 'Season rental 600 min' });
      const start = block.getByLabel('Block start', { exact: true });
      await start.fill(`0026${(await start.inputValue()).slice(4)}`);
      const add = block.getByRole('button', { name: 'Add Block Time' });
      const text = 'Failed to add block time to user: Use a date between 1900-01-01 and 9999-12-31';
      for (let n = 1; n <= 5; n++) {
        await add.click();
        await block.getByText(n === 1 ? text : `${text} (refused ${n} times)`, { exact: true }).waitFor();
      }

      // One message in the whole page: no toast or alert stacked over the form.
      expect(await page.getByText('Failed to add block time to user', { exact: false }).count()).toBe(1);
      expect(await page.locator('.notification-stack > *').count()).toBe(0);
      // Under Block start, which it names: the field marked invalid and described by it, the message just below it.
      const message = block.getByRole('alert');
      expect(await message.count()).toBe(1);
      expect(await start.getAttribute('aria-invalid')).toBe('true');
      expect(await start.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));
      const [fieldBox, messageBox] = [(await start.boundingBox())!, (await message.boundingBox())!];
      expect(messageBox.y - (fieldBox.y + fieldBox.height)).toBeGreaterThanOrEqual(0);
      expect(messageBox.y - (fieldBox.y + fieldBox.height)).toBeLessThan(12);
      expect(messageBox.x).toBe(fieldBox.x);
      await page.screenshot({ path: join(SHOTS, 'pilot-editor-refused-block-375.png') });
      // Nothing was posted; a change to the form clears the message.
      expect(await balance.textContent()).toBe(before);
      await block.getByRole('button', { name: 'Reset Season' }).click();
      expect(await block.getByRole('alert').count()).toBe(0);
      expect(await start.getAttribute('aria-invalid')).toBeNull();
      await page.context().close();
    },
  );

  it("a flight's charge reversed five times (corrected where it was made): one alert, counting 5", async () => {
    const page = await field.phone(DEMO.admin);
    const { editor } = await openMarysEditor(page);
    const history = editor.getByRole('table', { name: 'Transaction history' });
    await history.locator('tbody tr').first().waitFor();
    // A tow or rental charge: the server's 409 says to correct the flight instead.
    const row = history
      .locator('tbody tr')
      .filter({ has: page.getByText(/^(Tow|Rental): /) })
      .first();
    const id = /#(\d+)$/.exec(
      (await row.getByRole('button', { name: /^Actions for transaction #\d+$/ }).getAttribute('aria-label'))!,
    )![1];
    const confirm = page.getByRole('dialog').filter({ hasText: 'A new transaction undoes it' });
    const alerts = page.locator('.notification-stack').getByRole('alert');
    for (let n = 1; n <= 5; n++) {
      await row.getByRole('button', { name: `Actions for transaction #${id}`, exact: true }).click();
      await row.getByRole('button', { name: `Reverse transaction #${id}`, exact: true }).click();
      await confirm.getByRole('button', { name: 'Reverse', exact: true }).click();
      await confirm.waitFor({ state: 'detached' });
      if (n === 1) await alerts.getByText(`Could not reverse transaction #${id}`, { exact: true }).waitFor();
      else await alerts.getByText(`Shown ${n} times`, { exact: true }).waitFor();
      // The row's "⋯" is back once the call has settled.
      await expect
        .poll(() => row.getByRole('button', { name: `Actions for transaction #${id}`, exact: true }).isEnabled())
        .toBe(true);
    }
    expect(await alerts.count()).toBe(1);
    expect(await alerts.textContent()).toMatch(
      new RegExp(
        `^Could not reverse transaction #${id}Transaction #${id} \\(\\w+\\) is ` +
          `corrected where it was made, not reversed here×5Shown 5 times$`,
      ),
    );
    await page.screenshot({ path: join(SHOTS, 'pilot-editor-refused-reversal-375.png') });
    await page.context().close();
  });
});
