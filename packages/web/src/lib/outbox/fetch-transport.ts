import { callRequest } from '@flightline/domain/api/call-request';
import type { SessionInfo } from '@flightline/domain/api/types';
import type { OutboxTransport } from '@flightline/domain/field/outbox';

/**
 * The outbox's way to the server, with fetch only (no DOM), so the service
 * worker's Background Sync uses it too. An entry goes as its declared call
 * travels: method and path from the call's name, its input as the JSON body.
 * A delivery that gets no answer within the timeout counts as no answer: its
 * idempotency key makes the next one safe.
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
  const origin = (options.origin ?? '').replace(/\/+$/, '');
  const fetchFn = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  return {
    async send(entry) {
      const { method, path, sent } = callRequest(entry.call, entry.input);
      try {
        const response = await fetchFn(origin + path, {
          method,
          credentials: 'same-origin',
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify(sent),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        return {
          status: response.status,
          body: await bodyOf(response),
          retryAfter: response.headers.get('retry-after'),
        };
      } catch {
        return { status: 0 };
      }
    },
    async whoami() {
      try {
        const response = await fetchFn(origin + callRequest('GET /api/session', {}).path, {
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(WHOAMI_TIMEOUT_MS),
        });
        if (response.status === 401) return null;
        if (!response.ok) return undefined;
        // GET /api/session's answer, as declared (the JSON read is the wire's, trusted as lib/api.ts trusts it).
        const session: Partial<Pick<SessionInfo, 'isAuthenticated' | 'userID'>> = await response.json();
        return session.isAuthenticated && session.userID ? session.userID : null;
      } catch {
        return undefined;
      }
    },
  };
}
