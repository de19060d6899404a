import { createServer, type Server, type Socket } from 'node:net';

/**
 * A replay APRS-IS server for the OGN feed's tests (docs/ogn.md "Proof"): TCP
 * on 127.0.0.1 speaking enough of APRS-IS for the feed client. It greets with
 * a `# aprsc` comment, reads the login line, answers `# logresp CALL
 * unverified, server TEST` (a `pass -1` login is read-only), records every
 * line a client sends (the logins, `#keepalive`), sends what the test writes
 * (comments and beacon lines) to every client, and can drop the connections
 * or stop listening and start again on the same port.
 */
export interface AprsTestServer {
  readonly port: number;
  readonly address: string;
  /** Every login line received, oldest first. */
  readonly logins: string[];
  /** Every line clients sent after their login. */
  readonly received: string[];
  readonly clients: number;
  /** Write lines to every logged-in client; answers when they are handed to the sockets. */
  send(lines: readonly string[]): Promise<void>;
  /** Close every client's connection (the listener stays). */
  drop(): void;
  /** Stop listening and drop everyone; start() listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `port`: listen on this one (a browser test names it in the server's environment before it starts); default any
 * free port.
 */
export async function startAprsServer(options: { port?: number } = {}): Promise<AprsTestServer> {
  const sockets = new Set<Socket>();
  const loggedIn = new Set<Socket>();
  const logins: string[] = [];
  const received: string[] = [];
  let server: Server;
  let port = options.port ?? 0;

  function listen(): Promise<void> {
    server = createServer((socket) => {
      sockets.add(socket);
      socket.setEncoding('utf8');
      socket.setNoDelay(true);
      socket.write('# aprsc 2.1.14 test replay server\r\n');
      let buffer = '';
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, end).replace(/\r$/, '');
          buffer = buffer.slice(end + 1);
          if (!loggedIn.has(socket)) {
            logins.push(line);
            loggedIn.add(socket);
            const call = /^user (\S+)/.exec(line)?.[1] ?? 'N0CALL';
            socket.write(`# logresp ${call} ${/ pass -1 /.test(line) ? 'unverified' : 'verified'}, server TEST\r\n`);
          } else received.push(line);
        }
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        loggedIn.delete(socket);
      });
    });
    return new Promise((resolve) =>
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as { port: number }).port;
        resolve();
      }),
    );
  }

  function drop() {
    for (const socket of sockets) socket.destroy();
  }

  await listen();
  return {
    get port() {
      return port;
    },
    get address() {
      return `127.0.0.1:${port}`;
    },
    logins,
    received,
    get clients() {
      return loggedIn.size;
    },
    async send(lines) {
      const text = lines.map((line) => `${line}\r\n`).join('');
      await Promise.all(
        [...loggedIn].map((socket) => new Promise<void>((resolve) => socket.write(text, () => resolve()))),
      );
    },
    drop,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      drop();
      await closed;
    },
    start: listen,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      drop();
      await closed;
    },
  };
}

/** Poll `check` until it holds (every 50 ms, up to `timeoutMs`): the feed works on its own timers. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 20_000,
  what = 'the condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
