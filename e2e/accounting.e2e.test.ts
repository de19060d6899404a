import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAccountsSummary } from './helpers/admin.ts';
import { clubDayFromToday, memberIds, sessionOf } from './helpers/api.ts';
import { screenshot } from './helpers/browser.ts';
import { DEMO, DEMO_CLUB_NAME } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';
import { truncateText } from '../packages/web/src/lib/truncate-text.ts';

/**
 * Money on the member's Account Summary and the admin's Accounting Summary and
 * Accounting Admin (docs/accounting.md).
 * Its own server: it posts money and moves the club's lock date, and the
 * shared server's demo club must stay clean for the other files.
 */

const NOTE = 'Annual membership 2026 including the towing fund contribution and the hangar key';

const field = ownServer('accounting', { phone: { viewport: { width: 375, height: 667 } } });
let timeZone: string;

beforeAll(async () => {
  // Seed through the API as the admin: a $250.00 cash deposit, then a $113.00 membership fee with 13 % HST included.
  const page = await field.phone(DEMO.admin);
  timeZone = (await sessionOf(page)).clubTimeZone;
  const memberId = (await memberIds(page))(DEMO.member);
  const deposit = await page.request.post('/api/add-transaction/', {
    data: {
      transactionType: 'Deposit',
      pilot: memberId,
      amountCents: 25_000,
      transferType: 'Cash',
      transactionRef: 'R-1001',
      note: 'Season deposit',
      idempotencyKey: 'e2e-accounting-deposit-1',
    },
  });
  expect(deposit.status()).toBe(200);
  const expense = await page.request.post('/api/add-transaction/', {
    data: {
      transactionType: 'Expense',
      pilot: memberId,
      amountCents: 11_300,
      feeType: 'Membership',
      taxStatus: 'inclusive',
      taxRates: ['HST'],
      note: NOTE,
      idempotencyKey: 'e2e-accounting-expense-1',
    },
  });
  expect(expense.status()).toBe(200);
  expect(((await expense.json()) as { balanceCents: number }).balanceCents).toBe(13_700);
  await page.context().close();
});

/** A club day `offset` days from today in the club's zone. */
const clubDay = (offset: number) => clubDayFromToday(timeZone, offset);

/** The text of each cell of each body row of the (only) table in view. */
async function bodyRows(page: Page): Promise<string[][]> {
  return bodyRowsOf(page.locator('table'));
}

/** The text of each cell of each body row of one table. */
async function bodyRowsOf(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => (cell.textContent ?? '').trim())));
}

