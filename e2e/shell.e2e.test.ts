import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPhone, screenshot, type Phone } from './helpers/browser.ts';
import { DEMO, DEMO_PASSWORD } from './helpers/demo-accounts.ts';
import { mailCount, mailedCode } from './helpers/mail.ts';

describe('app shell in a phone browser', () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await openPhone();
  });
  afterAll(async () => {
    await phone?.close();
  });

  it('the signed-out landing page offers Sign Up and Log In, and the footer shows the app version', async () => {
    const { page } = phone;
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
    const { page } = phone;
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'Sorry, page not found!' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/no-such-page');
  });

  it('a signed-out visit to a signed-in page lands on /login with the path and query to return to', async () => {
    const { page } = phone;
    await page.goto('/settings?x=1');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(page.url()).toBe(`${inject('baseUrl')}/login?redirect=%2Fsettings%3Fx%3D1`);
  });
});

describe('e2e harness', () => {
  it('the real server mails its codes to the capture, and a test can read them', async () => {
    const since = await mailCount();
    const email = `harness-${Date.now()}@example.org`;
    const response = await fetch(`${inject('baseUrl')}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.9.9.9' },
      body: JSON.stringify({ email, password: 'harness-password-1', name: 'Hal Harness', firstName: 'Hal', lastName: 'Harness' }),
    });
    expect(response.status).toBe(200);
    expect(await mailedCode(email, since)).toMatch(/^\d{6}$/);
    expect(await mailCount()).toBe(since + 1);
  });

  it('the demo club is seeded: its admin can sign in with the demo password', async () => {
    const response = await fetch(`${inject('baseUrl')}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '127.9.9.10' },
      body: JSON.stringify({ email: DEMO.admin, password: DEMO_PASSWORD }),
    });
    expect(response.status).toBe(200);
  });
});
