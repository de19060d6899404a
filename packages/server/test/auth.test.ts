import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

describe('sign-up with an emailed code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signUp = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'a-good-password', name: 'Sam Soarer', firstName: 'Sam', lastName: 'Soarer' },
    });

  it('mails a code through SMTP, and the code signs the new user in', async () => {
    const response = await signUp('sam@example.org');
    expect(response.statusCode).toBe(200);
    const code = await t.mail.waitForCode('sam@example.org');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-otp/verify-email',
      payload: { email: 'sam@example.org', otp: code },
    });
    expect(verified.statusCode).toBe(200);
    expect(String(verified.headers['set-cookie'])).toContain('better-auth.session_token=');
  });

  it('resends a fresh code when an unconfirmed email signs up again', async () => {
    await signUp('again@example.org');
    const first = await t.mail.waitForCode('again@example.org');
    const before = t.mail.messages.length;
    const second = await signUp('again@example.org');
    expect(second.statusCode).toBe(200);
    const resent = await t.mail.waitForCode('again@example.org', before);
    expect(resent).toMatch(/^\d{6}$/);
    expect(t.mail.messages.length).toBe(before + 1);
    void first;
  });

  it('refuses a wrong code with a message', async () => {
    await signUp('wrong@example.org');
    const code = await t.mail.waitForCode('wrong@example.org');
    const wrong = code === '000000' ? '111111' : '000000';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/email-otp/verify-email',
      payload: { email: 'wrong@example.org', otp: wrong },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/invalid/i);
  });
});
