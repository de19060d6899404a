import type { Locator, Page } from 'playwright-core';

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
