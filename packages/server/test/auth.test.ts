import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, createTestApp, TEST_PASSWORD, type TestApp } from './helpers/test-app.ts';

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

describe('names on accounts (member spec §5: first and last, 1–60 characters, trimmed, as POST /api/pilot)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signUp = (email: string, names: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password: 'a-good-password', name: 'Sam Soarer', ...names } });
  const userRow = (email: string) =>
    t.db.selectFrom('user').select(['firstName', 'lastName', 'name']).where('email', '=', email).executeTakeFirst();
  const updateUser = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { cookie, origin: 'http://localhost:3000' }, payload });

  it.each([
    [{ firstName: '', lastName: 'Soarer' }, 'First name is required'],
    [{ firstName: '   ', lastName: 'Soarer' }, 'First name is required'],
    [{ lastName: 'Soarer' }, 'First name is required'],
    [{ firstName: null, lastName: 'Soarer' }, 'First name is required'],
    [{ firstName: 42, lastName: 'Soarer' }, 'First name must be text'],
    [{ firstName: 'Sam', lastName: '\t' }, 'Last name is required'],
    [{ firstName: 'Sam', lastName: 'S'.repeat(61) }, 'Last name must be 60 characters or less'],
    [{ firstName: 'F'.repeat(3000), lastName: 'Soarer' }, 'First name must be 60 characters or less'],
  ])('sign-up with %j answers 400 "%s", creates no account and sends no code', async (names, message) => {
    const email = `refused-${t.mail.messages.length}-${String(Math.random()).slice(2, 8)}@example.org`;
    const mailsBefore = t.mail.messages.length;
    const response = await signUp(email, names);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await userRow(email)).toBeUndefined();
    expect(t.mail.messages.length).toBe(mailsBefore);
  });

  it('signs up with names trimmed, 60 characters allowed, and `name` "first last" whatever the client sent', async () => {
    const response = await signUp('trimmed@example.org', { firstName: '  Sam ', lastName: `${'L'.repeat(60)}  `, name: 'Someone Else' });
    expect(response.statusCode).toBe(200);
    expect(await userRow('trimmed@example.org')).toEqual({ firstName: 'Sam', lastName: 'L'.repeat(60), name: `Sam ${'L'.repeat(60)}` });
  });

  it('signing up again with an unconfirmed email and a blank name changes nothing and sends no code', async () => {
    await signUp('twice@example.org', { firstName: 'Tess', lastName: 'Twice' });
    await t.mail.waitForCode('twice@example.org');
    const mailsBefore = t.mail.messages.length;
    const response = await signUp('twice@example.org', { firstName: ' ', lastName: 'Twice' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('First name is required');
    expect(await userRow('twice@example.org')).toEqual({ firstName: 'Tess', lastName: 'Twice', name: 'Tess Twice' });
    expect(t.mail.messages.length).toBe(mailsBefore);
  });

  it('update-user stores a changed name trimmed and keeps `name` "first last" with the other stored name', async () => {
    const { email } = await createPerson(t.db, { first: 'Una', last: 'Update' });
    const cookie = await t.signIn(email);
    const response = await updateUser(cookie, { firstName: '  Ursula  ' });
    expect(response.statusCode).toBe(200);
    expect(await userRow(email)).toEqual({ firstName: 'Ursula', lastName: 'Update', name: 'Ursula Update' });
    // A `name` alone does not make it something else.
    expect((await updateUser(cookie, { name: 'Not Me' })).statusCode).toBe(200);
    expect(await userRow(email)).toEqual({ firstName: 'Ursula', lastName: 'Update', name: 'Ursula Update' });
  });

  it.each([
    [{ firstName: '' }, 'First name is required'],
    [{ lastName: '    ' }, 'Last name is required'],
    [{ lastName: null }, 'Last name is required'],
    [{ firstName: 'Valid', lastName: 'V'.repeat(61) }, 'Last name must be 60 characters or less'],
    [{ firstName: 'F'.repeat(3000) }, 'First name must be 60 characters or less'],
  ])('update-user with %j answers 400 "%s" and changes nothing', async (names, message) => {
    const { email } = await createPerson(t.db, { first: 'Stay', last: 'Same' });
    const response = await updateUser(await t.signIn(email), names);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await userRow(email)).toEqual({ firstName: 'Stay', lastName: 'Same', name: 'Stay Same' });
  });

  it('update-user signed out answers 401, not a name message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/update-user', payload: { firstName: '' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('trusted origins: PUBLIC_URL, and the address the page was opened at (auth/same-origin.ts)', () => {
  let t: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    behindProxy = await createTestApp({ trustProxy: true });
  });
  afterAll(async () => {
    await t.close();
    await behindProxy.close();
  });

  const signIn = async (app: TestApp, headers: Record<string, string>) => {
    const { email } = await createPerson(app.db);
    return app.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers, payload: { email, password: TEST_PASSWORD } });
  };

  it('signs in from a phone on the LAN: Origin http://192.168.1.5:3000 sent to Host 192.168.1.5:3000', async () => {
    const response = await signIn(t, { origin: 'http://192.168.1.5:3000', host: '192.168.1.5:3000' });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toContain('better-auth.session_token=');
  });

  it('signs in from http://127.0.0.1:3000, and from PUBLIC_URL whatever the Host', async () => {
    expect((await signIn(t, { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' })).statusCode).toBe(200);
    expect((await signIn(t, { origin: 'http://localhost:3000', host: '192.168.1.5:3000' })).statusCode).toBe(200);
  });

  it.each([
    ['another site', { origin: 'http://evil.example', host: 'localhost:3000' }],
    ['another site, sent to the LAN address', { origin: 'http://evil.example', host: '192.168.1.5:3000' }],
    ['another port of the same machine', { origin: 'http://192.168.1.5:8080', host: '192.168.1.5:3000' }],
    ['a host the request was not sent to', { origin: 'http://192.168.1.5:3000', host: 'localhost:3000' }],
    ['a scheme other than http and https', { origin: 'ftp://192.168.1.5:3000', host: '192.168.1.5:3000' }],
    ['X-Forwarded-Host without TRUST_PROXY', { origin: 'https://club.example', host: 'localhost:3000', 'x-forwarded-host': 'club.example' }],
  ])('refuses %s with 403 "Invalid origin"', async (_case, headers) => {
    const response = await signIn(t, headers);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Invalid origin');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('with TRUST_PROXY, takes the host from X-Forwarded-Host (a proxy that rewrites Host)', async () => {
    const proxied = { origin: 'https://club.example', host: '127.0.0.1:3000', 'x-forwarded-host': 'club.example' };
    expect((await signIn(behindProxy, proxied)).statusCode).toBe(200);
    const crossSite = { origin: 'https://evil.example', host: '127.0.0.1:3000', 'x-forwarded-host': 'club.example' };
    expect((await signIn(behindProxy, crossSite)).statusCode).toBe(403);
    // PUBLIC_URL stays trusted behind the proxy.
    expect((await signIn(behindProxy, { origin: 'http://localhost:3000', host: '127.0.0.1:3000' })).statusCode).toBe(200);
  });
});
