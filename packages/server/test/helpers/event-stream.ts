import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

/** One server-sent event as a browser's EventSource would see it; comments are counted apart. */
export interface ReceivedEvent {
  id: string;
  event: string;
  data: string;
}

export interface EventStreamClient {
  status: number;
  headers: IncomingHttpHeaders;
  /** Every event received so far, in order. */
  events: ReceivedEvent[];
  /** Comment lines received (heartbeats). */
  comments: string[];
  /** The `retry:` field, when sent. */
  retryMs: number | undefined;
  /** Resolves with the first event (received already or later) that matches; rejects after `timeoutMs`. */
  waitFor(match: (event: ReceivedEvent) => boolean, timeoutMs?: number, what?: string): Promise<ReceivedEvent>;
  /** Resolves once `count` comments have arrived. */
  waitForComments(count: number, timeoutMs?: number): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * A real HTTP client of `GET /api/events` (the server must listen): parses
 * the stream as the EventSource specification does (fields `id`, `event`,
 * `data`, `retry`; a blank line dispatches; `:` starts a comment).
 */
export function connectEvents(
  baseUrl: string,
  options: { cookie?: string; lastEventId?: string; query?: string; headers?: Record<string, string> } = {},
): Promise<EventStreamClient> {
  const url = new URL(`/api/events${options.query ?? ''}`, baseUrl);
  const headers: Record<string, string> = { accept: 'text/event-stream', ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res: IncomingMessage) => {
      const events: ReceivedEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      const notify = () => {
        for (const waiter of [...waiters]) waiter();
      };
      let buffer = '';
      let current: ReceivedEvent = { id: '', event: 'message', data: '' };
      let dataLines: string[] = [];
      let lastId = '';
      const client: EventStreamClient = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        retryMs: undefined,
        waitFor(match, timeoutMs = 3_000, what = 'an event') {
          return new Promise((resolveWait, rejectWait) => {
            const check = () => {
              const found = events.find(match);
              if (!found) return false;
              waiters.delete(check);
              clearTimeout(timer);
              resolveWait(found);
              return true;
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              rejectWait(new Error(`no ${what} within ${timeoutMs} ms; received ${JSON.stringify(events)}`));
            }, timeoutMs);
            if (!check()) waiters.add(check);
          });
        },
        waitForComments(count, timeoutMs = 3_000) {
          return new Promise((resolveWait, rejectWait) => {
            const check = () => {
              if (comments.length < count) return;
              waiters.delete(check);
              clearTimeout(timer);
              resolveWait();
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              rejectWait(new Error(`${comments.length} of ${count} comments within ${timeoutMs} ms`));
            }, timeoutMs);
            waiters.add(check);
            check();
          });
        },
        ended: new Promise((resolveEnd) => {
          res.on('end', resolveEnd);
          res.on('close', resolveEnd);
        }),
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let newline: number;
        while ((newline = buffer.search(/\r\n|\r|\n/)) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
          if (line === '') {
            if (dataLines.length > 0) {
              events.push({ ...current, id: lastId, data: dataLines.join('\n') });
            }
            current = { id: '', event: 'message', data: '' };
            dataLines = [];
            continue;
          }
          if (line.startsWith(':')) {
            comments.push(line.slice(1).trim());
            continue;
          }
          const colon = line.indexOf(':');
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
          if (field === 'data') dataLines.push(value);
          else if (field === 'event') current.event = value;
          else if (field === 'id') lastId = value;
          else if (field === 'retry') client.retryMs = Number(value);
        }
        notify();
      });
      resolve(client);
    });
    req.on('error', reject);
    req.end();
  });
}
