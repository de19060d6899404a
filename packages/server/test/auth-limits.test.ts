import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ACCOUNT_LIMITS } from '../src/auth/account-limits.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { createPerson, TEST_PASSWORD, useTestApp } from './helpers/test-app.ts';

const MINUTE = 60_000;
const START = Date.parse('2026-06-01T12:00:00Z');
const LOCKED = /^Too many failed sign-ins for this account\. Try again in (\d+) minutes?, or reset your password\.$/;

describe(
  'per-account sign-in lock: 10 failed password sign-ins in an hour ' +
    'lock that email for 15 minutes (auth/account-limits.ts)',
  () => {
    // Behind a proxy, so each attempt can come from its own address.
    const t = useTestApp({ trustProxy: true, now: START });

    let address = 0;
    /** A sign-in from an address never used before: the per-address limit never applies. */
    const signIn = (email: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'x-forwarded-for': `10.${Math.floor(++address / 250)}.${address % 250}.7` },
        payload: { email, password },
      });
    const failTimes = async (email: string, times: number) => {
      for (let i = 0; i < times; i++) expect((await signIn(email, `wrong-password-${i}`)).statusCode).toBe(401);
    };

    it('the limits are the ones documented', () => {
      expect(ACCOUNT_LIMITS).toEqual({
        failedSignIns: 10,
        failedSignInWindowMinutes: 60,
        signInLockMinutes: 15,
        codeRequests: 5,
        codeRequestWindowMinutes: 60,
      });
    });

    it(
      'after 10 failures from 10 addresses the right password is refused with ' +
        '429 and the minutes to wait; after 15 minutes it works',
      async () => {
        t.clock.set(START);
        const { email } = await createPerson(t.db);
        await failTimes(email, 10);
        const locked = await signIn(email, TEST_PASSWORD);
        expect(locked.statusCode).toBe(429);
        expect(locked.json()).toMatchObject({
          code: 'TOO_MANY_FAILED_SIGN_INS',
          message: 'Too many failed sign-ins for this account. Try again in 15 minutes, or reset your password.',
        });
        expect(locked.headers['retry-after']).toBe('900');
        expect(locked.headers['set-cookie']).toBeUndefined();

        t.clock.set(START + 14 * MINUTE + 1);
        const stillLocked = await signIn(email, TEST_PASSWORD);
        expect(stillLocked.statusCode).toBe(429);
        expect(stillLocked.json().message).toBe(
          'Too many failed sign-ins for this account. Try again in 1 minute, or reset your password.',
        );

        t.clock.set(START + 15 * MINUTE);
        const open = await signIn(email, TEST_PASSWORD);
        expect(open.statusCode).toBe(200);
        expect(String(open.headers['set-cookie'])).toContain('better-auth.session_token=');
      },
    );

    it('once the lock ends, a wrong guess while the hour still holds 10 failures locks it again at once', async () => {
      t.clock.set(START);
      const { email } = await createPerson(t.db);
      await failTimes(email, 10);
      t.clock.set(START + 15 * MINUTE);
      expect((await signIn(email, 'yet-another-guess')).statusCode).toBe(401);
      const relocked = await signIn(email, TEST_PASSWORD);
      expect(relocked.statusCode).toBe(429);
      expect(relocked.json().message).toMatch(LOCKED);
      expect(relocked.json().message).toContain('15 minutes');
    });

    it("9 failures do not lock; a success clears the account's failures, so 9 more do not either", async () => {
      t.clock.set(START);
      const { email } = await createPerson(t.db);
      await failTimes(email, 9);
      expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
      await failTimes(email, 9);
      expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('failures older than an hour no longer count', async () => {
      t.clock.set(START);
      const { email } = await createPerson(t.db);
      await failTimes(email, 9);
      t.clock.set(START + 61 * MINUTE);
      await failTimes(email, 9);
      expect((await signIn(email, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('the lock is per email: a locked account does not hold back another one', async () => {
      t.clock.set(START);
      const locked = await createPerson(t.db);
      const other = await createPerson(t.db);
      await failTimes(locked.email, 10);
      expect((await signIn(locked.email, TEST_PASSWORD)).statusCode).toBe(429);
      expect((await signIn(other.email, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('an email with no account locks the same way, so the answer tells nobody who is a member', async () => {
      t.clock.set(START);
      const email = 'nobody-here@example.org';
      await failTimes(email, 10);
      const locked = await signIn(email, 'any-password');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().message).toBe(
        'Too many failed sign-ins for this account. Try again in 15 minutes, or reset your password.',
      );
    });

    it('the email is matched as the sign-in matches it: in any letter case', async () => {
      t.clock.set(START);
      const { email } = await createPerson(t.db);
      for (let i = 0; i < 10; i++)
        expect((await signIn(i % 2 ? email.toUpperCase() : email, `wrong-${i}`)).statusCode).toBe(401);
      expect((await signIn(email.toUpperCase(), TEST_PASSWORD)).statusCode).toBe(429);
    });

    it('guesses sent all at once stop at 10: the rest are refused, not checked', async () => {
      t.clock.set(START);
      const { email } = await createPerson(t.db);
      const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => signIn(email, `parallel-guess-${i}`)));
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([...Array(10).fill(401), ...Array(6).fill(429)]);
    });

    it('a password reset by emailed code ends the lock', async () => {
      t.clock.set(START);
      const { email } = await createPerson(t.db);
      await failTimes(email, 10);
      const mailsBefore = t.mail.messages.length;
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/email-otp/request-password-reset', payload: { email } }))
          .statusCode,
      ).toBe(200);
      const otp = await t.mail.waitForCode(email, mailsBefore);
      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/email-otp/reset-password',
        payload: { email, otp, password: 'the-new-password' },
      });
      expect(reset.statusCode).toBe(200);
      expect((await signIn(email, 'the-new-password')).statusCode).toBe(200);
    });

    it('the count lives in the database: another server process on it refuses the locked email too', async () => {
      t.clock.set(START);
      const { email } = await createPerson(t.db);
      await failTimes(email, 10);
      const second = await buildApp({
        database: t.database,
        mailer: createMailer({
          smtpUrl: t.mail.url,
          from: 'Flightline <test@flightline.local>',
          db: t.db,
          log: () => {},
        }),
        authSecret: 'another-process-secret-that-is-long-enough-0123',
        publicUrl: 'http://localhost:3000',
        now: t.clock.now,
        rateLimitMax: 1000,
        webDist: undefined,
      });
      try {
        const locked = await second.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          payload: { email, password: TEST_PASSWORD },
        });
        expect(locked.statusCode).toBe(429);
        expect(locked.json().message).toMatch(LOCKED);
      } finally {
        await second.app.close();
      }
    });
  },
);

describe(
  'per-email limit on emailed codes: 5 an hour, confirmation ' + 'and reset together (auth/account-limits.ts)',
  () => {
    const t = useTestApp({ trustProxy: true, now: START });

    let address = 0;
    const call = (url: string, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url, headers: { 'x-forwarded-for': `10.200.${++address % 250}.9` }, payload });
    const requestReset = (email: string) => call('/api/auth/email-otp/request-password-reset', { email });
    const mailsTo = (email: string) => t.mail.messages.filter((m) => m.to.includes(email.toLowerCase())).length;
    const TOO_MANY = 'Too many codes have been requested for this email address. Try again in 60 minutes.';

    it(
      'five reset codes are mailed; the sixth request answers 429 and mails ' +
        'nothing, from any address; an hour later it mails again',
      async () => {
        t.clock.set(START);
        const { email } = await createPerson(t.db);
        for (let i = 1; i <= 5; i++) {
          const before = t.mail.messages.length;
          expect((await requestReset(email)).statusCode).toBe(200);
          await t.mail.waitForCode(email, before);
        }
        expect(mailsTo(email)).toBe(5);
        const refused = await requestReset(email);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ code: 'TOO_MANY_CODE_REQUESTS', message: TOO_MANY });
        // The deprecated twin of the reset call is closed, so it mails nothing either.
        expect((await call('/api/auth/forget-password/email-otp', { email })).statusCode).toBe(404);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(mailsTo(email)).toBe(5);

        t.clock.set(START + 60 * MINUTE);
        const before = t.mail.messages.length;
        expect((await requestReset(email)).statusCode).toBe(200);
        await t.mail.waitForCode(email, before);
        expect(mailsTo(email)).toBe(6);
      },
    );

    it('an email with no account is refused at the same request, with the same answer', async () => {
      t.clock.set(START);
      const email = 'no-account-here@example.org';
      for (let i = 0; i < 5; i++) expect((await requestReset(email)).statusCode).toBe(200);
      const refused = await requestReset(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(TOO_MANY);
      expect(mailsTo(email)).toBe(0);
    });

    it('sign-up and confirmation codes count in the same five', async () => {
      t.clock.set(START);
      const email = 'new-member@example.org';
      const signUp = await call('/api/auth/sign-up/email', {
        email,
        password: 'a-good-password',
        firstName: 'Nina',
        lastName: 'New',
      });
      expect(signUp.statusCode).toBe(200);
      await t.mail.waitForCode(email);
      for (let i = 0; i < 3; i++) {
        const before = t.mail.messages.length;
        expect(
          (await call('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' })).statusCode,
        ).toBe(200);
        await t.mail.waitForCode(email, before);
      }
      expect((await requestReset(email)).statusCode).toBe(200);
      const refused = await call('/api/auth/email-otp/send-verification-otp', { email, type: 'email-verification' });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(TOO_MANY);
      const again = await call('/api/auth/sign-up/email', {
        email,
        password: 'a-good-password',
        firstName: 'Nina',
        lastName: 'New',
      });
      expect(again.statusCode).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(mailsTo(email)).toBe(5);
    });

    it('the wait counts from the oldest request of the hour', async () => {
      t.clock.set(START);
      const email = 'spread-out@example.org';
      for (let i = 0; i < 5; i++) {
        t.clock.set(START + i * 10 * MINUTE);
        expect((await requestReset(email)).statusCode).toBe(200);
      }
      t.clock.set(START + 45 * MINUTE);
      expect((await requestReset(email)).json().message).toBe(
        'Too many codes have been requested for this email address. Try again in 15 minutes.',
      );
      t.clock.set(START + 60 * MINUTE);
      expect((await requestReset(email)).statusCode).toBe(200);
    });
  },
);
