import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IntroListItem, IntrosResponse } from '@flightline/domain/api/types';
import { openMarysEditor } from './helpers/admin.ts';
import { screenshot } from './helpers/browser.ts';
import { DEMO, DEMO_CLUB_NAME } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';

/**
 * The treasurer's desk (issue 15, items 5 and 14): intro rows name their intro
 * (SN, Sold To) in the Intro A/P and Intro Revenue drill-downs, a part-refunded
 * intro's rest is written down against it, and the accounting tables use a
 * wide screen, line up their money and sign it as a treasurer does. Its own
 * server: it posts money.
 */

const PHONE = { width: 375, height: 667 };
const DESK = { width: 1280, height: 900 };

const field = ownServer('treasurer-desk');

async function pageAt(viewport: { width: number; height: number }): Promise<Page> {
  return field.phone(DEMO.admin, { viewport });
}

async function introBySn(page: Page, sn: string): Promise<IntroListItem> {
  const response = await page.request.get('/api/get-intros');
  expect(response.status()).toBe(200);
  const found = ((await response.json()) as IntrosResponse).intros.find((intro) => intro.SN === sn);
  if (!found) throw new Error(`no intro ${sn}`);
  return found;
}

/** The text of each cell of each body row of the first table on the page. */
async function bodyRows(page: Page): Promise<string[][]> {
  return page
    .locator('table')
    .first()
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => (cell.textContent ?? '').trim())));
}

beforeAll(async () => {
  const page = await pageAt(PHONE);
  // DESK01: bought by someone who gave only an email, then $50.00 of its $150.00 refunded. DESK02: bought by Bea Buyer,
  // cancelled.
  const sell = async (data: Record<string, string>) => {
    const response = await page.request.post('/api/create-intro', {
      data: {
        launchType: 'Intro flight',
        payment: 'Cash',
        recipientFirst: 'Gil',
        recipientLast: 'Guest',
        staleDate: '2099-01-01',
        ...data,
      },
    });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { intro: { id: string } }).intro.id;
  };
  const update = async (id: string, data: Record<string, unknown>) => {
    const response = await page.request.post('/api/update-item/', {
      data: { type: 'INTRO', id, data: { id, ...data } },
    });
    expect(response.status()).toBe(200);
  };
  const desk1 = await sell({ SN: 'DESK01', buyerEmail: 'gift@example.org' });
  await update(desk1, { action: 'Refund', payment: 'Cash', priceCents: 5_000 });
  const desk2 = await sell({ SN: 'DESK02', buyerFirst: 'Bea', buyerLast: 'Buyer' });
  await update(desk2, { action: 'Cancel', payment: 'Cash', priceCents: 15_000, writtenDown: false });
  await page.context().close();
});

