import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser.ts';
import { DEMO, DEMO_PASSWORD } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';
import { openDatabase } from '../packages/server/src/db/engine.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { createPasswordUser, seedDemoClub } from '../packages/server/src/seed/demo-club.ts';
import { insertEntry } from '../packages/server/src/modules/ledger/posting-repo.ts';
import { depositPostings } from '@flightline/domain/money/ledger';

/**
 * Request Flight (`/crew`) and Awaiting Launches (`/awaiting`) at phone size
 * (docs/flight-line.md). Its own server: requests change the demo
 * gliders' status, and the shared server's demo club must stay clean for
 * the other files. The demo club's zone is America/Toronto; the phones use
 * it too, as phones at the field do (Awaiting reads the club's day).
 */

const SHOTS = fileURLToPath(new URL('../scratch/shots/', import.meta.url));
const CLUB_ZONE = 'America/Toronto';
/**
 * A voucher sold long ago and past its date, written before the server opens the data folder (no screen sells a
 * back-dated intro).
 */
const EXPIRED = {
  sn: 'EXP001',
  first: 'Olive',
  last: 'Old',
  buyerEmail: 'gift@old.example',
  staleDate: '2025-01-31',
} as const;

async function seedExpiredIntro(dir: string): Promise<void> {
  const database = await openDatabase({ dataDir: dir });
  try {
    await migrate(database.db);
    const { clubId } = await seedDemoClub(database.db, { password: DEMO_PASSWORD });
    // Bob Broke, a member $20.00 below the $0.00 minimum: $20.00 paid out of his account (a deposit's reverse).
    const bob = {
      id: await createPasswordUser(database.db, {
        email: 'bob@broke.example',
        first: 'Bob',
        last: 'Broke',
        password: DEMO_PASSWORD,
      }),
    };
    await database.db.insertInto('profile').values({ user_id: bob.id, active_club_id: clubId }).execute();
    await database.db
      .insertInto('pilot')
      .values({ club_id: clubId, user_id: bob.id, is_active: true, activated_at: new Date() })
      .execute();
    await database.db.transaction().execute((trx) =>
      insertEntry(trx, {
        clubId,
        effectiveAt: new Date(Date.now() - 86_400_000),
        enteredAt: new Date(Date.now() - 86_400_000),
        enteredBy: bob.id,
        transactionType: 'Deposit',
        description: 'Refund (Cash)',
        note: '',
        reference: '',
        idempotencyKey: null,
        reversesId: null,
        lines: depositPostings({ memberId: bob.id, amountCents: -2000, transferType: 'Cash' }),
      }),
    );
    await database.db
      .insertInto('intro')
      .values({
        club_id: clubId,
        sn: EXPIRED.sn,
        recipient_first: EXPIRED.first,
        recipient_last: EXPIRED.last,
        buyer_email: EXPIRED.buyerEmail,
        launch_type: 'Intro flight',
        price_cents: 15_000,
        payment: 'Cash',
        purchase_date: '2024-02-01',
        stale_date: EXPIRED.staleDate,
        note: 'Christmas gift',
      })
      .execute();
  } finally {
    await database.close();
  }
}

const field = ownServer('crew', {
  seed: seedExpiredIntro,
  phone: {
    timezoneId: CLUB_ZONE,
    // Screenshots show buttons as they settle, not mid-transition.
    reducedMotion: 'reduce',
  },
});

/** Tom's phone, signed in by the Awaiting test and used again by the next. */
let tomPage: Page | undefined;

/** A screenshot in test-results/ and a copy in scratch/shots/ to look at. */
async function shot(page: Page, name: string): Promise<void> {
  const path = await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(path, join(SHOTS, `${name}.png`));
}

async function openCrew(page: Page): Promise<void> {
  await page.goto('/crew');
  await page.getByLabel('Glider', { exact: true }).waitFor();
}

/** The glider selector's groups: label → [option, disabled][]. */
async function gliderGroups(page: Page): Promise<Record<string, [string, boolean][]>> {
  return page
    .getByLabel('Glider', { exact: true })
    .evaluate((select) =>
      Object.fromEntries(
        Array.from(select.querySelectorAll('optgroup'), (group) => [
          group.label,
          Array.from(group.querySelectorAll('option'), (o) => [o.value, o.disabled] as [string, boolean]),
        ]),
      ),
    );
}

