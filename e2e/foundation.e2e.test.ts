import { afterEach, describe, expect, it } from 'vitest';
import { login, openPhone, screenshot, type Phone } from './helpers/browser.ts';
import { DEMO, DEMO_CLUB_NAME, DEMO_PASSWORD } from './helpers/demo-accounts.ts';
import { HOSTILE } from './helpers/fixtures.ts';
import { mailCount, mailedCode } from './helpers/mail.ts';

const NO_CLUB_NOTICE =
  'Your account does not have an active club, go to settings, request membership at a club, ' +
  'select it as the active club, and a club admin must activate the account.';

describe('the foundation, driven as a person would at phone size', () => {
  let phone: Phone | undefined;
  afterEach(async () => {
    await phone?.close();
    phone = undefined;
  });

  it(
    'a newcomer signs up with the emailed code, lands on settings ' +
      'with the no-club notice, and requests membership',
    async () => {
      phone = await openPhone();
      const { page } = phone;
      const email = `newcomer-${Date.now()}@example.org`;
      await page.goto('/');
      await page.getByRole('link', { name: 'Sign Up', exact: true }).click();
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('First name', { exact: true }).fill('Nora');
      await page.getByLabel('Last name', { exact: true }).fill('Newcomer');
      await page.getByLabel('Password', { exact: true }).fill('nora-flies-gliders');
      await page.getByLabel('Confirm password', { exact: true }).fill('nora-flies-gliders');
      const since = await mailCount();
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

      await page.getByText('Please check your email for the code').waitFor();
      const code = await mailedCode(email, since);
      await page.getByLabel('Code', { exact: true }).fill(code);
      await page.getByRole('button', { name: 'Verify', exact: true }).click();

      // Signed in with club None: the root sends the newcomer to settings with the notice.
      await page.waitForURL((url) => url.pathname === '/settings');
      await page.getByText(NO_CLUB_NOTICE).waitFor();
      expect(await page.getByText('Active Club:').textContent()).toContain('None');
      await screenshot(page, 'foundation-settings-no-club');

      await page.getByRole('button', { name: 'Request Membership at Club', exact: true }).click();
      await page.getByRole('button', { name: DEMO_CLUB_NAME }).click();
      await page.getByText(`Request membership at ${DEMO_CLUB_NAME}?`).waitFor();
      await page.getByRole('button', { name: 'Yes', exact: true }).click();
      await page
        .getByText(`Membership requested at ${DEMO_CLUB_NAME}. A club admin must activate your account.`)
        .waitFor();

      // The request is stored: the club now shows as pending among the newcomer's clubs.
      const clubs = await page.evaluate(async () => {
        const session = (await (await fetch('/api/session')).json()) as { userID: string };
        return (await (await fetch(`/api/get-pilot-clubs/${session.userID}`)).json()) as {
          clubs: { name: string; status: string }[];
        };
      });
      expect(clubs.clubs).toEqual([expect.objectContaining({ name: DEMO_CLUB_NAME, status: 'pending' })]);
      await screenshot(page, 'foundation-membership-requested');
    },
  );

  it('the demo admin logs in and sees the club, the balance and every Back Office entry', async () => {
    phone = await openPhone();
    const { page } = phone;
    await login(page, DEMO.admin, DEMO_PASSWORD);
    await page.getByRole('heading', { name: DEMO_CLUB_NAME }).waitFor();
    await page.getByText('Your account balance: $0.00').waitFor();
    for (const entry of [
      'Request Flight',
      'Record Launch or Landing',
      'Emergency Contacts / Directory',
      'Admin',
      'Accounting Charts',
      'Accounting Admin',
    ]) {
      expect(await page.getByRole('link', { name: entry, exact: true }).count(), entry).toBe(1);
    }
    expect(await page.getByText('Back Office', { exact: true }).count()).toBe(1);
    expect(await page.locator('.club-message').textContent()).toContain('Welcome to the Demo Soaring Club!');
    await screenshot(page, 'foundation-admin-home');
  });

  it('a plain member sees no Back Office', async () => {
    phone = await openPhone();
    const { page } = phone;
    await login(page, DEMO.member, DEMO_PASSWORD);
    await page.getByText('Your account balance: $0.00').waitFor();
    expect(await page.getByText('Back Office', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Request Flight', exact: true }).count()).toBe(1);
  });

  it('a signed-out deep link goes to login and returns there, query and all, after login', async () => {
    phone = await openPhone();
    const { page } = phone;
    await page.goto('/emergency/?from=deep-link');
    await page.waitForURL((url) => url.pathname === '/login');
    await login(page, DEMO.member, DEMO_PASSWORD);
    await page.waitForURL(
      (url) => url.pathname.startsWith('/emergency') && url.searchParams.get('from') === 'deep-link',
    );
    await page.getByRole('heading', { name: 'Emergency Contacts / Directory' }).waitFor();
  });

  it(
    'a club message with a script, an onerror handler and a ' + 'javascript: link shows its text and runs none of it',
    async () => {
      phone = await openPhone();
      const { page } = phone;
      await login(page, HOSTILE.memberEmail, HOSTILE.password);
      const message = page.locator('.club-message');
      await message.getByText('Field open today').waitFor();
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
      expect(await message.locator('script').count()).toBe(0);
      expect(await message.locator('[onerror]').count()).toBe(0);
      expect(await message.getByText('club rules').getAttribute('href')).toBeNull();
      await screenshot(page, 'foundation-hostile-message');
    },
  );
});
