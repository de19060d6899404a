import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openAccountsSummary, openMarysEditor } from './helpers/admin.ts';
import { DEMO } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';

/**
 * The pilot editor's funds at phone size (docs/accounting.md, "The pilot
 * editor's funds"): an admin deposits $100.00 for Mary Member and charges her
 * a $20.00 Hangar fee with 13 % HST on top ($22.60); Mary sees $77.40 on Home
 * and both entries in /userAccount; the admin finds the same figures in
 * /accounts and its drill-downs, then reverses the expense (docs/accounting.md
 * "Corrections: reversals"). Its own server: it posts money, and the shared
 * server's demo club must stay clean for the other files.
 */

const SHOTS = fileURLToPath(new URL('../scratch/shots/', import.meta.url));
const PHONE = { width: 375, height: 740 };

// Each phone is its own browser context (its own cookies): the admin and the member sign in side by side.
const field = ownServer('funds');

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

/** The whole editor at phone width: a tall window, so the modal's scrolling body shows everything at once. */
async function shoot(page: Page, name: string, target?: Locator): Promise<void> {
  await page.setViewportSize({ width: PHONE.width, height: 3200 });
  await (target ?? page).screenshot({ path: join(SHOTS, `${name}.png`) });
  await page.setViewportSize(PHONE);
}

/** The text of each cell of each body row of a table. */
async function rowsOf(table: Locator): Promise<string[][]> {
  return table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.children, (cell) => (cell.textContent ?? '').trim())));
}

/**
 * The pilot editor's entry tables, newest first: [description, date line, amount, balance] per row (an admin's "⋯"
 * left out).
 */
async function entriesOf(table: Locator): Promise<string[][]> {
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const [what, amount, balance] = Array.from(row.children, (cell) => cell as HTMLElement);
      const lines = Array.from(what!.children)
        .filter((line) => !line.querySelector('button'))
        .map((line) => (line.textContent ?? '').trim());
      return [...lines, (amount!.textContent ?? '').trim(), (balance!.textContent ?? '').trim()];
    }),
  );
}

/** Nothing is wider than the phone: no sideways scrolling of the page (tables scroll inside their own box). */
async function expectNoPageOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => {
    const body = document.querySelector('.modal-body') ?? document.documentElement;
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      modal: body.scrollWidth - body.clientWidth,
    };
  });
  expect(overflow).toEqual({ page: 0, modal: 0 });
}

