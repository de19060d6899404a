import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { IntroListItem, IntrosResponse } from '@flightline/domain/api/types';
import { clubDayFromToday, sessionOf } from './helpers/api.ts';
import { screenshot } from './helpers/browser.ts';
import { DEMO } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';

/**
 * Intro certificates through the browser at phone size (docs/accounting.md,
 * "Intro certificates"): a sale, a refund, and the cancellation of an expired
 * intro, with the amounts the server keeps. Its own server: sales and refunds
 * post to the ledger.
 */

const HINT = 'Set launch type, passenger first and last name in order to define an intro';

const field = ownServer('intros');
let timeZone: string;
let admin: Page;

beforeAll(async () => {
  admin = await field.phone(DEMO.admin);
  timeZone = (await sessionOf(admin)).clubTimeZone;
});

/** A club day `offset` days from today in the club's zone. */
const clubDay = (offset: number) => clubDayFromToday(timeZone, offset);

async function intros(page: Page): Promise<IntroListItem[]> {
  const response = await page.request.get('/api/get-intros');
  expect(response.status()).toBe(200);
  return ((await response.json()) as IntrosResponse).intros;
}

async function introOf(page: Page, last: string): Promise<IntroListItem> {
  const found = (await intros(page)).find((i) => i.recipientLast === last);
  if (!found) throw new Error(`no intro for ${last}`);
  return found;
}

/** The value of each labelled field. */
async function values(page: Page, labels: string[]): Promise<string[]> {
  return Promise.all(labels.map((label) => page.getByLabel(label, { exact: true }).inputValue()));
}

