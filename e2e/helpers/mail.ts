import { inject } from 'vitest';

/** The mail the real server sent, as captured by global-setup.ts's SMTP server. */
async function ask<T>(path: string): Promise<T> {
  const response = await fetch(`${inject('mailUrl')}${path}`, { signal: AbortSignal.timeout(65_000) });
  const body = (await response.json()) as T & { message?: string };
  if (!response.ok) throw new Error(body.message ?? `mail capture answered ${response.status}`);
  return body;
}

/** How many messages have arrived so far; pass it as `since` to wait for the next one. */
export async function mailCount(): Promise<number> {
  return (await ask<{ count: number }>('/count')).count;
}

/** The 6-digit code in the latest message to `to` after the first `since`, waiting up to `timeoutMs`. */
export async function mailedCode(to: string, since = 0, timeoutMs = 10_000): Promise<string> {
  const query = new URLSearchParams({ to, since: String(since), timeoutMs: String(timeoutMs) });
  return (await ask<{ code: string }>(`/code?${query}`)).code;
}

export interface MailedMessage {
  to: string[];
  raw: string;
}

/** Every message after the first `since`, raw (headers and body). */
export async function mailedMessages(since = 0): Promise<MailedMessage[]> {
  return ask<MailedMessage[]>(`/messages?since=${since}`);
}
