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

/** A message a person can act on for any failure of an identity call. */
export function authErrorMessage(error: unknown): string {
  const code = authErrorCode(error);
  if (error instanceof ApiError && error.status === 429) {
    return code && ACCOUNT_LIMIT_CODES.has(code) ? errorMessage(error) : AUTH_MESSAGES.tooManyRequests;
  }
  switch (code) {
    case 'INVALID_EMAIL_OR_PASSWORD':
      return AUTH_MESSAGES.wrongLogin;
    case 'EMAIL_NOT_VERIFIED':
      return AUTH_MESSAGES.notConfirmed;
    case 'INVALID_OTP':
      return AUTH_MESSAGES.wrongCode;
    case 'OTP_EXPIRED':
    case 'TOO_MANY_ATTEMPTS':
      // After too many wrong guesses the code is locked: only a new one helps.
      return AUTH_MESSAGES.expiredCode;
    case 'INVALID_PASSWORD':
      return AUTH_MESSAGES.wrongOldPassword;
    case 'INVALID_EMAIL':
      return AUTH_MESSAGES.invalidEmail;
    default:
      return errorMessage(error);
  }
}
