import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { screenshot } from './helpers/browser.ts';
import { DEMO, DEMO_CLUB_NAME } from './helpers/demo-accounts.ts';
import { ownServer } from './helpers/own-server.ts';

/**
 * User Administration's New (issue 15, item 8) at phone size: the admin
 * invites an unknown email, the invitee signs up from the mailed link and
 * lands in the club as an active member; an existing account is invited the
 * same way and joins only when it accepts, from Settings (issue 25 item 1);
 * signing up with an address that has an account says to check the email,
 * which says so (issue 25 item 12). Its own server (it adds members to the
 * demo club), without SMTP: the server writes each mail to its log, as it
 * does for a newcomer with no mail server, and the test reads it there.
 */

const field = ownServer('new-member', {
  env: { SMTP_URL: '' },
  freshLog: true,
  phone: { viewport: { width: 375, height: 667 } },
});
const LOG = field.logFile;

/** Wait until the server's log holds a match of `pattern` after `from` characters; answers its first group. */
async function fromLog(pattern: RegExp, from: number): Promise<string> {
  for (let tries = 0; tries < 200; tries++) {
    const match = pattern.exec(readFileSync(LOG, 'utf8').slice(from));
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${pattern} in the server log`);
}
const logLength = () => readFileSync(LOG, 'utf8').length;

describe('User Administration New at phone size', () => {
  it('the admin invites a new email; the invitee signs up from the link and lands in the club, active', async () => {
    const email = `invitee-${Date.now()}@example.org`;
    const admin = await field.phone(DEMO.admin);
    await admin.goto('/admin/');
    const users = admin.getByRole('region', { name: 'User Administration' });
    await users.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'New member' });
    const add = dialog.getByRole('button', { name: 'Send invitation' });
    expect(await add.isDisabled()).toBe(true);
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await screenshot(admin, 'new-member-dialog');
    const before = logLength();
    await add.click();
    await admin.getByText(`An invitation was sent to ${email}`).waitFor();
    const link = await fromLog(
      new RegExp(
        `message to ${email.replace(/[.]/g, '\\.')}: You are invited to join ` +
          `${DEMO_CLUB_NAME} on Flightline[\\s\\S]*?(http\\S+/signup\\?invite=\\S+)`,
      ),
      before,
    );
    expect(new URL(link).origin).toBe(field.baseUrl);

    const invitee = await field.phone();
    await invitee.goto(link);
    await invitee.getByText('You are invited to join a club.', { exact: false }).waitFor();
    // Someone with an account logs in from here and comes back to accept.
    const logIn = await invitee.getByRole('link', { name: 'Log in to accept the invitation' }).getAttribute('href');
    expect(logIn).toBe(
      `/login?redirect=${encodeURIComponent(`/signup?invite=${new URL(link).searchParams.get('invite')}`)}`,
    );
    await screenshot(invitee, 'new-member-signup-invited');
    await invitee.getByLabel('Email', { exact: true }).fill(email);
    await invitee.getByLabel('First name', { exact: true }).fill('Ivy');
    await invitee.getByLabel('Last name', { exact: true }).fill('Invitee');
    await invitee.getByLabel('Password', { exact: true }).fill('ivy-flies-gliders');
    await invitee.getByLabel('Confirm password', { exact: true }).fill('ivy-flies-gliders');
    const beforeCode = logLength();
    await invitee.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await invitee.getByText('Please check your email for the code').waitFor();
    const code = await fromLog(
      new RegExp(
        `message to ${email.replace(/[.]/g, '\\.')}: Your Flightline confirmation code[\\s\\S]*?\\b(\\d{6})\\b`,
      ),
      beforeCode,
    );
    await invitee.getByLabel('Code', { exact: true }).fill(code);
    await invitee.getByRole('button', { name: 'Verify', exact: true }).click();

    await invitee.getByText(`Welcome to ${DEMO_CLUB_NAME}`).waitFor();
    await invitee.waitForURL((url) => url.pathname === '/');
    // Active in the club: the session names it, and Home is a member's Home, not the no-club notice.
    await expect
      .poll(async () => (await (await invitee.request.get('/api/session')).json()) as { clubName: string })
      .toMatchObject({ clubName: DEMO_CLUB_NAME });
    const pilot = (await (await invitee.request.get('/api/get-pilot')).json()) as { isActive?: boolean };
    expect(pilot).toMatchObject({ isActive: true });
    await screenshot(invitee, 'new-member-landed');

    // The admin's list has Ivy as an active pilot.
    await admin.reload();
    await users.getByRole('button', { name: 'Edit' }).click();
    await admin.getByLabel('Filter pilots', { exact: true }).fill('ivy');
    await users.locator('.dropdown-menu').getByText('Ivy Invitee', { exact: true }).waitFor();

    // The link is used: opened again by someone else, signed in, it is refused.
    await admin.goto(link);
    await admin.getByText('Could not join the club').waitFor();
    await admin.getByText('This invitation was already used').waitFor();
    await admin.context().close();
    await invitee.context().close();
  });

  it('an existing account is invited, not added: it joins when it accepts from Settings with one tap', async () => {
    const email = `has-account-${Date.now()}@example.org`;
    const escaped = email.replace(/[.]/g, '\\.');
    // Someone signs up on their own and belongs to no club.
    const person = await field.phone();
    await person.goto('/signup');
    await person.getByLabel('Email', { exact: true }).fill(email);
    await person.getByLabel('First name', { exact: true }).fill('Hana');
    await person.getByLabel('Last name', { exact: true }).fill('Holder');
    await person.getByLabel('Password', { exact: true }).fill('hana-flies-gliders');
    await person.getByLabel('Confirm password', { exact: true }).fill('hana-flies-gliders');
    const beforeCode = logLength();
    await person.getByRole('button', { name: 'Sign Up', exact: true }).click();
    const code = await fromLog(
      new RegExp(`message to ${escaped}: Your Flightline confirmation code[\\s\\S]*?\\b(\\d{6})\\b`),
      beforeCode,
    );
    await person.getByLabel('Code', { exact: true }).fill(code);
    await person.getByRole('button', { name: 'Verify', exact: true }).click();
    await person.waitForURL((url) => url.pathname === '/settings');

    // The admin invites that address: the answer is the one an unknown address gets, and nothing is added.
    const admin = await field.phone(DEMO.admin);
    await admin.goto('/admin/');
    const users = admin.getByRole('region', { name: 'User Administration' });
    await users.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = admin.getByRole('dialog', { name: 'New member' });
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    const beforeInvite = logLength();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText(`An invitation was sent to ${email}`).waitFor();
    await fromLog(
      new RegExp(
        `message to ${escaped}: You are invited to join ${DEMO_CLUB_NAME} on ` +
          `Flightline[\\s\\S]*?(You already have a Flightline account)`,
      ),
      beforeInvite,
    );
    await users.getByRole('button', { name: 'Edit' }).click();
    await admin.getByLabel('Filter pilots', { exact: true }).fill('hana');
    await users.locator('.dropdown-menu').getByText('Hana Holder', { exact: true }).waitFor({ state: 'detached' });
    expect(await users.locator('.dropdown-menu').getByText('Hana Holder', { exact: true }).count()).toBe(0);

    // Settings shows the invitation; one tap joins the club and makes it the active club.
    await person.reload();
    const invitations = person.getByRole('region', { name: 'Invitations' });
    await invitations.getByText(DEMO_CLUB_NAME, { exact: true }).waitFor();
    await invitations.getByText(/^Invited by Alex Admin; open until \d{4}-\d{2}-\d{2}$/).waitFor();
    await screenshot(person, 'new-member-settings-invitation');
    expect(await person.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await invitations.getByRole('button', { name: `Accept the invitation to ${DEMO_CLUB_NAME}` }).click();
    await person.getByText(`Welcome to ${DEMO_CLUB_NAME}`).waitFor();
    await invitations.waitFor({ state: 'detached' });
    await person.getByText(`Active Club: ${DEMO_CLUB_NAME}`).waitFor();
    const pilot = (await (await person.request.get('/api/get-pilot')).json()) as { isActive?: boolean };
    expect(pilot).toMatchObject({ isActive: true });
    await screenshot(person, 'new-member-settings-accepted');

    // Now the admin's list has Hana.
    await admin.reload();
    await users.getByRole('button', { name: 'Edit' }).click();
    await admin.getByLabel('Filter pilots', { exact: true }).fill('hana');
    await users.locator('.dropdown-menu').getByText('Hana Holder', { exact: true }).waitFor();
    await admin.context().close();
    await person.context().close();
  });

  it(
    'signing up with an address that has an account shows the same code ' +
      'step, and the mail says to log in or reset the password',
    async () => {
      const page = await field.phone();
      await page.goto('/signup');
      await page.getByLabel('Email', { exact: true }).fill(DEMO.member);
      await page.getByLabel('First name', { exact: true }).fill('Someone');
      await page.getByLabel('Last name', { exact: true }).fill('Else');
      await page.getByLabel('Password', { exact: true }).fill('someone-else-pw');
      await page.getByLabel('Confirm password', { exact: true }).fill('someone-else-pw');
      const before = logLength();
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await page.getByText('Please check your email for the code').waitFor();
      await page
        .getByText('If this address already has an account, the email says so instead of a code', { exact: false })
        .waitFor();
      await fromLog(
        new RegExp(`message to ${DEMO.member.replace(/[.]/g, '\\.')}: (You already have a Flightline account)`),
        before,
      );
      await screenshot(page, 'signup-existing-account');
      expect(await page.getByRole('link', { name: 'reset your password' }).getAttribute('href')).toBe('/login/reset');
      await page.context().close();
    },
  );
});
