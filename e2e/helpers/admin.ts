import type { Locator, Page } from 'playwright-core';
import { DEMO_CLUB_NAME } from './demo-accounts.ts';

/** Administration → User Administration → Edit → Mary Member: her pilot editor and its balance line. */
export async function openMarysEditor(page: Page): Promise<{ editor: Locator; balance: Locator }> {
  await page.goto('/admin/');
  const users = page.getByRole('region', { name: 'User Administration' });
  await users.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Filter pilots', { exact: true }).fill('mary');
  await users.locator('.dropdown-menu').getByText('Mary Member', { exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Pilot Mary Member' });
  return { editor, balance: editor.getByRole('status').filter({ hasText: 'Balance of Mary Member' }) };
}

/**
 * The club's Accounting Summary (/accounts), once its accounts are in; answers a reader of an account's row:
 * start, debit, credit and end in the treasurer's sign (debits and credits positive, a balance naming its side).
 */
export async function openAccountsSummary(page: Page): Promise<(account: string) => Promise<string[]>> {
  await page.goto('/accounts');
  await page.getByRole('heading', { name: `${DEMO_CLUB_NAME} Summary` }).waitFor();
  await page.getByRole('button', { name: 'Members A/P' }).waitFor();
  return async (account) =>
    page
      .locator('tr', { has: page.getByRole('button', { name: account, exact: true }) })
      .locator('td')
      .allTextContents();
}
