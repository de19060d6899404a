import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, createTestApp, type TestApp } from './helpers/test-app.ts';

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

describe("the session's cookie cache (auth.ts cookieCache)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
  const only = (cookie: string, name: string) =>
    cookie
      .split('; ')
      .filter((c) => c.startsWith(`${name}=`))
      .join('; ');

  it('signs in with the session cookie and its cache cookie', async () => {
    const { email } = await createPerson(t.db);
    const cookie = await t.signIn(email);
    expect(only(cookie, 'better-auth.session_token')).not.toBe('');
    expect(only(cookie, 'better-auth.session_data')).not.toBe('');
  });

  it('reads a session without its cache from the database and sends the cache cookie back', async () => {
    const { email, userId } = await createPerson(t.db, { first: 'Cora', last: 'Cache' });
    const tokenOnly = only(await t.signIn(email), 'better-auth.session_token');
    const response = await session(tokenOnly);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isAuthenticated: true, userID: userId, first: 'Cora', last: 'Cache' });
    const setCookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    expect(setCookies.some((c) => c.startsWith('better-auth.session_data=') && /Max-Age=60\b/.test(c))).toBe(true);
  });

  it('trusts a fresh cache without the database, and needs the database once the cache is gone', async () => {
    const { email, userId } = await createPerson(t.db);
    const cookie = await t.signIn(email);
    await t.db.deleteFrom('session').where('userId', '=', userId).execute();
    // Within the cache's minute the signed cookie still answers …
    expect((await session(cookie)).json()).toMatchObject({ isAuthenticated: true, userID: userId });
    // … without it, the deleted session is gone.
    const tokenOnly = await session(only(cookie, 'better-auth.session_token'));
    expect(tokenOnly.json()).toMatchObject({ isAuthenticated: false, userID: null });
  });

  it('shows names changed since the session was cached', async () => {
    const { email, userId } = await createPerson(t.db, { first: 'Old', last: 'Name' });
    const cookie = await t.signIn(email);
    await t.db.updateTable('user').set({ firstName: 'New', lastName: 'Surname' }).where('id', '=', userId).execute();
    expect((await session(cookie)).json()).toMatchObject({ first: 'New', last: 'Surname', email });
  });
});
