import { randomUUID } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, isAPIError } from 'better-auth/api';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import { attemptTimes, deleteAttempt, deleteAttempts, recordAttempt, withEmailLock } from './attempts-repo.ts';

/** Limits per email, on top of better-auth's per-address ones (auth.ts rateLimit), which many addresses get around. */
export const ACCOUNT_LIMITS = {
  /** This many failed password sign-ins of one email within the window … */
  failedSignIns: 10,
  failedSignInWindowMinutes: 60,
  /** … lock its password sign-in for this long after the latest one. */
  signInLockMinutes: 15,
  /** Requests for an emailed code (confirmation or password reset) for one email within the window. */
  codeRequests: 5,
  codeRequestWindowMinutes: 60,
} as const;

/** The calls that mail a code to the body's `email` (sign-up mails the confirmation code). */
export const CODE_PATHS: readonly string[] = [
  '/sign-up/email',
  '/email-otp/send-verification-otp',
  '/email-otp/request-password-reset',
  '/forget-password/email-otp',
];

const SIGN_IN_PATH = '/sign-in/email';
const RESET_PATH = '/email-otp/reset-password';
const MINUTE_MS = 60_000;
const KEEP_MS = Math.max(ACCOUNT_LIMITS.failedSignInWindowMinutes, ACCOUNT_LIMITS.codeRequestWindowMinutes) * MINUTE_MS;

/** When a locked email's password sign-in opens again (epoch ms), or null when it is open. */
export function signInLockedUntil(failuresInWindow: Date[], now: number): number | null {
  const latest = failuresInWindow.at(-1);
  if (failuresInWindow.length < ACCOUNT_LIMITS.failedSignIns || !latest) return null;
  const until = latest.getTime() + ACCOUNT_LIMITS.signInLockMinutes * MINUTE_MS;
  return until > now ? until : null;
}

/** When the email may ask for another code (epoch ms), or null when it may now. */
export function codeRequestsOpenAt(requestsInWindow: Date[], now: number): number | null {
  if (requestsInWindow.length < ACCOUNT_LIMITS.codeRequests) return null;
  const leaving = requestsInWindow[requestsInWindow.length - ACCOUNT_LIMITS.codeRequests]!;
  const openAt = leaving.getTime() + ACCOUNT_LIMITS.codeRequestWindowMinutes * MINUTE_MS;
  return openAt > now ? openAt : null;
}

function minutes(ms: number): string {
  const count = Math.max(1, Math.ceil(ms / MINUTE_MS));
  return `${count} ${count === 1 ? 'minute' : 'minutes'}`;
}

function tooMany(code: string, message: string, waitMs: number): APIError {
  return new APIError('TOO_MANY_REQUESTS', { code, message }, { 'retry-after': String(Math.ceil(waitMs / 1000)) });
}

/** The email a call is about, as better-auth matches it (lower case); undefined when the call has none. */
function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string') return undefined;
  const key = email.trim().toLowerCase();
  if (key.length > 320)
    throw APIError.fromStatus('BAD_REQUEST', { code: 'INVALID_EMAIL', message: 'Enter a valid email address' });
  return key === '' ? undefined : key;
}

/**
 * better-auth plugin: per-email limits, counted in the database (0012) so
 * that every server process sees them. Counted for any email, with an account
 * or not, so a refusal says nothing about who is a member. Only calls that
 * come over HTTP are counted; the server's own calls are its code's.
 *
 * - 10 failed password sign-ins of an email within an hour lock its password
 *   sign-in for 15 minutes after the latest (429). A successful sign-in, or a
 *   password reset by emailed code, clears that email's failures (nobody
 *   else's: the count is per email).
 * - 5 requests for an emailed code per email an hour (429 after that, and no
 *   mail).
 */
export function accountLimits(options: { db: Kysely<DB>; now: () => number }): BetterAuthPlugin {
  const { db, now } = options;
  /** The failure each sign-in in flight was counted as, settled by its answer. */
  const pendingSignIns = new WeakMap<Request, { id: string; email: string }>();

  const checkSignIn = createAuthMiddleware(async (ctx) => {
    const email = emailOf(ctx.body);
    if (!email || !ctx.request) return;
    const at = now();
    const id = randomUUID();
    await withEmailLock(db, email, async (trx) => {
      const failures = await attemptTimes(
        trx,
        email,
        'sign_in_failure',
        new Date(at - ACCOUNT_LIMITS.failedSignInWindowMinutes * MINUTE_MS),
      );
      const until = signInLockedUntil(failures, at);
      if (until !== null) {
        const message =
          `Too many failed sign-ins for this account. Try again in ` +
          `${minutes(until - at)}, or reset your password.`;
        throw tooMany('TOO_MANY_FAILED_SIGN_INS', message, until - at);
      }
      // Counted as a failure until its answer says otherwise, so guesses sent all at once can't pass the count
      // together.
      await recordAttempt(trx, { id, email, kind: 'sign_in_failure', at: new Date(at) }, new Date(at - KEEP_MS));
    });
    pendingSignIns.set(ctx.request, { id, email });
  });

  const settleSignIn = createAuthMiddleware(async (ctx) => {
    const pending = ctx.request ? pendingSignIns.get(ctx.request) : undefined;
    if (!pending || !ctx.request) return;
    pendingSignIns.delete(ctx.request);
    const answer: unknown = ctx.context.returned;
    if (!isAPIError(answer)) {
      // The password was right: the person holds it, and the guesses before no longer count.
      await deleteAttempts(db, pending.email, 'sign_in_failure');
    } else if ((answer.body as { code?: unknown } | undefined)?.code !== 'INVALID_EMAIL_OR_PASSWORD') {
      // Refused for another reason (an unconfirmed email, bad input): not a wrong password.
      await deleteAttempt(db, pending.id);
    }
  });

  const checkCodeRequest = createAuthMiddleware(async (ctx) => {
    const email = emailOf(ctx.body);
    if (!email || !ctx.request) return;
    const at = now();
    await withEmailLock(db, email, async (trx) => {
      const requests = await attemptTimes(
        trx,
        email,
        'code_request',
        new Date(at - ACCOUNT_LIMITS.codeRequestWindowMinutes * MINUTE_MS),
      );
      const openAt = codeRequestsOpenAt(requests, at);
      if (openAt !== null) {
        const message =
          `Too many codes have been requested for this email ` + `address. Try again in ${minutes(openAt - at)}.`;
        throw tooMany('TOO_MANY_CODE_REQUESTS', message, openAt - at);
      }
      await recordAttempt(
        trx,
        { id: randomUUID(), email, kind: 'code_request', at: new Date(at) },
        new Date(at - KEEP_MS),
      );
    });
  });

  const clearAfterReset = createAuthMiddleware(async (ctx) => {
    if (isAPIError(ctx.context.returned as unknown)) return;
    const email = emailOf(ctx.body);
    // Whoever reset the password by the emailed code owns the account: its lock ends.
    if (email) await deleteAttempts(db, email, 'sign_in_failure');
  });

  return {
    id: 'flightline-account-limits',
    hooks: {
      before: [
        { matcher: (ctx) => ctx.path === SIGN_IN_PATH, handler: checkSignIn },
        { matcher: (ctx) => CODE_PATHS.includes(ctx.path ?? ''), handler: checkCodeRequest },
      ],
      after: [
        { matcher: (ctx) => ctx.path === SIGN_IN_PATH, handler: settleSignIn },
        { matcher: (ctx) => ctx.path === RESET_PATH, handler: clearAfterReset },
      ],
    },
  };
}
