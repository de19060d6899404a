import type { Mail } from '../mail/mailer.ts';

const purposes: Record<string, { subject: string; intro: string }> = {
  'email-verification': {
    subject: 'Your Flightline confirmation code',
    intro: 'Welcome to Flightline. Enter this code to confirm your email address:',
  },
  'forget-password': {
    subject: 'Your Flightline password reset code',
    intro: 'Someone asked to reset the password of your Flightline account. Enter this code to choose a new one:',
  },
};

export function codeMail(email: string, code: string, type: string): Mail {
  const purpose = purposes[type] ?? { subject: 'Your Flightline code', intro: 'Your code:' };
  return {
    to: email,
    subject: purpose.subject,
    text:
      `${purpose.intro}\n\n    ${code}\n\nThe code is valid for 10 ` +
      `minutes. If you did not ask for it, ignore this message.\n`,
  };
}

/**
 * Signing up with an email that already has a confirmed account (issue 25
 * item 12): the sign-up answers as for a new one (no account enumeration),
 * and the address's owner is told, by mail, how to get in.
 */
export function existingAccountMail(email: string, publicUrl: string): Mail {
  const at = (path: string) => new URL(path, publicUrl).toString();
  return {
    to: email,
    subject: 'You already have a Flightline account',
    text:
      `Someone, probably you, tried to sign up for Flightline with this ` +
      `email address (${email}), but it already has an account. ` +
      `No new account was made and no confirmation code is needed.\n\n` +
      `Log in with this email address:\n\n    ${at('/login')}\n\n` +
      `Forgot your password? Reset it with a code we email you:\n\n    ${at('/login/reset')}\n\n` +
      `If you did not try to sign up, ignore this message: nothing was changed.\n`,
  };
}
