import { connect, type Socket } from 'node:net';

/**
 * One APRS-IS connection (docs/ogn.md "The feed"): TCP to the server, the
 * login line, `#keepalive` at least every 4 minutes, lines split and handed
 * on (the server's own `#` lines are not beacons and are not handed on), and
 * a reconnect with backoff when the connection drops, is refused, or goes
 * silent (an APRS-IS server sends a `#` comment every 20 s or so).
 */
export interface AprsClientOptions {
  /** host:port */
  server: string;
  /** The login line, without its newline; a change reconnects with the new one. */
  login: string;
  onLine(line: string, receivedMs: number): void;
  onConnected(connected: boolean): void;
  now(): number;
  log(message: string): void;
  /** Default 3 min: the servers drop a client silent for longer than about 5. */
  keepaliveMs?: number;
  /** Default 2 min of nothing received: the connection is dead. */
  silenceMs?: number;
  /** Reconnect delays, doubling from the first to the last (default 1 s to 60 s: back within 2 minutes of the feed). */
  retryMinMs?: number;
  retryMaxMs?: number;
}

const MAX_LINE = 4096;

export interface AprsClient {
  setLogin(login: string): void;
  readonly connected: boolean;
  /** Whether the server said `# logresp … verified` or `unverified` (a read-only login is unverified). */
  readonly loginAnswer: string | null;
  close(): void;
}

export function startAprsClient(options: AprsClientOptions): AprsClient {
  const keepaliveMs = options.keepaliveMs ?? 180_000;
  const silenceMs = options.silenceMs ?? 120_000;
  const retryMinMs = Math.max(1_000, options.retryMinMs ?? 1_000);
  const retryMaxMs = options.retryMaxMs ?? 60_000;
  let login = options.login;
  let socket: Socket | null = null;
  let connected = false;
  let loginAnswer: string | null = null;
  let closed = false;
  let failures = 0;
  let retry: NodeJS.Timeout | null = null;
  let keepalive: NodeJS.Timeout | null = null;
  let silence: NodeJS.Timeout | null = null;

  const [host, portText] = splitServer(options.server);

  function setConnected(value: boolean) {
    if (connected === value) return;
    connected = value;
    options.onConnected(value);
  }

  function armSilence(s: Socket) {
    if (silence) clearTimeout(silence);
    silence = setTimeout(() => {
      options.log(`OGN: nothing from ${options.server} for ${Math.round(silenceMs / 1000)} s; reconnecting`);
      s.destroy();
    }, silenceMs);
  }

  function open() {
    retry = null;
    if (closed) return;
    const s = connect({ host, port: portText });
    socket = s;
    let buffer = '';
    s.setEncoding('utf8');
    s.setNoDelay(true);
    s.on('connect', () => {
      s.write(`${login}\r\n`);
      setConnected(true);
      armSilence(s);
      keepalive = setInterval(() => s.write('#keepalive\r\n'), keepaliveMs);
    });
    s.on('data', (chunk: string) => {
      armSilence(s);
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, end).replace(/\r$/, '');
        buffer = buffer.slice(end + 1);
        if (line.startsWith('#')) {
          const answer = /^# logresp \S+ (unverified|verified)/.exec(line);
          if (answer) {
            loginAnswer = answer[1]!;
            failures = 0;
          }
          continue;
        }
        if (line !== '') options.onLine(line, options.now());
      }
      // A line longer than any APRS line: not this protocol; drop what was read.
      if (buffer.length > MAX_LINE) buffer = '';
    });
    s.on('error', (error) => {
      if (failures === 0) options.log(`OGN: ${options.server}: ${error.message}`);
    });
    s.on('close', () => {
      if (keepalive) clearInterval(keepalive);
      if (silence) clearTimeout(silence);
      keepalive = silence = null;
      if (socket === s) socket = null;
      loginAnswer = null;
      setConnected(false);
      if (closed || retry) return;
      const delay = Math.min(retryMaxMs, retryMinMs * 2 ** Math.min(failures, 10));
      failures++;
      retry = setTimeout(open, delay);
    });
  }

  open();

  return {
    setLogin(next) {
      if (next === login) return;
      login = next;
      failures = 0;
      // The new filter: the next connection logs in with it.
      socket?.destroy();
    },
    get connected() {
      return connected;
    },
    get loginAnswer() {
      return loginAnswer;
    },
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      socket?.destroy();
    },
  };
}

export function splitServer(server: string): [string, number] {
  const at = server.lastIndexOf(':');
  const host = (at > 0 ? server.slice(0, at) : server).replace(/^\[(.*)\]$/, '$1');
  const port = at > 0 ? Number(server.slice(at + 1)) : 14580;
  return [host, port];
}
