import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { verifyEmail } from '@flightline/domain/api/auth';
import { SESSION_CACHE_SECONDS } from '../src/auth/auth.ts';
import { OPEN_AUTH_CALLS } from '../src/auth/open-paths.ts';
import { cookieCacheExpiry } from '../src/auth/session-memo.ts';
import { CROSS_SITE_REQUESTS } from './helpers/api.ts';
import {
  createClub,
  createPerson,
  createTestApp,
  TEST_PASSWORD,
  useTestApp,
  type TestApp,
} from './helpers/test-app.ts';

/** The cookies of a reply, as the Cookie header a browser sends back. */
const cookiesOf = (headers: Record<string, unknown>) =>
  ([] as string[])
    .concat((headers['set-cookie'] as string | string[] | undefined) ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
const only = (cookie: string, name: string) =>
  cookie
    .split('; ')
    .filter((c) => c.startsWith(`${name}=`))
    .join('; ');

describe('sign-up with an emailed code', () => {
  const t = useTestApp();

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

  it(
    "the code's answer holds what the web app reads (the declared " +
      'verify-email answer): the names given at sign-up',
    async () => {
      await signUp('named@example.org');
      const code = await t.mail.waitForCode('named@example.org');
      const verified = await t.app.inject({
        method: 'POST',
        url: '/api/auth/email-otp/verify-email',
        payload: { email: 'named@example.org', otp: code },
      });
      expect(verified.statusCode).toBe(200);
      expect(verifyEmail.answer.parse(verified.json())).toEqual({ user: { firstName: 'Sam', lastName: 'Soarer' } });
    },
  );

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

  it(
    'signing up with a confirmed account answers as for a new address and ' +
      'mails the owner that the account exists (issue 25 item 12)',
    async () => {
      const { email } = await createPerson(t.db, { first: 'Connie', last: 'Confirmed', email: 'connie@example.org' });
      const fresh = await signUp('brand.new@example.org');
      const before = t.mail.messages.length;
      const existing = await signUp('Connie@Example.org');
      // The same status and the same shape: nothing tells that this address has an account.
      expect(existing.statusCode).toBe(fresh.statusCode);
      expect(existing.statusCode).toBe(200);
      const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
        token: body.token,
        user: Object.keys(body.user).sort(),
      });
      expect(shape(existing.json())).toEqual(shape(fresh.json()));
      expect(existing.json()).toMatchObject({
        token: null,
        user: { email: 'connie@example.org', firstName: 'Sam', lastName: 'Soarer', emailVerified: false },
      });
      // One mail to the owner, saying so, with no code in it; no second account, the names unchanged.
      await vi.waitFor(() => expect(t.mail.messages.length).toBe(before + 1));
      const mail = t.mail.messages[before]!;
      expect(mail.to).toEqual([email]);
      const [headers = '', ...rest] = mail.raw.split(/\r?\n\r?\n/);
      const body = rest
        .join('\n\n')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
        .replace(/\r\n/g, '\n');
      expect(headers).toContain('Subject: You already have a Flightline account');
      expect(body).toBe(
        'Someone, probably you, tried to sign up for Flightline with this email ' +
          'address (connie@example.org), but it already has an account. ' +
          'No new account was made and no confirmation code is needed.\n\n' +
          'Log in with this email address:\n\n    http://localhost:3000/login\n\n' +
          'Forgot your password? Reset it with a code we email you:\n\n    http://localhost:3000/login/reset\n\n' +
          'If you did not try to sign up, ignore this message: nothing was changed.\n',
      );
      const users = await t.db
        .selectFrom('user')
        .select(['firstName', 'lastName'])
        .where('email', '=', 'connie@example.org')
        .execute();
      expect(users).toEqual([{ firstName: 'Connie', lastName: 'Confirmed' }]);
    },
  );

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
  const t = useTestApp();

  const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });

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

