import { describe, expect, it } from 'vitest';
import { createClub, createPerson, TEST_PASSWORD, useTestApp } from './helpers/test-app.ts';

describe('client version check', () => {
  const t = useTestApp({ minClientVersion: '0.17.0' });

  it('answers supported false below the configured minimum and true from it on', async () => {
    const old = await t.app.inject({ method: 'GET', url: '/api/check-version?version=0.16.0' });
    expect(old.json()).toEqual({ version: '0.16.0', supported: false });
    const current = await t.app.inject({ method: 'GET', url: '/api/check-version?version=0.17.0' });
    expect(current.json()).toEqual({ version: '0.16.0', supported: true });
  });

  it('refuses a missing or over-long version with 400', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/check-version' })).statusCode).toBe(400);
    const long = await t.app.inject({ method: 'GET', url: `/api/check-version?version=${'9'.repeat(41)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Invalid query: version: Too big: expected string to have <=40 characters');
  });
});

describe('rate limits on the sign-in, sign-up and code endpoints', () => {
  const t = useTestApp({ rateLimitMax: 3 });

  it('a fourth sign-in within the minute from one address answers 429, even with the right password', async () => {
    const club = await createClub(t.db);
    const { email } = await createPerson(t.db, { club });
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password },
        remoteAddress: '10.1.2.3',
      });
    expect((await attempt('wrong-one')).statusCode).toBe(401);
    expect((await attempt('wrong-two')).statusCode).toBe(401);
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    const limited = await attempt(TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    // Another address is not held back by the first one's attempts.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress: '10.9.9.9',
    });
    expect(other.statusCode).toBe(200);
  });

  it('code requests are limited too: a fourth verification-code request answers 429', async () => {
    const request = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/email-otp/send-verification-otp',
        payload: { email: 'someone@example.org', type: 'email-verification' },
        remoteAddress: '10.4.4.4',
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await request()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