describe('pilot editor funds at phone size', () => {
  it(
    'the admin deposits $100.00 and charges a $20.00 fee plus ' + 'HST; the editor shows $77.40 and both entries',
    async () => {
      const page = await field.phone(DEMO.admin);
      const { editor, balance } = await openMarysEditor(page);
      await editor.waitFor();
      await balance.getByText('$0.00').waitFor();
      await editor.getByText('No transactions yet.').waitFor();

      // Deposit: submit waits for a number other than zero.
      const deposit = editor.getByRole('group', { name: 'Deposit', exact: true });
      const addFunds = deposit.getByRole('button', { name: 'Add Funds' });
      const depositAmount = deposit.getByLabel('Amount', { exact: true });
      expect(await addFunds.isDisabled()).toBe(true);
      for (const text of ['0', '0.00', 'ten', '12.345']) {
        await depositAmount.fill(text);
        expect(await addFunds.isDisabled()).toBe(true);
      }
      await depositAmount.fill('100.00');
      await deposit.getByText('The balance goes up by $100.00.').waitFor();
      expect(await deposit.getByLabel('Transfer type', { exact: true }).inputValue()).toBe('Cash');
      await deposit.getByLabel('Reference', { exact: true }).fill('R-2044');
      await deposit.getByLabel('Note', { exact: true }).fill('Spring deposit');
      await shoot(page, 'funds-deposit-filled', editor.locator('.pilot-funds'));
      await addFunds.click();
      await page.getByText('Funds added', { exact: true }).waitFor();
      expect(await depositAmount.inputValue()).toBe('');
      await balance.getByText('$100.00').waitFor();

      // Expense: the Hangar fee class, 13 % HST on top.
      await editor.getByRole('group', { name: 'Funds form' }).getByRole('button', { name: 'Expense' }).click();
      const expense = editor.getByRole('group', { name: 'Expense', exact: true });
      const record = expense.getByRole('button', { name: 'Record Expense' });
      await expense.getByLabel('Amount', { exact: true }).fill('0');
      expect(await record.isDisabled()).toBe(true);
      await expense.getByLabel('Amount', { exact: true }).fill('20');
      await expense.getByLabel('Fee class or expense code', { exact: true }).selectOption('Hangar');
      expect(
        await expense.getByLabel('Fee class or expense code', { exact: true }).locator('option').allTextContents(),
      ).toEqual([
        'Choose…',
        'Membership',
        'Hangar',
        'Tie-down',
        '60510 Field maintenance',
        '60520 Clubhouse supplies',
        '60530 Glider Maintenance',
        '60900 Other',
      ]);
      await expense.getByLabel('Tax status', { exact: true }).selectOption('exclusive');
      expect(await record.isDisabled()).toBe(true);
      await expense.getByLabel('HST (13%)', { exact: true }).check();
      await expense.getByLabel('Note', { exact: true }).fill('Hangar, May');
      expect(await expense.getByText('Charge:').textContent()).toBe('Charge: $20.00 + HST $2.60 = $22.60');
      await record.click();
      await page.getByText('Expense recorded', { exact: true }).waitFor();
      expect(await expense.getByLabel('Amount', { exact: true }).inputValue()).toBe('');
      await balance.getByText('$77.40').waitFor();

      // Recent transactions and the history of the membership year, newest first: description, amount, balance.
      const expected = [
        ['Hangar: Hangar, May', '-$22.60', '$77.40'],
        ['Deposit (Cash) ref R-2044: Spring deposit', '$100.00', '$100.00'],
      ];
      const recent = editor.getByRole('table', { name: 'Recent transactions' });
      await recent.getByText('-$22.60').waitFor();
      const recentRows = await entriesOf(recent);
      expect(recentRows.map((r) => [r[0], r[2], r[3]])).toEqual(expected);
      // Date and time in the club's zone, then the entry's id.
      for (const row of recentRows) expect(row[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} #\d+$/);
      const history = editor.getByRole('table', { name: 'Transaction history' });
      await history.getByText('-$22.60').waitFor();
      expect((await entriesOf(history)).map((r) => [r[0], r[2], r[3]])).toEqual(expected);
      expect(await editor.getByText(/^Opening balance/).textContent()).toBe(
        'Opening balance $0.00, closing balance $77.40',
      );
      expect(await editor.getByText('No blocks.').count()).toBe(1);

      // Block time: Prior Year / Next Year / Reset Season move the season; an empty date disables the submit.
      await editor.getByRole('group', { name: 'Funds form' }).getByRole('button', { name: 'Block time' }).click();
      const block = editor.getByRole('group', { name: 'Block time', exact: true });
      await block.getByLabel('Block', { exact: true }).selectOption({ label: 'Season rental 600 min' });
      await block.getByText('600 minutes for $300.00 + HST').waitFor();
      const start = block.getByLabel('Block start', { exact: true });
      const end = block.getByLabel('Block end', { exact: true });
      const season = { start: await start.inputValue(), end: await end.inputValue() };
      // The demo club's year ends 31 December: the season is a calendar year.
      expect(season.start).toMatch(/^\d{4}-01-01$/);
      expect(season.end).toBe(`${season.start.slice(0, 4)}-12-31`);
      const year = Number(season.start.slice(0, 4));
      await block.getByRole('button', { name: 'Prior Year' }).click();
      expect([await start.inputValue(), await end.inputValue()]).toEqual([`${year - 1}-01-01`, `${year - 1}-12-31`]);
      await block.getByRole('button', { name: 'Next Year' }).click();
      await block.getByRole('button', { name: 'Next Year' }).click();
      expect([await start.inputValue(), await end.inputValue()]).toEqual([`${year + 1}-01-01`, `${year + 1}-12-31`]);
      await block.getByRole('button', { name: 'Reset Season' }).click();
      expect([await start.inputValue(), await end.inputValue()]).toEqual([season.start, season.end]);
      const addBlock = block.getByRole('button', { name: 'Add Block Time' });
      expect(await addBlock.isEnabled()).toBe(true);
      await start.fill('');
      expect(await addBlock.isDisabled()).toBe(true);
      await block.getByRole('button', { name: 'Reset Season' }).click();
      expect(await addBlock.isEnabled()).toBe(true);

      await expectNoPageOverflow(page);
      await shoot(page, 'funds-pilot-editor', editor.locator('.pilot-funds'));
      await editor.getByRole('group', { name: 'Funds form' }).getByRole('button', { name: 'Expense' }).click();
      await shoot(page, 'funds-expense', editor.locator('.pilot-funds'));
      await page.context().close();
    },
  );

  it('the member sees $77.40 on Home and both entries with exact amounts in /userAccount', async () => {
    const page = await field.phone(DEMO.member);
    await page.goto('/');
    await page.getByText('Your account balance: $77.40', { exact: true }).waitFor();
    await page.goto('/userAccount');
    await page.getByText('Closing balance').waitFor();
    const rows = await rowsOf(page.locator('table'));
    expect(rows.map((r) => [r[2], r[3], r[4]])).toEqual([
      ['Deposit (Cash) ref R-2044: Spring deposit', '$100.00', '$100.00'],
      ['Hangar: Hangar, May', '-$22.60', '$77.40'],
    ]);
    expect(await page.locator('dl').textContent()).toBe('Opening balance$0.00Closing balance$77.40');
    await page.context().close();
  });

  it('the admin sees the same figures in /accounts and its drill-downs, each leg naming Mary Member', async () => {
    const page = await field.phone(DEMO.admin);
    const totals = await openAccountsSummary(page);
    // start, debit, credit, end in the treasurer's sign: debits and credits positive, a balance naming its side.
    expect(await totals('Members A/P')).toEqual(['$0.00', '$22.60', '$100.00', '$77.40 Cr']);
    expect(await totals('Sales Tax A/P')).toEqual(['$0.00', '$0.00', '$2.60', '$2.60 Cr']);
    expect(await totals('Other')).toEqual(['$0.00', '$0.00', '$20.00', '$20.00 Cr']);
    expect(await totals('Cash In')).toEqual(['$0.00', '$100.00', '$0.00', '$100.00 Dr']);

    // Members A/P: both entries, the total the balance.
    await page.getByRole('button', { name: 'Members A/P', exact: true }).click();
    await page.getByRole('button', { name: 'Back to Summary' }).waitFor();
    await page.getByRole('button', { name: 'Mary Member' }).first().waitFor();
    const members = await rowsOf(page.locator('table'));
    expect(members.map((r) => [r[1], r.at(-1)]).sort()).toEqual([
      ['Mary Member', '$100.00'],
      ['Mary Member', '-$22.60'],
    ]);
    expect(await page.locator('tfoot').textContent()).toBe('Total$77.40');
    await page.getByRole('button', { name: 'Back to Summary' }).click();

    // Cash In → Cash: the deposit, naming whose money it was.
    await page.getByRole('button', { name: 'Cash In', exact: true }).click();
    await page.getByRole('button', { name: 'Cash', exact: true }).click();
    await page.getByRole('heading', { name: 'Cash In: Cash' }).waitFor();
    await page.getByText('Total').waitFor();
    // Date, Member, Description, Ref, Note, Amount.
    expect((await rowsOf(page.locator('table'))).map((r) => r.slice(1))).toEqual([
      ['Mary Member', 'Deposit (Cash) ref R-2044', 'R-2044', 'Spring deposit', '$100.00'],
    ]);
    await page.getByRole('button', { name: 'Back to Cash In' }).click();
    await page.getByRole('button', { name: 'Back to Summary' }).click();

    // Sales Tax A/P → HST: the expense's tax.
    await page.getByRole('button', { name: 'Sales Tax A/P', exact: true }).click();
    await page.getByRole('button', { name: 'HST', exact: true }).click();
    await page.getByRole('heading', { name: 'Sales Tax A/P: HST' }).waitFor();
    await page.getByText('Total').waitFor();
    // Date, Member, Description, Note, Amount.
    expect((await rowsOf(page.locator('table'))).map((r) => r.slice(1))).toEqual([
      ['Mary Member', 'Hangar', 'Hangar, May', '$2.60'],
    ]);
    await page.getByRole('button', { name: 'Back to Sales Tax A/P' }).click();
    await page.getByRole('button', { name: 'Back to Summary' }).click();

    // Other Revenue: the fee net of tax, in its category.
    await page.getByRole('button', { name: 'Other', exact: true }).click();
    await page.getByRole('heading', { name: 'Other Revenue' }).waitFor();
    await page.getByText('Total').waitFor();
    // Date, Member, Category, Note, Amount.
    expect((await rowsOf(page.locator('table'))).map((r) => r.slice(1))).toEqual([
      ['Mary Member', 'Hangar', 'Hangar, May', '$20.00'],
    ]);
    await page.context().close();
  });

  it(
    'block time: the admin sells Mary a season block at an ' + 'overridden price; her blocks and balance show it',
    async () => {
      const page = await field.phone(DEMO.admin);
      const { editor, balance } = await openMarysEditor(page);
      await balance.getByText('$77.40').waitFor();

      await editor.getByRole('group', { name: 'Funds form' }).getByRole('button', { name: 'Block time' }).click();
      const block = editor.getByRole('group', { name: 'Block time', exact: true });
      await block.getByLabel('Block', { exact: true }).selectOption({ label: 'Season rental 600 min' });
      const season = {
        start: await block.getByLabel('Block start', { exact: true }).inputValue(),
        end: await block.getByLabel('Block end', { exact: true }).inputValue(),
      };
      const addBlock = block.getByRole('button', { name: 'Add Block Time' });
      await block.getByLabel('Override price', { exact: true }).check();
      expect(await addBlock.isDisabled()).toBe(true);
      await block.getByLabel('Price', { exact: true }).fill('250');
      await block.getByLabel('Note', { exact: true }).fill('Club special');
      await addBlock.click();
      await page.getByText('Block added', { exact: true }).waitFor();
      // $250.00 + 13 % HST ($32.50) = $282.50 off $77.40.
      await balance.getByText('-$205.10').waitFor();
      const blocks = editor.getByRole('table', { name: 'Blocks' });
      await blocks.getByText('600 min', { exact: true }).waitFor();
      // Sold late in the year, the default season is next year's: the block is marked as not started yet.
      const name = season.start > demoClubToday() ? 'Season rental 600 minNot started' : 'Season rental 600 min';
      expect(await rowsOf(blocks)).toEqual([[name, `${season.start}to ${season.end}`, '600 min']]);
      const recent = await entriesOf(editor.getByRole('table', { name: 'Recent transactions' }));
      // Newest first: the block's entry heads the list.
      expect(recent[0]!.filter((_, i) => i !== 1)).toEqual([
        'Block: Season rental 600 min: Club special',
        '-$282.50',
        '-$205.10',
      ]);

      await expectNoPageOverflow(page);
      await shoot(page, 'funds-block', editor.locator('.pilot-funds'));
      await page.context().close();
    },
  );

  it(
    'reversing: the admin reverses the taxed expense, confirms, ' + 'and Mary gets $22.60 back; the original stays',
    async () => {
      const page = await field.phone(DEMO.admin);
      const { editor, balance } = await openMarysEditor(page);
      await balance.getByText('-$205.10').waitFor();

      // The admin may reverse each of the three entries, from the row's "⋯" menu; the expense's row names its id and
      // date.
      const recent = editor.getByRole('table', { name: 'Recent transactions' });
      const actionButtons = recent.getByRole('button', { name: /^Actions for transaction #\d+$/ });
      await actionButtons.first().waitFor();
      expect(await actionButtons.count()).toBe(3);
      // No Reverse shows until a row's menu is opened.
      expect(await recent.getByRole('button', { name: /^Reverse transaction #\d+$/ }).count()).toBe(0);
      const expenseRow = (await entriesOf(recent)).find((r) => r[0] === 'Hangar: Hangar, May')!;
      const [, when, id] = /^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}) #(\d+)$/.exec(expenseRow[1]!)!;
      const actions = recent.getByRole('button', { name: `Actions for transaction #${id}`, exact: true });
      const reverse = recent.getByRole('button', { name: `Reverse transaction #${id}`, exact: true });
      // Touch-sized at phone width.
      const box = (await actions.boundingBox())!;
      expect([box.width, box.height].map((side) => side >= 44)).toEqual([true, true]);

      // Keep: nothing is posted.
      const question =
        `Reverse transaction #${id} of ${when} (Hangar: Hangar, May, ` +
        `-$22.60)? A new transaction undoes it; the original stays.`;
      const confirm = page.getByRole('dialog').filter({ hasText: 'A new transaction undoes it' });
      await actions.click();
      await reverse.click();
      await confirm.getByText(question, { exact: true }).waitFor();
      await confirm.getByRole('button', { name: 'Keep' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await balance.textContent()).toContain('-$205.10');

      // Reverse: the reversal is posted now, +$22.60 (the fee and its HST) to her balance.
      await actions.click();
      await reverse.click();
      await confirm.getByText(question, { exact: true }).waitFor();
      await shoot(page, 'funds-reverse-confirm');
      await confirm.getByRole('button', { name: 'Reverse', exact: true }).click();
      await page.getByText(`Transaction #${id} reversed`, { exact: true }).waitFor();
      await balance.getByText('-$182.50').waitFor();

      // In posting order (as Mary's own account lists them); the editor lists them newest first.
      const expected = [
        ['Deposit (Cash) ref R-2044: Spring deposit', '$100.00', '$100.00'],
        ['Hangar: Hangar, May', '-$22.60', '$77.40'],
        ['Block: Season rental 600 min: Club special', '-$282.50', '-$205.10'],
        [`Reversal of #${id}`, '$22.60', '-$182.50'],
      ];
      await recent.getByText(`Reversal of #${id}`).waitFor();
      expect((await entriesOf(recent)).map((r) => [r[0], r[2], r[3]])).toEqual([...expected].reverse());
      const history = editor.getByRole('table', { name: 'Transaction history' });
      await history.getByText(`Reversal of #${id}`).waitFor();
      expect((await entriesOf(history)).map((r) => [r[0], r[2], r[3]])).toEqual([...expected].reverse());
      expect(await editor.getByText(/^Opening balance/).textContent()).toBe(
        'Opening balance $0.00, closing balance -$182.50',
      );
      // Neither the reversed expense nor its reversal offers Reverse again; the deposit and the block still do.
      for (const table of [recent, history]) {
        expect(await table.getByRole('button', { name: `Actions for transaction #${id}`, exact: true }).count()).toBe(
          0,
        );
        expect(await table.getByRole('button', { name: /^Actions for transaction #\d+$/ }).count()).toBe(2);
      }
      await expectNoPageOverflow(page);
      await shoot(page, 'funds-reversed', editor.locator('.pilot-funds'));
      await page.context().close();

      // Mary's own account shows the same, to the cent.
      const member = await field.phone(DEMO.member);
      await member.goto('/userAccount');
      await member.getByText('Closing balance').waitFor();
      expect((await rowsOf(member.locator('table'))).map((r) => [r[2], r[3], r[4]])).toEqual(expected);
      expect(await member.locator('dl').textContent()).toBe('Opening balance$0.00Closing balance-$182.50');
      await member.context().close();
    },
  );
});

/** Today in the demo club's zone (America/Toronto), as the editor marks a block not started yet. */
function demoClubToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(Date.now());
}