describe('names on accounts (first and last, 1–60 characters, trimmed, as POST /api/pilot)', () => {
  const t = useTestApp();

  const signUp = (email: string, names: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'a-good-password', name: 'Sam Soarer', ...names },
    });
  const userRow = (email: string) =>
    t.db.selectFrom('user').select(['firstName', 'lastName', 'name']).where('email', '=', email).executeTakeFirst();
  const updateUser = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie, origin: 'http://localhost:3000' },
      payload,
    });

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

  it(
    'signs up with names trimmed, 60 characters allowed, and ' + '`name` "first last" whatever the client sent',
    async () => {
      const response = await signUp('trimmed@example.org', {
        firstName: '  Sam ',
        lastName: `${'L'.repeat(60)}  `,
        name: 'Someone Else',
      });
      expect(response.statusCode).toBe(200);
      expect(await userRow('trimmed@example.org')).toEqual({
        firstName: 'Sam',
        lastName: 'L'.repeat(60),
        name: `Sam ${'L'.repeat(60)}`,
      });
    },
  );

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

  it('update-user, which the web app does not use, is closed: 404 and the names stay', async () => {
    const { email } = await createPerson(t.db, { first: 'Stay', last: 'Same' });
    const response = await updateUser(await t.signIn(email), { firstName: 'F'.repeat(3000), name: 'Someone Else' });
    expect(response.statusCode).toBe(404);
    expect(await userRow(email)).toEqual({ firstName: 'Stay', lastName: 'Same', name: 'Stay Same' });
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
    return app.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers,
      payload: { email, password: TEST_PASSWORD },
    });
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
    ...CROSS_SITE_REQUESTS,
    ['a host the request was not sent to', { origin: 'http://192.168.1.5:3000', host: 'localhost:3000' }],
    ['a scheme other than http and https', { origin: 'ftp://192.168.1.5:3000', host: '192.168.1.5:3000' }],
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
    expect((await signIn(behindProxy, { origin: 'http://localhost:3000', host: '127.0.0.1:3000' })).statusCode).toBe(
      200,
    );
  });
});

describe(
  'ending the other sessions: a password reset, and a change ' + 'with "sign out other devices" (decision 0006)',
  () => {
    const t = useTestApp();

    const ORIGIN = 'http://localhost:3000';
    /** A write any signed-in person may make: POST /api/pilot with their own names. */
    const write = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pilot',
        headers: { cookie, origin: ORIGIN },
        payload: { first: 'Pat', last: 'Pilot' },
      });
    const read = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    const sessionRows = async (userId: string) =>
      Number(
        (
          await t.db
            .selectFrom('session')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('userId', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it(
      'a reset by emailed code ends every session: refused on a ' + 'write at once, on a read once not cached',
      async () => {
        const { email, userId } = await createPerson(t.db);
        const phone = await t.signIn(email);
        const laptop = await t.signIn(email);
        expect((await write(phone)).statusCode).toBe(200);

        const mailsBefore = t.mail.messages.length;
        const requested = await t.app.inject({
          method: 'POST',
          url: '/api/auth/email-otp/request-password-reset',
          payload: { email },
        });
        expect(requested.statusCode).toBe(200);
        const code = await t.mail.waitForCode(email, mailsBefore);
        const reset = await t.app.inject({
          method: 'POST',
          url: '/api/auth/email-otp/reset-password',
          payload: { email, otp: code, password: 'a-brand-new-password' },
        });
        expect(reset.statusCode).toBe(200);
        expect(await sessionRows(userId)).toBe(0);

        // Both devices still hold a cache cookie under a minute old: a write reads the database and is refused …
        const refused = await write(phone);
        expect(refused.statusCode).toBe(401);
        expect((await write(laptop)).statusCode).toBe(401);
        // … and tells the browser to drop both cookies.
        const cleared = ([] as string[]).concat(refused.headers['set-cookie'] ?? []);
        expect(cleared.some((c) => c.startsWith('better-auth.session_token=;') && /Max-Age=0\b/.test(c))).toBe(true);
        expect(cleared.some((c) => c.startsWith('better-auth.session_data=;') && /Max-Age=0\b/.test(c))).toBe(true);
        // A read may trust the cache for the rest of its minute (the line poll's figures); once it is gone, signed out.
        expect((await read(phone)).json()).toMatchObject({ isAuthenticated: true, userID: userId });
        expect((await read(only(phone, 'better-auth.session_token'))).json()).toMatchObject({
          isAuthenticated: false,
          userID: null,
        });

        // The new password signs in; the old one does not.
        const signIn = (password: string) =>
          t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });
        expect((await signIn(TEST_PASSWORD)).statusCode).toBe(401);
        expect((await signIn('a-brand-new-password')).statusCode).toBe(200);
      },
    );

    it(
      'a change of password with revokeOtherSessions refuses the ' +
        'other device on a write at once and keeps this one',
      async () => {
        const { email, userId } = await createPerson(t.db);
        const phone = await t.signIn(email);
        const laptop = await t.signIn(email);
        const changed = await t.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          headers: { cookie: laptop, origin: ORIGIN },
          payload: { currentPassword: TEST_PASSWORD, newPassword: 'another-good-password', revokeOtherSessions: true },
        });
        expect(changed.statusCode).toBe(200);
        expect(await sessionRows(userId)).toBe(1);
        expect((await write(phone)).statusCode).toBe(401);
        // The laptop carries on with the session the change gave it.
        expect((await write(cookiesOf(changed.headers))).statusCode).toBe(200);
      },
    );

    it('a sign-out on one device leaves the other signed in', async () => {
      const { email } = await createPerson(t.db);
      const phone = await t.signIn(email);
      const laptop = await t.signIn(email);
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: laptop, origin: ORIGIN },
        payload: {},
      });
      expect(out.statusCode).toBe(200);
      expect((await write(laptop)).statusCode).toBe(401);
      expect((await write(phone)).statusCode).toBe(200);
    });
  },
);

