import { describe, expect, it } from 'vitest';
import { changePasswordSchema, resetConfirmSchema, signupSchema } from '@flightline/domain/schemas/account';
import { checkForm } from './field-errors.ts';

const signup = {
  email: ' ada@example.org ',
  first: ' Ada ',
  last: 'Lovelace',
  password: 'analytical',
  confirmPassword: 'analytical',
};

describe('forms are checked with the shared schemas, first message per field', () => {
  it('valid signup values come back parsed (trimmed)', () => {
    const checked = checkForm(signupSchema, signup);
    expect(checked.ok).toBe(true);
    expect(checked.data).toEqual({ ...signup, email: 'ada@example.org', first: 'Ada' });
    expect(checked.errors).toEqual({});
  });

  it('each field keeps only its first message', () => {
    const checked = checkForm(signupSchema, {
      email: '',
      first: ' ',
      last: 'Lovelace',
      password: 'short',
      confirmPassword: 'short',
    });
    expect(checked.ok).toBe(false);
    expect(checked.data).toBeNull();
    expect(checked.errors).toEqual({
      email: 'Email is required',
      first: 'First name is required',
      password: 'Password must be at least 8 characters',
    });
  });

  it('signup: the confirmation must equal the password', () => {
    expect(checkForm(signupSchema, { ...signup, confirmPassword: 'analytica' }).errors).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('reset: the code is required and the passwords must match', () => {
    expect(
      checkForm(resetConfirmSchema, { code: ' ', password: 'new-password', confirmPassword: 'new-password' }).errors,
    ).toEqual({
      code: 'Code is required',
    });
    expect(
      checkForm(resetConfirmSchema, { code: '123456', password: 'new-password', confirmPassword: 'other' }).errors,
    ).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });

  it('change password: old required, new at least 8 characters', () => {
    expect(
      checkForm(changePasswordSchema, { oldPassword: '', password: 'short', confirmPassword: 'short' }).errors,
    ).toEqual({
      oldPassword: 'Old password is required',
      password: 'Password must be at least 8 characters',
    });
  });
});
