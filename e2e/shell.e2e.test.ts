import { describe, expect, inject, it } from 'vitest';
import { login, phoneForBlock, screenshot } from './helpers/browser.ts';
import { DEMO, DEMO_PASSWORD } from './helpers/demo-accounts.ts';
import { mailCount, mailedCode } from './helpers/mail.ts';

describe('app shell in a phone browser', () => {
  const phone = phoneForBlock();

  it('the signed-out landing page offers Sign Up and Log In, and the footer shows the app version', async () => {
    const { page } = phone();
    await page.goto('/');
    const signUp = page.getByRole('link', { name: 'Sign Up', exact: true });
    const logIn = page.getByRole('link', { name: 'Log In', exact: true });
    await signUp.waitFor();
    expect(await logIn.isVisible()).toBe(true);
    expect(await signUp.getAttribute('href')).toBe('/signup');
    expect(await logIn.getAttribute('href')).toBe('/login');
    expect(await page.locator('footer').textContent()).toBe('App version 0.16.0');
    await screenshot(page, 'shell-landing');
  });

  it('an unknown path shows "Sorry, page not found!"', async () => {
    const { page } = phone();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Sorry, page not found!' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no-such-page');
  });

  it('a signed-out visit to a signed-in page lands on /login with the path and query to return to', async () => {
    const { page } = phone();
    await page.goto('/settings?x=1');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(page.url()).toBe(`${inject('baseUrl')}/login?redirect=%2Fsettings%3Fx%3D1`);
  });
});

describe('a screen whose code does not download (lost signal, or a deploy removed the old files)', () => {
  /** The directory screen's lazily loaded chunk (Vite names it after its module). */
  const DIRECTORY_CHUNK = '**/assets/directory-page-*';
  const phone = phoneForBlock();

  it(
    'shows "This page could not be loaded" and a touch-sized Reload ' +
      'inside the shell at 375 px; Reload then loads it',
    async () => {
      const { page, context } = phone();
      // On the context, before the first page: the service worker's precache cannot fetch it either, so the screen
      // never comes from its cache (it would, once installed, whatever the page's own network does).
      await context.route(DIRECTORY_CHUNK, (route) => route.abort());
      await login(page, DEMO.member, DEMO_PASSWORD);
      await page.getByRole('link', { name: 'Emergency Contacts / Directory', exact: true }).click();
      await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/emergency/');
      expect(
        await page
          .getByText(
            'The connection may have dropped, or Flightline was updated since you opened it. Reload to try again.',
          )
          .isVisible(),
      ).toBe(true);
      expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
      const reload = page.getByRole('button', { name: 'Reload', exact: true });
      const box = (await reload.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
      // The shell stays: its navbar leads Home, its footer shows the version.
      expect(await page.getByRole('link', { name: 'Home', exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Logout', exact: true }).isVisible()).toBe(true);
      expect(await page.locator('footer').textContent()).toBe('App version 0.16.0');
      await screenshot(page, 'shell-route-error');

      // The signal is back: Reload loads the screen.
      await context.unroute(DIRECTORY_CHUNK);
      await reload.click();
      await page.getByRole('heading', { name: 'Emergency Contacts / Directory' }).waitFor();
      expect(await page.getByRole('heading', { name: 'This page could not be loaded' }).count()).toBe(0);
    },
  );
});

describe('e2e harness', () => {
  it('the real server mails its codes to the capture, and a test can read them', async () => {
    const since = await mailCount();
    const email = `harness-${Date.now()}@example.org`;
    const response = await fetch(`${inject('baseUrl')}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: inject('baseUrl'), 'x-forwarded-for': '127.9.9.9' },
      body: JSON.stringify({
        email,
        password: 'harness-password-1',
        name: 'Hal Harness',
        firstName: 'Hal',
        lastName: 'Harness',
      }),
    });
    expect(response.status).toBe(200);
    expect(await mailedCode(email, since)).toMatch(/^\d{6}$/);
    expect(await mailCount()).toBe(since + 1);
  });

  it('the demo club is seeded: its admin can sign in with the demo password', async () => {
    const response = await fetch(`${inject('baseUrl')}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: inject('baseUrl'), 'x-forwarded-for': '127.9.9.10' },
      body: JSON.stringify({ email: DEMO.admin, password: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(200);
  });
});
