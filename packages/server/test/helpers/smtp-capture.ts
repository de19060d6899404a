import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a loopback port, kept in process: the product sends
 * through nodemailer exactly as in production and the test reads what arrived.
 */
export interface SmtpCapture {
  url: string;
  messages: CapturedMail[];
  /** Wait for the next message to `to` after `since` messages, and return its 6-digit code. */
  waitForCode(to: string, since?: number, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };

  function findCode(to: string, since: number): string | undefined {
    const mail = messages.slice(since).findLast((m) => m.to.includes(to.toLowerCase()));
    if (!mail) return undefined;
    const body = mail.raw
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n');
    return /\b(\d{6})\b/.exec(body)?.[1];
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForCode(to, since = 0, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const code = findCode(to, since);
          if (code) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(code);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No code mailed to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