describe("a read's session remembered until its cookie cache expires (auth/session-memo.ts)", () => {
  const t = useTestApp();

  const ORIGIN = 'http://localhost:3000';
  const lineRead = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/ground-status', headers: { cookie } });

  it("a sign-in's cookie cache is one this process can date: it expires within SESSION_CACHE_SECONDS", async () => {
    const { email } = await createPerson(t.db);
    const before = Date.now();
    const cookie = await t.signIn(email);
    const expiry = cookieCacheExpiry(cookie);
    expect(expiry).toBeGreaterThan(before);
    expect(expiry).toBeLessThanOrEqual(Date.now() + SESSION_CACHE_SECONDS * 1000);
  });

  it('asks better-auth once for the reads of one cookie, and for every write', async () => {
    const club = await createClub(t.db);
    const { email } = await createPerson(t.db, { club });
    const cookie = await t.signIn(email);
    const getSession = vi.spyOn(t.auth.api, 'getSession');
    try {
      for (let i = 0; i < 3; i++) expect((await lineRead(cookie)).statusCode).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(1);
      const write = await t.app.inject({
        method: 'POST',
        url: '/api/pilot',
        headers: { cookie, origin: ORIGIN },
        payload: { first: 'Pat', last: 'Pilot' },
      });
      expect(write.statusCode).toBe(200);
      expect(getSession).toHaveBeenCalledTimes(2);
    } finally {
      getSession.mockRestore();
    }
  });

  it('a remembered session still meets its membership at once: deactivated, the next read is refused', async () => {
    const club = await createClub(t.db);
    const { email, userId } = await createPerson(t.db, { club });
    const cookie = await t.signIn(email);
    expect((await lineRead(cookie)).statusCode).toBe(200);
    await t.db.updateTable('pilot').set({ is_active: false }).where('user_id', '=', userId).execute();
    const refused = await lineRead(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/has not been activated at this club/);
  });
});

