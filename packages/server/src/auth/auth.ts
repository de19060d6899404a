import { betterAuth } from 'better-auth';
import { emailOTP } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accountLimits } from './account-limits.ts';
import { codeMail, existingAccountMail } from './code-mail.ts';
import { nameRules } from './name-rules.ts';
import { openPaths } from './open-paths.ts';
import { sameOrigin } from './same-origin.ts';

export interface AuthOptions {
  db: Kysely<DB>;
  mailer: Mailer;
  secret: string;
  baseURL: string;
  /** Requests per window on sign-in, sign-up and code endpoints; lower in tests that prove it. */
  rateLimitMax?: number | undefined;
  /** The clock of the per-account limits (epoch ms); tests move it. */
  now?: (() => number) | undefined;
}

/** Where better-auth answers (auth/mount.ts). */
export const AUTH_BASE_PATH = '/api/auth';

/** Header the HTTP layer fills with the client's address (Fastify's request.ip). */
export const CLIENT_IP_HEADER = 'x-flightline-client-ip';

/** How long a session read from the database is trusted from its signed cookie (better-auth's cookie cache). */
export const SESSION_CACHE_SECONDS = 60;

/** The signed-in person of a request, as the session read gives them (http/context.ts). */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The session's id (its row in `session`): the live streams are counted and ended by it. */
  sessionId?: string;
}

export function createAuth(options: AuthOptions) {
  const sensitiveMax = options.rateLimitMax ?? 10;
  const sendCode = async (email: string, otp: string, type: string) => {
    await options.mailer.send(codeMail(email, otp, type));
  };
  const auth = betterAuth({
    appName: 'Flightline',
    baseURL: options.baseURL,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    // PUBLIC_URL (baseURL) is trusted always; this adds the address the page was opened at.
    trustedOrigins: sameOrigin,
    database: { db: options.db, type: 'postgres' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // A reset by emailed code ends every session of the account (a stolen phone stays signed out).
      revokeSessionsOnPasswordReset: true,
      // Signing up again with an unconfirmed email resends the code; with a confirmed one, the owner is
      // mailed that the account exists (log in, or reset the password). The answer is the same either way.
      async onExistingUserSignUp({ user }) {
        if (!user.emailVerified) {
          await auth.api.sendVerificationOTP({ body: { email: user.email, type: 'email-verification' } });
        } else {
          await options.mailer.send(existingAccountMail(user.email, options.baseURL));
        }
      },
    },
    emailVerification: { autoSignInAfterVerification: true },
    hooks: { before: nameRules },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // Every call reads the session (the line page polls every 10 s from each phone): a signed
      // cookie holding it for a minute saves two queries on most reads. Writes always read the
      // database (http/context.ts), so a session ended elsewhere can't change anything at once;
      // reads see it end within that minute (decision 0006).
      cookieCache: { enabled: true, maxAge: SESSION_CACHE_SECONDS },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: sensitiveMax },
        '/sign-up/email': { window: 60, max: sensitiveMax },
        '/email-otp/*': { window: 60, max: sensitiveMax },
        '/forget-password/*': { window: 60, max: sensitiveMax },
      },
    },
    advanced: {
      // better-auth skips its origin check when NODE_ENV is test (vitest sets it, and the e2e server inherits it):
      // checked always, the tests prove what production does.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // A session read from the database is one query (session joined to its user), not two: every
      // write reads it, and every read whose cookie cache has expired (http/context.ts).
      database: { generateId: () => crypto.randomUUID(), joins: true },
    },
    telemetry: { enabled: false },
    plugins: [
      openPaths(AUTH_BASE_PATH),
      accountLimits({ db: options.db, now: options.now ?? Date.now }),
      emailOTP({
        overrideDefaultEmailVerification: true,
        // Accounts are made by /sign-up/email only, under the name rules; never by a sign-in code.
        disableSignUp: true,
        sendVerificationOnSignUp: true,
        otpLength: 6,
        expiresIn: 600,
        allowedAttempts: 5,
        storeOTP: 'hashed',
        async sendVerificationOTP({ email, otp, type }) {
          await sendCode(email, otp, type);
        },
      }),
    ],
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
