import type { OutboxTransport } from '@flightline/domain/field/outbox';

/**
 * The outbox's way to the server, with fetch only (no DOM), so the service
 * worker's Background Sync uses it too. A delivery that gets no answer within
 * the timeout counts as no answer: its idempotency key makes the next one safe.
 */

const SEND_TIMEOUT_MS = 20_000;
const WHOAMI_TIMEOUT_MS = 10_000;

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createFetchTransport(options: { origin?: string; fetch?: typeof fetch } = {}): OutboxTransport {
  const base = `${(options.origin ?? '').replace(/\/+$/, '')}/api`;
  const fetchFn = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return {
    async send(entry) {
      try {
        const response = await fetchFn(base + entry.path, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify(entry.body),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        return { status: response.status, body: await bodyOf(response), retryAfter: response.headers.get('retry-after') };
      } catch {
        return { status: 0 };
      }
    },
    async whoami() {
      try {
        const response = await fetchFn(`${base}/session`, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(WHOAMI_TIMEOUT_MS) });
        if (response.status === 401) return null;
        if (!response.ok) return undefined;
        const session = (await response.json()) as { isAuthenticated?: boolean; userID?: string | null };
        return session.isAuthenticated && session.userID ? session.userID : null;
      } catch {
        return undefined;
      }
    },
  };
}