describe('only the sign-in the spec offers (auth/open-paths.ts)', () => {
  const t = useTestApp();

  const userRow = (email: string) =>
    t.db.selectFrom('user').select(['id', 'name']).where('email', '=', email).executeTakeFirst();
  const sessionCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('session')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const newEmail = () => `open-${String(Math.random()).slice(2, 10)}@example.org`;

  it(
    'sign-in by emailed code answers 404, even with a code the ' + 'server issued, and creates no user and no session',
    async () => {
      const email = newEmail();
      const otp = await t.auth.api.createVerificationOTP({ body: { email, type: 'sign-in' } });
      const sessionsBefore = await sessionCount();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email-otp',
        payload: { email, otp, name: 'N'.repeat(3000), firstName: 'F'.repeat(3000), lastName: 'L'.repeat(3000) },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('No such call: POST /api/auth/sign-in/email-otp');
      expect(await userRow(email)).toBeUndefined();
      expect(await sessionCount()).toBe(sessionsBefore);
      expect(response.headers['set-cookie']).toBeUndefined();
    },
  );

  it(
    'the email-otp plugin itself creates no account from a sign-in ' +
      "code (disableSignUp), even for the server's own calls",
    async () => {
      const email = newEmail();
      const otp = await t.auth.api.createVerificationOTP({ body: { email, type: 'sign-in' } });
      const body = { email, otp, name: 'N'.repeat(3000), firstName: 'F'.repeat(3000), lastName: 'L'.repeat(3000) };
      await expect(t.auth.api.signInEmailOTP({ body })).rejects.toMatchObject({
        statusCode: 400,
        body: { code: 'INVALID_OTP' },
      });
      expect(await userRow(email)).toBeUndefined();
    },
  );

  it('no spelling of a closed path reaches it', async () => {
    const email = newEmail();
    const otp = await t.auth.api.createVerificationOTP({ body: { email, type: 'sign-in' } });
    for (const path of [
      '/sign-in/email-otp/',
      '/Sign-In/Email-OTP',
      '/sign-in/email%2Dotp',
      '//sign-in/email-otp',
      '/x/../sign-in/email-otp',
      '/sign-in/email-otp?x=1',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/auth${path}`,
        payload: { email, otp, name: 'N'.repeat(3000) },
      });
      expect([path, response.statusCode]).toEqual([path, 404]);
    }
    expect(await userRow(email)).toBeUndefined();
  });

  it('every better-auth endpoint the web app does not call answers 404; the open ones exist', async () => {
    const endpoints = Object.values(
      t.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
    ).filter(
      (endpoint): endpoint is { path: string; options?: { method?: string | string[] } } =>
        typeof endpoint.path === 'string',
    );
    const calls = endpoints.flatMap((endpoint) =>
      ([] as string[])
        .concat(endpoint.options?.method ?? 'GET')
        .map((method) => `${method === '*' ? 'POST' : method} ${endpoint.path}`),
    );
    for (const open of OPEN_AUTH_CALLS) expect(calls).toContain(open);
    const closed = calls.filter((call) => !OPEN_AUTH_CALLS.has(call));
    // Among them: sign-in by code, social sign-in, update-user, change-email, delete-user, the session lists.
    for (const call of [
      'POST /sign-in/email-otp',
      'POST /sign-in/social',
      'POST /update-user',
      'POST /change-email',
      'POST /delete-user',
      'GET /list-sessions',
      'GET /get-session',
    ]) {
      expect(closed).toContain(call);
    }
    for (const call of closed) {
      const [method, path] = call.split(' ') as ['GET' | 'POST', string];
      const url = `/api/auth${path.replace(/:[a-z]+/gi, 'x')}`;
      const response = await t.app.inject({
        method,
        url,
        ...(method === 'POST' ? { payload: { email: newEmail(), name: 'N'.repeat(3000) } } : {}),
      });
      expect([call, response.statusCode]).toEqual([call, 404]);
    }
  });

  it('no open call creates an account with a 3,000-character name', async () => {
    for (const call of OPEN_AUTH_CALLS) {
      const email = newEmail();
      const path = call.split(' ')[1]!;
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/auth${path}`,
        payload: {
          email,
          password: 'a-good-password',
          name: 'N'.repeat(3000),
          firstName: 'F'.repeat(3000),
          lastName: 'L'.repeat(3000),
          otp: '123456',
          type: 'email-verification',
          currentPassword: 'a-good-password',
          newPassword: 'another-good-password',
        },
      });
      expect([call, response.statusCode < 500]).toEqual([call, true]);
      expect([call, await userRow(email)]).toEqual([call, undefined]);
    }
    const longest = await t.db
      .selectFrom('user')
      .select((eb) => eb.fn.max(eb.fn('length', ['name'])).as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(longest.n)).toBeLessThanOrEqual(121);
  });

  it(
    'send-verification-otp mails confirmation codes only: a ' + 'sign-in or reset type answers 400 and sends nothing',
    async () => {
      const { email } = await createPerson(t.db);
      const mailsBefore = t.mail.messages.length;
      for (const type of ['sign-in', 'forget-password']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/auth/email-otp/send-verification-otp',
          payload: { email, type },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Only email confirmation codes are sent here (type "email-verification")');
      }
      expect(t.mail.messages.length).toBe(mailsBefore);
    },
  );
});