const submitButton = (page: Page) => page.locator('form button[type=submit]');

async function confirmRequest(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Place on flight line?').waitFor();
  await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
  await page.getByRole('heading', { name: 'Your flight is on the flight line' }).waitFor();
}

/** The confirmation step's details: term → value. */
async function placedDetails(page: Page): Promise<Record<string, string>> {
  return page.locator('section dl').evaluate((dl) => {
    const out: Record<string, string> = {};
    const terms = dl.querySelectorAll('dt');
    for (const dt of Array.from(terms)) out[dt.textContent ?? ''] = (dt.nextElementSibling?.textContent ?? '').trim();
    return out;
  });
}

describe('Request Flight and Awaiting Launches at 375 px', () => {
  it(
    'a New Intro the server refuses (serial number taken) alerts Failed to submit intro ' +
      'purchase with the reason; nothing is placed (first: every glider is free)',
    async () => {
      const page = await field.phone(DEMO.member);
      await openCrew(page);
      await page.getByRole('button', { name: 'Intro', exact: true }).click();
      await page.getByRole('button', { name: 'New Intro', exact: true }).click();
      await page.getByLabel('Glider', { exact: true }).selectOption('C-GDSA');
      await page.getByLabel('First name').fill('Sam');
      await page.getByLabel('Last name').fill('Same');
      await page.getByLabel('Payment Method').selectOption('Cash');
      await page.getByLabel('Serial Number').fill(EXPIRED.sn);
      await submitButton(page).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Place on flight line?').waitFor();
      await dialog.getByRole('button', { name: 'Yes', exact: true }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Failed to submit intro purchase' });
      await alert.waitFor();
      expect(await alert.innerText()).toContain(`Serial number ${EXPIRED.sn} is already used`);
      expect(await page.getByRole('heading', { name: 'Your flight is on the flight line' }).count()).toBe(0);
      await page.context().close();
    },
  );

  it('a member requests an Alone flight, sees the confirmation, and the glider is then Already Flying', async () => {
    const page = await field.phone(DEMO.member);
    await openCrew(page);
    expect(await page.getByLabel('Pilot', { exact: true }).locator('option:checked').textContent()).toBe('Mary Member');
    // Mary's balance ($0.00) is under the $50.00 warning level, at the $0.00 minimum: warned, not blocked.
    expect(await submitButton(page).textContent()).toBe('Warning: Low funds - No launch type selected');
    expect(await submitButton(page).isDisabled()).toBe(true);
    await shot(page, 'crew-empty');

    // A ground-only pilot can't be placed on the line (Gary's $0.00 is under the warning level too: it is his balance
    // the button reads).
    const gary = await page
      .getByLabel('Pilot', { exact: true })
      .locator('option', { hasText: 'Gary Ground' })
      .getAttribute('value');
    await page.getByLabel('Pilot', { exact: true }).selectOption(gary!);
    expect(await submitButton(page).textContent()).toBe('Warning: Low funds - Selected pilot is non flying');
    const mary = await page
      .getByLabel('Pilot', { exact: true })
      .locator('option', { hasText: 'Mary Member' })
      .getAttribute('value');
    await page.getByLabel('Pilot', { exact: true }).selectOption(mary!);

    expect(await gliderGroups(page)).toEqual({
      Gliders: [
        ['C-FDSC', false],
        ['C-GDSA', false],
        ['C-GDSB', false],
      ],
    });
    await page.getByLabel('Glider', { exact: true }).selectOption('C-GDSB');
    expect(await page.getByLabel('Tow Speed (kn)').inputValue()).toBe('55');
    expect(await page.getByLabel('Glider weight (kg)').inputValue()).toBe('360');
    expect(await submitButton(page).textContent()).toBe('Warning: Low funds - No launch type selected');
    await page.getByRole('button', { name: '2000 ft', exact: true }).click();
    expect(await page.getByRole('button', { name: '2000 ft', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('.crew-summary').textContent()).toBe(
      'You (Mary Member) are in C-GDSB requesting 2000 ft, flying alone.',
    );
    expect(await submitButton(page).textContent()).toBe('Warning: Low funds - Place on flight line');
    // Mary's stored weight is unset: the one typed here is stored with the request.
    expect(await page.getByLabel('Pilot weight (kg)').inputValue()).toBe('');
    await page.getByLabel('Pilot weight (kg)').fill('72');
    await shot(page, 'crew-alone-ready');

    await submitButton(page).click();
    await confirmRequest(page);
    expect(await placedDetails(page)).toEqual({
      Glider: 'C-GDSB',
      Launch: '2000 ft',
      Pilot: 'Mary Member',
      'Flying with': 'Alone',
      'Tow Speed': '55 kn',
    });
    await shot(page, 'crew-placed');
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await openCrew(page);
    const groups = await gliderGroups(page);
    expect(groups['Already Flying']).toEqual([['C-GDSB', true]]);
    expect(
      Object.values(groups)
        .flat()
        .filter(([id]) => id === 'C-GDSB'),
    ).toEqual([['C-GDSB', true]]);
    expect(await page.getByLabel('Pilot weight (kg)').inputValue()).toBe('72');
    await page.context().close();
  });

  it(
    'Awaiting lists the waiting flight; selecting shows glider, ' +
      'launch type and tow speed, selecting again deselects',
    async () => {
      const page = (tomPage = await field.phone(DEMO.towPilot));
      await page.goto('/awaiting');
      const flight = page.getByRole('button', { name: 'Mary M. C-GDSB 2000 ft', exact: true });
      await flight.waitFor();
      expect(await page.getByRole('group', { name: 'Waiting flights' }).getByRole('button').count()).toBe(1);
      await flight.click();
      const header = page.getByRole('region', { name: 'Selected flight' });
      expect(await header.innerText()).toBe('C-GDSB\n2000 ft\nTow speed: 55 kn');
      expect(await flight.getAttribute('aria-pressed')).toBe('true');
      await shot(page, 'awaiting-selected');
      await flight.click();
      expect(await header.count()).toBe(0);
      // Kept open for the next test.
    },
  );

  it(
    'the button judges the pilot chosen, not the member tapping: a pilot below the ' +
      'minimum reads Insufficient funds; one on the line names the glider',
    async () => {
      // Tom's phone from the Awaiting test (each sign-in counts against the address's limit).
      const page = tomPage ?? (await field.phone(DEMO.towPilot));
      await openCrew(page);
      await page.getByLabel('Glider', { exact: true }).selectOption('C-GDSA');
      await page.getByRole('button', { name: '2000 ft', exact: true }).click();
      const pilotSelect = page.getByLabel('Pilot', { exact: true });
      const optionOf = async (name: string) =>
        (await pilotSelect.locator('option', { hasText: name }).getAttribute('value'))!;
      // Tom ($0.00: under the warning level, at the minimum) may place; Bob (−$20.00) may not, and no amount is shown.
      expect(await submitButton(page).textContent()).toBe('Warning: Low funds - Place on flight line');
      await pilotSelect.selectOption(await optionOf('Bob Broke'));
      expect(await submitButton(page).textContent()).toBe('Warning: Low funds - Insufficient funds');
      expect(await submitButton(page).isDisabled()).toBe(true);
      expect(await page.locator('form').textContent()).not.toContain('20.00');
      await shot(page, 'crew-pilot-below-minimum');
      // Mary waits on the line in C-GDSB: the button says so before anything is sent.
      await pilotSelect.selectOption(await optionOf('Mary Member'));
      expect(await submitButton(page).textContent()).toBe(
        'Warning: Low funds - Selected pilot is already on the flight line in C-GDSB',
      );
      expect(await submitButton(page).isDisabled()).toBe(true);
      await page.context().close();
    },
  );

  it('a two-person flight leaves a single seater; cancelling from the confirmation step frees the glider', async () => {
    // Irene: Mary is on the line in C-GDSB (one unfinished flight per person).
    const page = await field.phone(DEMO.instructor);
    await openCrew(page);
    await page.getByLabel('Glider', { exact: true }).selectOption('C-FDSC');
    await page.getByRole('button', { name: 'Friend', exact: true }).click();
    // C-GDSB is flying, so the first unused multi-seat glider.
    expect(await page.getByLabel('Glider', { exact: true }).inputValue()).toBe('C-GDSA');
    expect(await page.getByLabel('Glider weight (kg)').inputValue()).toBe('390');
    expect(await page.getByLabel('Tow Speed (kn)').inputValue()).toBe('60');
    expect(await submitButton(page).textContent()).toBe('Warning: Low funds - Second person not identified');
    await page.getByLabel('First name').fill('Fred');
    await page.getByLabel('Last name').fill('Friend');
    await page.getByRole('button', { name: 'Variable', exact: true }).click();
    expect(await page.locator('.crew-summary').textContent()).toBe(
      'You (Irene Instructor) are in C-GDSA requesting Variable, with friend Fred Friend.',
    );
    await shot(page, 'crew-friend');
    await submitButton(page).click();
    await confirmRequest(page);
    expect(await placedDetails(page)).toMatchObject({
      Glider: 'C-GDSA',
      Launch: 'Variable',
      'Flying with': 'Friend: Fred Friend',
    });

    await page.getByRole('button', { name: 'Cancel request', exact: true }).click();
    await page.getByText('Flight request cancelled: C-GDSA is Ready again.').waitFor();
    await page.waitForFunction(() => {
      const select = document.querySelector('select option[value="C-GDSA"]') as HTMLOptionElement | null;
      return select !== null && !select.disabled;
    });
    const groups = await gliderGroups(page);
    expect(groups['Already Flying']).toEqual([['C-GDSB', true]]);
    expect(
      Object.values(groups)
        .flat()
        .filter(([id]) => id === 'C-GDSA'),
    ).toEqual([['C-GDSA', false]]);
    // The request comes back as it was, to correct and send again.
    expect(await page.getByLabel('Glider', { exact: true }).inputValue()).toBe('C-GDSA');
    expect(await page.getByLabel('First name').inputValue()).toBe('Fred');
    expect(await page.getByRole('button', { name: 'Friend', exact: true }).getAttribute('aria-pressed')).toBe('true');

    // Awaiting no longer lists it.
    await page.goto('/awaiting');
    await page.getByRole('button', { name: 'Mary M. C-GDSB 2000 ft', exact: true }).waitFor();
    expect(await page.getByRole('group', { name: 'Waiting flights' }).getByRole('button').allTextContents()).toEqual([
      'Mary M. C-GDSB 2000 ft',
    ]);
    await page.context().close();
  });

  it(
    'a New Intro flight sells the intro (price read-only); the intro ' +
      'can then fly pre-purchased with its passenger renamed',
    async () => {
      // Irene: Mary is on the line in C-GDSB (one unfinished flight per person).
      const page = await field.phone(DEMO.instructor);
      await openCrew(page);
      await page.getByRole('button', { name: 'Intro', exact: true }).click();
      await page.getByRole('button', { name: 'New Intro', exact: true }).click();
      expect(await page.getByLabel('Launch Method').inputValue()).toBe('Intro flight');
      const price = page.getByLabel('Price', { exact: true });
      expect(await price.inputValue()).toBe('$150.00');
      expect(await price.getAttribute('readonly')).not.toBeNull();
      await page.getByLabel('Launch Method').selectOption('Intro soaring flight');
      expect(await price.inputValue()).toBe('$225.00');
      await page.getByLabel('Launch Method').selectOption('Intro flight');
      // Launch types are the intro's: the buttons are disabled.
      expect(await page.getByRole('button', { name: '2000 ft', exact: true }).isDisabled()).toBe(true);
      await page.getByLabel('Glider', { exact: true }).selectOption('C-GDSA');
      await page.getByLabel('First name').fill('Nora');
      await page.getByLabel('Last name').fill('New');
      // Intro is exempt from Insufficient funds, not from the warning: Irene's $0.00 is under $50.00.
      expect(await submitButton(page).textContent()).toBe('Warning: Low funds - Intro not fully defined');
      await page.getByLabel('Payment Method').selectOption('Cash');
      await page.getByLabel('Payment Reference').fill('R-77');
      // An intro flight is paid by the intro: not refused for funds, but the pilot's low funds are still a warning.
      expect(await submitButton(page).textContent()).toBe('Warning: Low funds - Place on flight line');
      expect(await page.locator('.crew-summary').textContent()).toBe(
        'You (Irene Instructor) are in C-GDSA requesting 2000 ft, with intro passenger Nora New.',
      );
      await shot(page, 'crew-new-intro');
      await submitButton(page).click();
      await confirmRequest(page);
      await page.getByText('Purchase of Intro for Nora New was successful.').waitFor();
      const details = await placedDetails(page);
      expect(details).toMatchObject({ Glider: 'C-GDSA', Launch: '2000 ft', 'Flying with': 'Intro: Nora New' });
      const serial = details['Serial Number']!;
      expect(serial).toMatch(/^[A-Z0-9]{6}$/);
      await shot(page, 'crew-new-intro-placed');

      // Cancelled: the glider is free, and the sold intro comes back as the pre-purchased choice (sending again must
      // not
      // sell another).
      await page.getByRole('button', { name: 'Cancel request', exact: true }).click();
      await page.getByText('Flight request cancelled: C-GDSA is Ready again.').waitFor();
      expect(await page.getByRole('button', { name: 'Intro', exact: true }).getAttribute('aria-pressed')).toBe('true');
      expect(await page.getByRole('button', { name: 'Pre-purchased', exact: true }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      const search = page.getByPlaceholder('Start typing serial number, name, or email');
      expect(await search.inputValue()).toBe(serial);
      const found = page.getByRole('group', { name: 'Intros' }).getByRole('button');
      expect(await found.count()).toBe(1);
      expect(await found.first().getAttribute('aria-pressed')).toBe('true');
      // Found again by the passenger's name and by the serial number typed in lower case.
      await search.fill('nora');
      await found.first().waitFor();
      expect(await found.allTextContents()).toEqual([expect.stringContaining(serial)]);
      await search.fill(serial.toLowerCase());
      expect(await found.count()).toBe(1);
      expect(await found.first().textContent()).toContain('Nora New');
      expect(await found.first().getAttribute('aria-pressed')).toBe('true');
      expect(await page.locator('dl').first().innerText()).toContain('Serial Number\n' + serial);
      expect(await page.locator('dl').first().innerText()).toContain('Purchase Note\nNone');

      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Edit Passenger for Intro').waitFor();
      await dialog.getByLabel('First name').fill('Nina');
      await shot(page, 'crew-edit-passenger');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await page.getByLabel('Glider', { exact: true }).inputValue()).toBe('C-GDSA');
      expect(await page.locator('.crew-summary').textContent()).toBe(
        'You (Irene Instructor) are in C-GDSA requesting 2000 ft, with intro passenger Nina New.',
      );
      await shot(page, 'crew-prepurchased');
      await submitButton(page).click();
      await confirmRequest(page);
      expect(await placedDetails(page)).toMatchObject({ Glider: 'C-GDSA', 'Flying with': 'Intro: Nina New' });
      await page.context().close();
    },
  );

  it(
    'Instructor lists only instructors and puts them in command; ' + 'Member offers the choice and Share Flight Cost',
    async () => {
      const page = await field.phone(DEMO.member);
      await openCrew(page);
      await page.getByRole('button', { name: 'Instructor', exact: true }).click();
      const second = page.getByLabel('Instructor', { exact: true });
      expect(await second.locator('option').allTextContents()).toEqual([
        'Choose an instructor',
        'Alex Admin',
        'Irene Instructor',
      ]);
      await second.selectOption({ label: 'Irene Instructor' });
      const command = page.getByRole('group', { name: 'Pilot in Command' }).getByRole('button');
      expect(await command.allTextContents()).toEqual(['Me', 'Irene Instructor']);
      expect(await command.nth(1).getAttribute('aria-pressed')).toBe('true');
      expect(await command.nth(0).isDisabled()).toBe(true);
      expect(await page.getByText('Share Flight Cost?').count()).toBe(0);
      await shot(page, 'crew-instructor');

      await page.getByRole('button', { name: 'Member', exact: true }).click();
      const member = page.getByLabel('Member', { exact: true });
      expect(await member.locator('option').allTextContents()).toEqual([
        'Choose a member',
        'Alex Admin',
        'Bob Broke',
        'Irene Instructor',
        'Tom Towpilot',
      ]);
      expect(await member.inputValue()).not.toBe('');
      expect(await command.nth(0).getAttribute('aria-pressed')).toBe('true');
      expect(await command.nth(0).isEnabled()).toBe(true);
      await page
        .getByRole('group', { name: 'Share Flight Cost?' })
        .getByRole('button', { name: 'Yes', exact: true })
        .click();
      await page.getByRole('button', { name: 'Variable', exact: true }).click();
      expect(await page.locator('.crew-summary').textContent()).toBe(
        'You (Mary Member) are in no glider yet requesting Variable, with member Irene Instructor, sharing the cost.',
      );
      await shot(page, 'crew-member');
      await page.context().close();
    },
  );

  it('an expired pre-purchased intro is a warning, with the tooltip and a note when chosen', async () => {
    const page = await field.phone(DEMO.member);
    await openCrew(page);
    await page.getByRole('button', { name: 'Intro', exact: true }).click();
    await page.getByPlaceholder('Start typing serial number, name, or email').fill('old.example');
    const found = page.getByRole('group', { name: 'Intros' }).getByRole('button');
    await found.first().waitFor();
    expect(await found.count()).toBe(1);
    const button = found.first();
    for (const part of [EXPIRED.sn, `${EXPIRED.first} ${EXPIRED.last}`, EXPIRED.buyerEmail])
      expect(await button.textContent()).toContain(part);
    expect(await button.getAttribute('class')).toContain('btn-outline-warning');
    await button.hover();
    await page
      .getByRole('tooltip')
      .filter({ hasText: `This intro expired on ${EXPIRED.staleDate}` })
      .waitFor();
    await button.click();
    await page
      .getByRole('status')
      .filter({ hasText: `This intro expired on ${EXPIRED.staleDate}` })
      .waitFor();
    const details = await page.locator('dl').first().innerText();
    for (const line of [
      'Launch Type\nIntro flight',
      'Purchase Date\n2024-02-01',
      'Purchase Note\nChristmas gift',
      `Serial Number\n${EXPIRED.sn}`,
    ])
      expect(details).toContain(line);
    await shot(page, 'crew-expired-intro');
    await page.context().close();
  });

  it(
    'a glider taken by someone else meanwhile: the server’s refusal ' +
      'is shown and the glider moves to Already Flying',
    async () => {
      // Alex: Mary and Irene are on the line by now (one unfinished flight per person).
      const page = await field.phone(DEMO.admin);
      // No live stream on this phone (a weak signal): the page learns of the other request only from the server's
      // refusal.
      await page.route('**/api/events*', (route) => route.abort());
      await openCrew(page);
      await page.getByLabel('Glider', { exact: true }).selectOption('C-FDSC');
      await page.getByRole('button', { name: '2000 ft', exact: true }).click();

      // The tow pilot's phone places C-FDSC on the line first.
      const other = await field.phone(DEMO.towPilot);
      const tom = (await (await other.request.get('/api/session')).json()) as { userID: string };
      const taken = await other.request.post('/api/update-item/', {
        data: {
          type: 'FLIGHT',
          id: randomUUID(),
          data: { user: tom.userID, flyWith: 'Alone', glider: 'C-FDSC', launchType: '2000 ft' },
        },
      });
      expect(taken.status()).toBe(200);
      await other.context().close();

      await submitButton(page).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Yes', exact: true }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Could not create flight: Glider C-FDSC is already flying' })
        .waitFor();
      await page.waitForFunction(
        () => (document.querySelector('select option[value="C-FDSC"]') as HTMLOptionElement | null)?.disabled === true,
      );
      expect(await page.getByLabel('Glider', { exact: true }).inputValue()).toBe('');
      expect(await page.getByLabel('Tow Speed (kn)').inputValue()).toBe('');
      expect((await gliderGroups(page))['Already Flying']).toEqual([
        ['C-FDSC', true],
        ['C-GDSA', true],
        ['C-GDSB', true],
      ]);
      expect(await submitButton(page).textContent()).toBe('Warning: Low funds - No glider selected');
      await shot(page, 'crew-refused');
      await page.context().close();
    },
  );

  it('a failed load reads Could not load crew page with its code, 600 when no answer came', async () => {
    const page = await field.phone(DEMO.member);
    await page.route('**/api/serve-crew*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"statusCode":500,"error":"Internal Server Error","message":"Database unavailable"}',
      }),
    );
    await page.goto('/crew');
    await page.getByText('Error: Could not load crew page (code: 500)').waitFor();
    await page.getByText('Database unavailable').waitFor();
    // Registered over the 500 (the newest route answers first), never after removing it: a read in between (the
    // live stream's catch-up on connecting) would reach the server and draw the form.
    await page.route('**/api/serve-crew*', (route) => route.abort());
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Error: Could not load crew page (code: 600)').waitFor();
    await shot(page, 'crew-load-error');
    await page.context().close();
  });
});
