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
    text: `${purpose.intro}\n\n    ${code}\n\nThe code is valid for 10 minutes. If you did not ask for it, ignore this message.\n`,
  };
}
