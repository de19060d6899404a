import { ApiError, errorMessage } from '../../lib/api.ts';

/** What the account screens say when the identity service refuses (better-auth error codes). */
export const AUTH_MESSAGES = {
  wrongLogin: 'Incorrect email or password.',
  tooManyRequests: 'Too many attempts. Wait a minute and try again.',
  wrongCode: 'That code is not right. Check the email and try again.',
  expiredCode: 'That code has expired. Send a new code.',
  wrongOldPassword: 'Your old password is not correct.',
  notConfirmed: 'Your email address is not confirmed yet. We can send a new code to it.',
  invalidEmail: 'Enter a valid email address',
} as const;

/**
 * The server's per-account limits (a locked sign-in, too many codes for one
 * email): their message says how many minutes to wait, so it is shown as sent.
 */
const ACCOUNT_LIMIT_CODES: ReadonlySet<string> = new Set(['TOO_MANY_FAILED_SIGN_INS', 'TOO_MANY_CODE_REQUESTS']);

/** The better-auth code of a refused call (e.g. INVALID_OTP), if any. */
export function authErrorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.field<string>('code') : undefined;
}

/** The codes whose message is ours; any other failure shows the server's own message. */
const CODE_MESSAGES: ReadonlyMap<string, string> = new Map([
  ['INVALID_EMAIL_OR_PASSWORD', AUTH_MESSAGES.wrongLogin],
  ['EMAIL_NOT_VERIFIED', AUTH_MESSAGES.notConfirmed],
  ['INVALID_OTP', AUTH_MESSAGES.wrongCode],
  ['OTP_EXPIRED', AUTH_MESSAGES.expiredCode],
  // After too many wrong guesses the code is locked: only a new one helps.
  ['TOO_MANY_ATTEMPTS', AUTH_MESSAGES.expiredCode],
  ['INVALID_PASSWORD', AUTH_MESSAGES.wrongOldPassword],
  ['INVALID_EMAIL', AUTH_MESSAGES.invalidEmail],
]);

/** A message a person can act on for any failure of an identity call. */
export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  if (error instanceof ApiError && error.status === 429) {
    return code && ACCOUNT_LIMIT_CODES.has(code) ? errorMessage(error) : AUTH_MESSAGES.tooManyRequests;
  }
  return (code === undefined ? undefined : CODE_MESSAGES.get(code)) ?? errorMessage(error);
}
