import nodemailer, { type Transporter } from 'nodemailer';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * With SMTP_URL, mail goes out through nodemailer. Without it, a newcomer
 * can still sign up: the message is written to the server log and kept in
 * the mail_outbox table.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  db: Kysely<DB>;
  log: (line: string) => void;
}): Mailer {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(withTimeouts(options.smtpUrl))
    : undefined;
  return {
    async send(mail) {
      if (transport) {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
        return;
      }
      await options.db
        .insertInto('mail_outbox')
        .values({ to_address: mail.to, subject: mail.subject, body: mail.text })
        .execute();
      options.log(`[mail] no SMTP_URL set; message to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}

/** Outbound SMTP must not hang a request: bound connect and socket time through the URL. */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('connectionTimeout')) url.searchParams.set('connectionTimeout', '10000');
  if (!url.searchParams.has('socketTimeout')) url.searchParams.set('socketTimeout', '20000');
  return url.toString();
}