describe('the treasurer\u2019s desk', () => {
  it(
    'Intro A/P and Intro Revenue rows name the intro; the rest of a ' +
      'part-refunded intro is written down against it (375 px)',
    async () => {
      const page = await pageAt(PHONE);
      await page.goto('/accounts?view=IntroRevenue');
      await page.getByRole('heading', { name: 'Intro Revenue' }).waitFor();
      await page
        .locator('td')
        .filter({ hasText: /^DESK02$/ })
        .waitFor();
      // Date, SN, Sold To, Description, Amount.
      expect((await bodyRows(page)).map((row) => row.slice(1))).toEqual([
        ['DESK02', 'Bea Buyer', 'Intro DESK02 cancelled (Gil Guest)', '$150.00'],
      ]);

      await page.goto('/accounts?view=intros');
      await page.getByRole('heading', { name: 'Intro A/P' }).waitFor();
      await page.getByRole('heading', { name: 'Refunded intros still holding money' }).waitFor();
      await page
        .locator('td')
        .filter({ hasText: /^gift@example\.org$/ })
        .first()
        .waitFor();
      // Date, SN, Sold To, Description, Method, Ref, Amount: the buyer gave only an email, so Sold To is that email.
      const introRows = (await bodyRows(page)).map((row) => [row[1], row[2], row[6]]);
      expect(introRows.filter((row) => row[0] === 'DESK01').sort()).toEqual([
        ['DESK01', 'gift@example.org', '$150.00'],
        ['DESK01', 'gift@example.org', '-$50.00'],
      ]);
      const remainders = page.locator('section', {
        has: page.getByRole('heading', { name: 'Refunded intros still holding money' }),
      });
      expect(
        await remainders
          .locator('tbody tr')
          .evaluateAll((rows) =>
            rows.map((row) => Array.from(row.children, (c) => (c.textContent ?? '').trim()).slice(0, 4)),
          ),
      ).toEqual([['DESK01', 'gift@example.org', '$150.00', '$100.00']]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBe(0);
      await screenshot(page, 'treasurer-desk-intro-ap-375');

      await remainders.getByRole('button', { name: 'Write down' }).click();
      const dialog = page.getByRole('dialog');
      await dialog
        .getByText('Write down the $100.00 intro DESK01 (sold to gift@example.org) still holds?', { exact: false })
        .waitFor();
      await dialog.getByRole('button', { name: 'Write down' }).click();
      await page.getByText('Intro DESK01: $100.00 written down').waitFor();
      await remainders.getByText('No refunded intro holds anything on Intro A/P.').waitFor();
      expect(await introBySn(page, 'DESK01')).toMatchObject({ refunded: true, owedCents: 0 });

      await page.goto('/accounts?view=IntroRevenue');
      await page
        .locator('td')
        .filter({ hasText: /^DESK01$/ })
        .first()
        .waitFor();
      const revenue = (await bodyRows(page)).map((row) => row.slice(1)).sort();
      expect(revenue).toEqual([
        ['DESK01', 'gift@example.org', 'Intro DESK01 written down', '$100.00'],
        ['DESK02', 'Bea Buyer', 'Intro DESK02 cancelled (Gil Guest)', '$150.00'],
      ]);
      await page.context().close();
    },
  );

  it(
    'at 1280 px the summary and its drill-downs use the width; money is ' +
      'right-aligned in figures of one width; balances name their side',
    async () => {
      const page = await pageAt(DESK);
      await page.goto('/accounts');
      await page.getByRole('heading', { name: `${DEMO_CLUB_NAME} Summary` }).waitFor();
      const row = (account: string) =>
        page.locator('tr', { has: page.getByRole('button', { name: account, exact: true }) }).locator('td');
      await row('Intro A/P').first().waitFor();
      // After the first test's write-down. Intro A/P: $300.00 sold (credits), $50.00 refunded + $150.00 cancelled +
      // $100.00 written down (debits): nothing left.
      expect(await row('Intro A/P').allTextContents()).toEqual(['$0.00', '$300.00', '$300.00', '$0.00']);
      expect(await row('Intros').allTextContents()).toEqual(['$0.00', '$0.00', '$250.00', '$250.00 Cr']);
      // Cash: $300.00 in, $50.00 out; a debit account, so its balance is Dr.
      expect(await row('Cash In').allTextContents()).toEqual(['$0.00', '$300.00', '$50.00', '$250.00 Dr']);
      await page.getByText('Start and End name the side of the balance', { exact: false }).waitFor();

      const main = await page.locator('main').boundingBox();
      expect(main!.width).toBeGreaterThan(1200);
      const table = await page.locator('table').first().boundingBox();
      expect(table!.width).toBeGreaterThan(1100);
      const money = row('Cash In').last();
      expect(
        await money.evaluate((cell) => [getComputedStyle(cell).textAlign, getComputedStyle(cell).fontVariantNumeric]),
      ).toEqual(['right', 'tabular-nums']);
      await screenshot(page, 'treasurer-desk-summary-1280');

      await page.getByRole('button', { name: 'Intro A/P', exact: true }).click();
      await page.getByRole('heading', { name: 'Refunded intros still holding money' }).waitFor();
      expect((await page.locator('table').first().boundingBox())!.width).toBeGreaterThan(1100);
      const amount = page.locator('table').first().locator('tbody tr').first().locator('td').last();
      expect(
        await amount.evaluate((cell) => [getComputedStyle(cell).textAlign, getComputedStyle(cell).fontVariantNumeric]),
      ).toEqual(['right', 'tabular-nums']);
      await screenshot(page, 'treasurer-desk-intro-ap-1280');

      await page.goto('/export/');
      await page.getByRole('heading', { name: 'Club Data Exports' }).waitFor();
      expect((await page.locator('main').boundingBox())!.width).toBeGreaterThan(1200);

      // The pilot editor, with the pilot's history, is a wide dialog.
      const { editor } = await openMarysEditor(page);
      await editor.getByText('Transaction history').first().waitFor();
      expect((await editor.locator('.modal-content').boundingBox())!.width).toBeGreaterThan(1100);
      await screenshot(page, 'treasurer-desk-pilot-editor-1280');
      await page.context().close();
    },
  );

  it('at 375 px the same summary stacks without sideways scrolling', async () => {
    const page = await pageAt(PHONE);
    await page.goto('/accounts');
    await page.getByRole('heading', { name: `${DEMO_CLUB_NAME} Summary` }).waitFor();
    await page.getByRole('button', { name: 'Intro A/P', exact: true }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBe(0);
    // No figure is cut inside its own cell either ('End $250.00 Cr' whole).
    const cut = await page
      .locator('table.totals-rows td')
      .evaluateAll((cells) =>
        cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent),
      );
    expect(cut).toEqual([]);
    await screenshot(page, 'treasurer-desk-summary-375');
    await page.context().close();
  });
});
