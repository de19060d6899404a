import { describe, expect, it } from 'vitest';
import { ApiError, CanceledError } from '../../lib/api.ts';
import { authErrorCode, authErrorMessage } from './auth-errors.ts';

/** A refusal as the client builds it from a better-auth answer ({code, message}). */
function refused(status: number, code?: string, message = 'from the server') {
  const body = code ? { code, message } : { message };
  return new ApiError(message, status, { status, headers: new Headers(), body });
}

describe('identity refusals become messages a person can act on', () => {
  it('a wrong password and an unknown email read the same', () => {
    expect(authErrorMessage(refused(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'))).toBe(
      'Incorrect email or password.',
    );
  });

  it('too many requests (429) says to wait, whatever the body', () => {
    expect(authErrorMessage(refused(429, undefined, 'Too many requests. Please try again later.'))).toBe(
      'Too many attempts. Wait a minute and try again.',
    );
  });

  it("the server's per-account limits show its own message, which says how long to wait", () => {
    const locked = 'Too many failed sign-ins for this account. Try again in 15 minutes, or reset your password.';
    expect(authErrorMessage(refused(429, 'TOO_MANY_FAILED_SIGN_INS', locked))).toBe(locked);
    const codes = 'Too many codes have been requested for this email address. Try again in 60 minutes.';
    expect(authErrorMessage(refused(429, 'TOO_MANY_CODE_REQUESTS', codes))).toBe(codes);
  });

  it('a wrong code says to check the email', () => {
    expect(authErrorMessage(refused(400, 'INVALID_OTP', 'Invalid OTP'))).toBe(
      'That code is not right. Check the email and try again.',
    );
  });

  it('an expired code, or one locked after too many guesses, says to send a new one', () => {
    expect(authErrorMessage(refused(400, 'OTP_EXPIRED', 'OTP expired'))).toBe(
      'That code has expired. Send a new code.',
    );
    expect(authErrorMessage(refused(403, 'TOO_MANY_ATTEMPTS', 'Too many attempts'))).toBe(
      'That code has expired. Send a new code.',
    );
  });

  it('a wrong old password on change password', () => {
    expect(authErrorMessage(refused(400, 'INVALID_PASSWORD', 'Invalid password'))).toBe(
      'Your old password is not correct.',
    );
  });

  it('an unconfirmed account is recognised by its code', () => {
    const error = refused(403, 'EMAIL_NOT_VERIFIED', 'Email not verified');
    expect(authErrorCode(error)).toBe('EMAIL_NOT_VERIFIED');
    expect(authErrorMessage(error)).toBe('Your email address is not confirmed yet. We can send a new code to it.');
  });

  it("other refusals show the server's own message (e.g. a password too short)", () => {
    expect(authErrorMessage(refused(400, 'PASSWORD_TOO_SHORT', 'Password too short'))).toBe('Password too short');
  });

  it('failures that are not refusals keep their message and have no code', () => {
    expect(authErrorCode(new CanceledError())).toBeUndefined();
    expect(authErrorMessage(new CanceledError())).toBe('Request is canceled by user');
    expect(
      authErrorMessage(new ApiError('Could not reach the server. Check your connection and try again.', 600)),
    ).toBe('Could not reach the server. Check your connection and try again.');
  });
});