describe('Intro certificates at phone size', () => {
  it('a member without the right sees "User is not authorized (603)" on the intro pages', async () => {
    const page = await field.phone(DEMO.member);
    for (const path of ['/intro', '/intro/refund', '/intro/cancel']) {
      await page.goto(path);
      await page.getByText('User is not authorized (603)').waitFor();
    }
    expect(await page.getByLabel('Launch Type', { exact: true }).count()).toBe(0);
    await page.context().close();
  });

  it('sells an intro: price from the launch type, mirroring, expiration arithmetic, then the form resets', async () => {
    const page = admin;
    await page.goto('/intro');
    await page.getByRole('heading', { name: 'New Intro Flight' }).waitFor();
    await page.getByText(HINT).waitFor();
    expect(await page.getByRole('button', { name: 'Submit Intro Purchase' }).count()).toBe(0);
    // Today, and the club's default stale period of 365 days.
    expect(await values(page, ['Purchase Date', 'Expires After', 'Expiration Date'])).toEqual([
      clubDay(0),
      '365',
      clubDay(365),
    ]);
    expect(await page.getByLabel('Tax status', { exact: true }).inputValue()).toBe('exempt');
    expect(await page.getByText('Applicable taxes').count()).toBe(0);

    await page.getByLabel('Launch Type', { exact: true }).selectOption('Intro flight');
    expect(await page.getByLabel('Price', { exact: true }).inputValue()).toBe('$150.00');
    // The launch type's tax: 13 % HST included.
    expect(await page.getByLabel('Tax status', { exact: true }).inputValue()).toBe('inclusive');
    expect(await page.getByLabel('HST (13%)', { exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Payment Method', { exact: true }).selectOption('Credit Card');
    await page.getByLabel('Payment Reference', { exact: true }).fill('POS-1');
    await page.getByLabel('Buyer First Name', { exact: true }).fill('Bea');
    await page.getByLabel('Buyer Last Name', { exact: true }).fill('Buyer');
    await page.getByLabel('Buyer Email', { exact: true }).fill('bea@example.org');

    const passenger = ['Passenger First Name', 'Passenger Last Name', 'Passenger Email'];
    await page.getByLabel('Passenger same as buyer', { exact: true }).check();
    expect(await values(page, passenger)).toEqual(['Bea', 'Buyer', 'bea@example.org']);
    await page.getByLabel('Buyer First Name', { exact: true }).fill('Beatrice');
    expect(await page.getByLabel('Passenger First Name', { exact: true }).inputValue()).toBe('Beatrice');
    await page.getByRole('button', { name: 'Submit Intro Purchase' }).waitFor();
    await page.getByLabel('Passenger same as buyer', { exact: true }).uncheck();
    await page.getByLabel('Passenger First Name', { exact: true }).fill('Pat');
    await page.getByLabel('Passenger Last Name', { exact: true }).fill('Passenger');
    await page.getByLabel('Passenger Email', { exact: true }).fill('');

    // An expiration before the purchase date makes 0 days; 30 days moves it a month on.
    await page.getByLabel('Expiration Date', { exact: true }).fill(clubDay(-10));
    expect(await values(page, ['Expires After', 'Expiration Date'])).toEqual(['0', clubDay(0)]);
    await page.getByLabel('Expiration Date', { exact: true }).fill(clubDay(45));
    expect(await page.getByLabel('Expires After', { exact: true }).inputValue()).toBe('45');
    await page.getByLabel('Expires After', { exact: true }).fill('30');
    expect(await page.getByLabel('Expiration Date', { exact: true }).inputValue()).toBe(clubDay(30));
    await page.getByLabel('Note', { exact: true }).fill('Birthday gift');
    await screenshot(page, 'intro-sale-filled');

    await page.getByRole('button', { name: 'Submit Intro Purchase' }).click();
    await page.getByText('Purchase of Intro for Pat Passenger was successful.').waitFor();
    // The form starts over.
    await page.getByText(HINT).waitFor();
    expect(
      await values(page, [
        'Launch Type',
        'Buyer First Name',
        'Passenger Last Name',
        'Expires After',
        'Expiration Date',
      ]),
    ).toEqual(['', '', '', '365', clubDay(365)]);

    const sold = await introOf(page, 'Passenger');
    expect(sold).toMatchObject({
      recipientFirst: 'Pat',
      buyerFirst: 'Beatrice',
      buyerLast: 'Buyer',
      buyerEmail: 'bea@example.org',
      recipientEmail: '',
      launchType: 'Intro flight',
      priceCents: 15_000,
      payment: 'Credit Card',
      paymentRef: 'POS-1',
      note: 'Birthday gift',
      date: clubDay(0),
      staleDate: clubDay(30),
      taxStatus: 'inclusive',
      taxRates: ['HST'],
      refunded: false,
      cancelled: false,
      owedCents: 15_000,
      expired: false,
    });
    expect(sold.SN).toMatch(/^[A-Z0-9]{6}$/);
    await page.getByText(`Intro ${sold.SN} for Pat Passenger`).waitFor();

    // A second one, bought over a year ago and expired 35 days ago, with its own serial number.
    await page.getByLabel('Launch Type', { exact: true }).selectOption('Intro flight');
    await page.getByLabel('Serial Number', { exact: true }).fill('old001');
    expect(await page.getByLabel('Serial Number', { exact: true }).inputValue()).toBe('OLD001');
    await page.getByLabel('Buyer First Name', { exact: true }).fill('Olive');
    await page.getByLabel('Buyer Last Name', { exact: true }).fill('Oldham');
    await page.getByLabel('Passenger same as buyer', { exact: true }).check();
    await page.getByLabel('Purchase Date', { exact: true }).fill(clubDay(-400));
    expect(await page.getByLabel('Expiration Date', { exact: true }).inputValue()).toBe(clubDay(-35));
    await page.getByRole('button', { name: 'Submit Intro Purchase' }).click();
    await page.getByText('Purchase of Intro for Olive Oldham was successful.').waitFor();
    expect(await introOf(page, 'Oldham')).toMatchObject({
      SN: 'OLD001',
      payment: 'Cash',
      date: clubDay(-400),
      staleDate: clubDay(-35),
      expired: true,
      owedCents: 15_000,
    });
  });

  it(
    'refunds part of an intro: fields disabled until chosen, "Invalid ' +
      'refund amount" without a call, the cap on the server',
    async () => {
      const page = admin;
      const updates: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/update-item/')) updates.push(request.postData() ?? '');
      });
      const sold = await introOf(page, 'Passenger');
      await page.goto('/intro/refund');
      await page.getByRole('heading', { name: 'All Intros' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Expired Intros' }).count()).toBe(0);
      expect(await page.getByLabel('Refund Amount', { exact: true }).isDisabled()).toBe(true);
      expect(await page.getByLabel('Refund Method', { exact: true }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Submit Refund' }).isDisabled()).toBe(true);

      // The search matches the recipient's full name; each button reads serial number, name and buyer email.
      await page.getByPlaceholder('Start typing serial number, name, or email').fill('pat pass');
      const buttons = page.getByRole('group', { name: 'All Intros' }).getByRole('button');
      expect(await buttons.allTextContents()).toEqual([`${sold.SN} · Pat Passenger · bea@example.org`]);
      await buttons.first().click();
      expect(
        await values(page, [
          'Refund Amount',
          'Refund Method',
          'Refund Reference',
          'Refund To First Name',
          'Refund To Last Name',
          'Serial Number',
        ]),
      ).toEqual(['150.00', 'Credit Card', '', 'Beatrice', 'Buyer', sold.SN]);
      await screenshot(page, 'intro-refund');

      const amount = page.getByLabel('Refund Amount', { exact: true });
      for (const bad of ['ten', '-5']) {
        await amount.fill(bad);
        await page.getByRole('button', { name: 'Submit Refund' }).click();
        await page.getByRole('alert').filter({ hasText: 'Invalid refund amount' }).first().waitFor();
      }
      expect(updates).toEqual([]);

      // More than is still owed: the server refuses and nothing changes.
      await amount.fill('150.01');
      await page.getByRole('button', { name: 'Submit Refund' }).click();
      await page.getByRole('alert').filter({ hasText: 'Could not refund intro' }).waitFor();
      expect(updates).toHaveLength(1);
      expect(await introOf(page, 'Passenger')).toMatchObject({ refunded: false, owedCents: 15_000 });

      await amount.fill('50');
      await page.getByLabel('Refund Reference', { exact: true }).fill('RF-1');
      await page.getByRole('button', { name: 'Submit Refund' }).click();
      await page.getByText('Intro refunded successfully').waitFor();
      expect(JSON.parse(updates.at(-1)!)).toMatchObject({
        type: 'INTRO',
        id: sold.id,
        data: {
          action: 'Refund',
          id: sold.id,
          payment: 'Credit Card',
          refundFirst: 'Beatrice',
          refundLast: 'Buyer',
          refundRef: 'RF-1',
          priceCents: 5_000,
        },
      });
      // Refunded: no longer offered, and Intro A/P keeps the $100.00 not refunded.
      await page.getByText('No intro matches the search.').waitFor();
      expect(await page.getByLabel('Refund Amount', { exact: true }).inputValue()).toBe('');
      expect(await introOf(page, 'Passenger')).toMatchObject({ refunded: true, owedCents: 10_000 });
    },
  );

  it('cancels the expired intro from the Expired Intros list, with a confirm', async () => {
    const page = admin;
    await page.goto('/intro/cancel');
    await page.getByRole('heading', { name: 'Expired Intros' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel Intro' }).isDisabled()).toBe(true);
    const expired = page.getByRole('group', { name: 'Expired Intros' }).getByRole('button');
    expect(await expired.allTextContents()).toEqual(['OLD001 · Olive Oldham']);
    expect(await expired.first().getAttribute('class')).toContain('list-group-item-warning');
    await expired.first().hover();
    await page
      .getByRole('tooltip')
      .filter({ hasText: `This intro expired on ${clubDay(-35)}` })
      .waitFor();
    // The refunded intro is not offered any more.
    expect(await page.getByRole('group', { name: 'All Intros' }).getByRole('button').allTextContents()).toEqual([
      'OLD001 · Olive Oldham',
    ]);

    await expired.first().click();
    expect(await values(page, ['Amount Paid', 'Payment Method', 'Purchased By', 'Serial Number'])).toEqual([
      '$150.00',
      'Cash',
      'Olive Oldham',
      'OLD001',
    ]);
    expect(await page.getByLabel('Previously Written Down?', { exact: true }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Cancel Intro' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Cancel intro OLD001 for Olive Oldham?');
    await screenshot(page, 'intro-cancel-confirm');
    await dialog.getByRole('button', { name: 'Cancel Intro' }).click();
    await page.getByText('Intro cancelled successfully').waitFor();
    await page
      .getByRole('heading', { name: 'Expired Intros' })
      .locator('xpath=..')
      .getByText('None', { exact: true })
      .waitFor();
    await screenshot(page, 'intro-cancel-done');
    expect(await introOf(page, 'Oldham')).toMatchObject({ cancelled: true, owedCents: 0 });
  });
});