describe('Account Summary and Accounting at phone size', () => {
  it('the member sees the deposit and the fee with exact amounts and running balances in /userAccount', async () => {
    const page = await field.phone(DEMO.member);
    await page.goto('/userAccount');
    await page.getByText('Closing balance').waitFor();
    expect(await page.getByLabel('Start date', { exact: true }).isEnabled()).toBe(true);
    const rows = await bodyRows(page);
    // id, date, description, amount, balance; oldest first.
    // The fee's description is over 60 characters: cut, and shown in full on a tap.
    const fee = `Membership: ${NOTE}`;
    expect(rows.map((r) => [r[2], r[3], r[4]])).toEqual([
      ['Deposit (Cash) ref R-1001: Season deposit', '$250.00', '$250.00'],
      [truncateText(fee).text, '-$113.00', '$137.00'],
    ]);
    expect(truncateText(fee).truncated).toBe(true);
    await page
      .locator('tbody')
      .getByRole('button', { name: truncateText(fee).text })
      .click();
    expect((await bodyRows(page))[1]![2]).toBe(fee);
    expect(rows[0]![1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(await page.locator('dl').textContent()).toBe('Opening balance$0.00Closing balance$137.00');
    await screenshot(page, 'accounting-member-summary');

    // A changed date empties the table and shows Loading until the new range is in (debounced 500 ms).
    const firstOfLastYear = `${Number(clubDay(0).slice(0, 4)) - 1}-01-01`;
    await page.getByLabel('Start date', { exact: true }).fill(firstOfLastYear);
    await page.locator('table').getByRole('status').filter({ hasText: 'Loading' }).waitFor();
    expect(await page.getByText('Closing balance').count()).toBe(0);
    await page.getByText('Closing balance').waitFor();
    expect((await bodyRows(page)).map((r) => r[4])).toEqual(['$250.00', '$137.00']);

    // Not an admin: the accounting screens say so and show nothing else.
    await page.goto('/accounts');
    await page.getByText('User is not authorized (603)').waitFor();
    await page.goto('/accountingAdmin');
    await page.getByText('User is not authorized (603)').waitFor();
    expect(await page.getByText('Accounting Adjustments').count()).toBe(0);
    await page.context().close();
  });

  it('the admin sees the same figures in /accounts and in the Members A/P and Other Revenue drill-downs', async () => {
    const page = await field.phone(DEMO.admin);
    const totals = await openAccountsSummary(page);
    // start, debit, credit, end in the treasurer's sign: debits and credits positive, a balance naming its side.
    expect(await totals('Members A/P')).toEqual(['$0.00', '$113.00', '$250.00', '$137.00 Cr']);
    expect(await totals('Sales Tax A/P')).toEqual(['$0.00', '$0.00', '$13.00', '$13.00 Cr']);
    expect(await totals('Other')).toEqual(['$0.00', '$0.00', '$100.00', '$100.00 Cr']);
    expect(await totals('Cash In')).toEqual(['$0.00', '$250.00', '$0.00', '$250.00 Dr']);
    await screenshot(page, 'accounting-summary');

    await page.getByRole('button', { name: 'Members A/P', exact: true }).click();
    await page.getByRole('button', { name: 'Back to Summary' }).waitFor();
    await page.getByRole('button', { name: 'Mary Member' }).first().waitFor();
    // Newest first (column 0, the date, descending); the fee and the deposit have the same minute, so by amount here.
    const members = await bodyRows(page);
    expect(members.map((r) => r.at(-1)).sort()).toEqual(['$250.00', '-$113.00']);
    expect(await page.locator('tfoot').textContent()).toBe('Total$137.00');
    await page.getByRole('button', { name: 'Mary Member' }).first().click();
    await page.getByRole('button', { name: 'Back to Members A/P' }).waitFor();
    await page.getByRole('heading', { name: 'Members A/P: Mary Member' }).waitFor();
    await page.getByText('Opening balance').waitFor();
    expect((await bodyRows(page)).map((r) => [r[3], r[4]]).sort()).toEqual([
      ['$250.00', '$250.00'],
      ['-$113.00', '$137.00'],
    ]);
    await page.getByRole('button', { name: 'Back to Members A/P' }).click();
    await page.getByRole('button', { name: 'Back to Summary' }).click();

    await page.getByRole('button', { name: 'Other', exact: true }).click();
    await page.getByRole('heading', { name: 'Other Revenue' }).waitFor();
    const category = page.getByLabel('Category', { exact: true });
    await category.waitFor();
    expect(await category.inputValue()).toBe('Any');
    const other = await bodyRows(page);
    expect(other).toHaveLength(1);
    // Date, Member, Category, Note, Amount: the revenue leg names the member of its entry's Members A/P leg.
    expect(other[0]!.slice(1)).toEqual(['Mary Member', 'Membership', `${NOTE.slice(0, 60).trimEnd()}…`, '$100.00']);
    // Over 60 characters: cut, and shown in full on click.
    await page.getByRole('button', { name: `${NOTE.slice(0, 60).trimEnd()}…` }).click();
    await page.getByText(NOTE, { exact: true }).waitFor();
    await screenshot(page, 'accounting-other-revenue');

    await category.selectOption('Hangar');
    await page.getByText('No transactions match the search and category.').waitFor();
    await category.selectOption('Any');
    await page.getByLabel('Search notes', { exact: true }).fill('towing fund');
    expect(await bodyRows(page)).toHaveLength(1);
    await page.getByLabel('Search notes', { exact: true }).fill('glider wash');
    await page.getByText('No transactions match the search and category.').waitFor();
    await page.context().close();
  });

  it(
    'Accounting Charts above the tables: the same figures, each legend ' +
      'entry a link to its drill-down; at 375 px and 1280 px',
    async () => {
      const page = await field.phone(DEMO.admin);
      await openAccountsSummary(page);
      const charts = page.getByRole('region', { name: 'Accounting Charts' });
      await charts.getByRole('figure').first().waitFor();
      expect(await charts.locator('figcaption').allTextContents()).toEqual([
        'Revenue',
        'Cash in by payment method',
        'What the club owes',
      ]);
      /** A chart's table alternative: its rows' cells, once opened. */
      const tableOf = async (title: string) => {
        await charts.getByText(`${title} as a table`).click();
        const table = charts.getByRole('figure', { name: title }).locator('table');
        await table.waitFor();
        return bodyRowsOf(table);
      };
      const today = clubDay(0);
      // Today's entries: the $113.00 membership fee is $100.00 of Other revenue; $250.00 came in as Cash.
      expect(await tableOf('Revenue')).toEqual([[today, '$0.00', '$0.00', '$0.00', '$100.00']]);
      expect(await tableOf('Cash in by payment method')).toEqual([['Cash', '$250.00']]);
      // At the end of today: what the summary's End column says.
      expect(await tableOf('What the club owes')).toEqual([[today, '$137.00', '$0.00', '$13.00']]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await screenshot(page, 'accounting-charts-375');

      await charts.getByRole('link', { name: 'Other', exact: true }).click();
      await page.getByRole('heading', { name: 'Other Revenue' }).waitFor();
      expect(new URL(page.url()).searchParams.get('view')).toBe('OtherRevenue');
      // A longer range in one tap: Today is the range shown; This month starts on the 1st and ends today.
      const presets = page.getByRole('group', { name: 'Date range' });
      expect(await presets.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
      await presets.getByRole('button', { name: 'This month' }).click();
      expect(await page.getByLabel('Start date', { exact: true }).inputValue()).toBe(`${today.slice(0, 7)}-01`);
      expect(await page.getByLabel('End date', { exact: true }).inputValue()).toBe(today);
      expect(await presets.getByRole('button', { name: 'This month' }).getAttribute('aria-pressed')).toBe('true');
      expect(await presets.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('false');
      expect(
        (await presets.getByRole('button', { name: 'Last 12 months' }).boundingBox())!.height,
      ).toBeGreaterThanOrEqual(44);
      await page.context().close();

      const desk = await field.phone(DEMO.admin, { viewport: { width: 1280, height: 900 } });
      await openAccountsSummary(desk);
      const figures = desk.getByRole('region', { name: 'Accounting Charts' }).getByRole('figure');
      await figures.first().waitFor();
      const boxes = await Promise.all([0, 1, 2].map(async (i) => (await figures.nth(i).boundingBox())!));
      // Side by side: one row, each a third of the width.
      expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(1);
      expect(boxes.every((b) => b.width > 350)).toBe(true);
      await screenshot(desk, 'accounting-charts-1280');
      await desk.context().close();
    },
  );

  it(
    'Accounting Admin: an adjustment truncated to cents, a fee class ' +
      'added and removed, the intro period and the lock date',
    async () => {
      const page = await field.phone(DEMO.admin);
      await page.goto('/accountingAdmin');
      await page.getByRole('heading', { name: 'Accounting Adjustments' }).waitFor();

      // Sales Tax A/P (Bank Payment) of 5.009 posts $5.00 of HST.
      await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Sales Tax A/P (Bank Payment)' });
      await page.getByLabel('Tax Type', { exact: true }).selectOption('HST');
      const amount = page.getByLabel('Amount', { exact: true });
      await amount.fill('5.009');
      expect(await amount.inputValue()).toBe('5.00');
      await page.getByRole('button', { name: 'Submit Adjustment' }).click();
      await page.getByText('Sales Tax A/P adjusted successfully').waitFor();
      expect(await amount.inputValue()).toBe('');
      await amount.fill('0.001');
      expect(await page.getByRole('button', { name: 'Submit Adjustment' }).isDisabled()).toBe(true);

      // Fee classes: add, then remove with the warning that transactions keep theirs.
      await page.getByLabel('New fee class', { exact: true }).fill('Glider wash');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByText('New fee class added').waitFor();
      await page.getByLabel('Fee classes', { exact: true }).selectOption('Glider wash');
      await page.getByRole('button', { name: 'Remove Glider wash' }).click();
      const removeDialog = page.getByRole('dialog');
      expect(await removeDialog.textContent()).toContain('does not change existing transactions');
      await removeDialog.getByRole('button', { name: 'Remove' }).click();
      await page.getByText('Fee class removed').waitFor();
      expect(
        await page.getByLabel('Fee classes', { exact: true }).locator('option:not([hidden])').allTextContents(),
      ).toEqual(['Membership', 'Hangar', 'Tie-down']);

      const days = page.getByLabel('Intros expire after', { exact: true });
      await days.fill('30');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Default intro expiration period updated').waitFor();

      // The lock date (before today): confirm billed at $50 per request, then it only moves forward.
      const yesterday = clubDay(-1);
      const lockDate = page.getByLabel('Lock transactions on and before', { exact: true });
      await lockDate.fill(yesterday);
      await page.getByRole('button', { name: 'Lock', exact: true }).click();
      const lockDialog = page.getByRole('dialog');
      await lockDialog.waitFor();
      expect(await lockDialog.textContent()).toContain('Database modification requests are billed at $50 each.');
      await screenshot(page, 'accounting-admin-lock-confirm');
      await lockDialog.getByRole('button', { name: 'Lock', exact: true }).click();
      await page.getByText(`Locked transactions on and before ${yesterday}`).waitFor();
      await page.getByText(`Transactions on and before ${yesterday} are locked.`).waitFor();

      await lockDate.fill('2020-01-01');
      await page.getByRole('button', { name: 'Lock', exact: true }).click();
      await page.getByText('The new lock date must be after the current lock date').waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await screenshot(page, 'accounting-admin');

      const info = (await (await page.request.get('/api/get-club-info')).json()) as {
        transactionLockDate: string;
        introStalePeriod: number;
        feeList: string[];
      };
      expect(info).toMatchObject({
        transactionLockDate: yesterday,
        introStalePeriod: 30,
        feeList: ['Membership', 'Hangar', 'Tie-down'],
      });
      await page.context().close();
    },
  );

  it(
    'a charge to an expense code shows in Revenue by its ' + 'account, so Obligations plus Revenue equal Cash In',
    async () => {
      const page = await field.phone(DEMO.admin);
      const memberId = (await memberIds(page))(DEMO.member);
      const expense = await page.request.post('/api/add-transaction/', {
        data: {
          transactionType: 'Expense',
          pilot: memberId,
          amountCents: 2_000,
          feeType: '60510',
          taxStatus: 'exempt',
          note: 'Runway mowing',
          idempotencyKey: 'e2e-accounting-expense-60510',
        },
      });
      expect(expense.status()).toBe(200);

      await page.goto('/accounts');
      await page.getByRole('heading', { name: `${DEMO_CLUB_NAME} Summary` }).waitFor();
      const table = (caption: string) => page.locator('table', { has: page.locator('caption', { hasText: caption }) });
      await table('Revenue').getByRole('rowheader', { name: '60510 Field maintenance' }).waitFor();
      // Account, start, debit, credit, end; the other expense accounts hold nothing and are left out.
      expect(await bodyRowsOf(table('Revenue'))).toEqual([
        ['Tows', '$0.00', '$0.00', '$0.00', '$0.00'],
        ['Rental', '$0.00', '$0.00', '$0.00', '$0.00'],
        ['Intros', '$0.00', '$0.00', '$0.00', '$0.00'],
        ['Other', '$0.00', '$0.00', '$100.00', '$100.00 Cr'],
        ['60510 Field maintenance', '$0.00', '$0.00', '$20.00', '$20.00 Cr'],
      ]);
      // $250.00 in, $113.00 + $20.00 charged, $5.00 of HST paid to the bank.
      expect(await bodyRowsOf(table('Obligations'))).toEqual([
        ['Members A/P', '$0.00', '$133.00', '$250.00', '$117.00 Cr'],
        ['Intro A/P', '$0.00', '$0.00', '$0.00', '$0.00'],
        ['Sales Tax A/P', '$0.00', '$5.00', '$13.00', '$8.00 Cr'],
      ]);
      expect(await bodyRowsOf(table('Payments'))).toEqual([['Cash In', '$0.00', '$250.00', '$5.00', '$245.00 Dr']]);
      // $117.00 + $8.00 + $100.00 + $20.00 = $245.00.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBe(0);
      await screenshot(page, 'accounting-summary-expense-code');
      await page.context().close();
    },
  );
});
