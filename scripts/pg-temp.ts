import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { findPgBin } from './system-deps.ts';
import { freePort } from './free-port.ts';

export interface TempPostgres {
  /** The superuser's URL (the database `postgres`). */
  url: string;
  /** Stop the server with `pg_ctl stop -m immediate` (no checkpoint, every connection cut). */
  kill(): Promise<void>;
  /** Start it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** What the server has logged since it (last) started: lock waits over a second among it (log_lock_waits). */
  log(): string;
}

/**
 * A throwaway PostgreSQL server in a temporary folder, on a loopback port.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 * fsync is off (the machine does not crash in a test, only the server may).
 */
export async function startTempPostgres(options: { durable?: boolean } = {}): Promise<TempPostgres> {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL server programs not found (apt-get install postgresql)');
  const dir = mkdtempSync(join(tmpdir(), 'flightline-pg-'));
  const data = join(dir, 'data');
  const isRoot = process.getuid?.() === 0;
  const asUser = (cmd: string, args: string[]): [string, string[]] =>
    isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const [initCmd, initArgs] = asUser(`${bin}/initdb`, [
    '-D',
    data,
    '-U',
    'flightline',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  const [cmd, args] = asUser(`${bin}/postgres`, [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=200',
    // Fast, but a crash loses the last commits; `durable` keeps every acknowledged commit across kill().
    '-c',
    `synchronous_commit=${options.durable ? 'on' : 'off'}`,
    // A statement waiting over a second for a lock is logged with who holds it: what a hung test needs explained.
    '-c',
    'log_lock_waits=on',
    '-c',
    'log_line_prefix=%m [%p] %d: ',
  ]);
  const url = `postgres://flightline@127.0.0.1:${port}/postgres`;
  let server: ChildProcess;
  let log = '';

  async function start(): Promise<void> {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    server = child;
    log = '';
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.end();
        return;
      } catch (error) {
        if (Date.now() > deadline || child.exitCode !== null) {
          child.kill('SIGKILL');
          throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${log}`);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** Send the server a signal (or, with send false, only wait), and resolve when it has exited; SIGKILL after 10 s. */
  function signal(name: NodeJS.Signals, send = true): Promise<void> {
    const child = server;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      if (send) child.kill(name);
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  }

  await start();
  return {
    url,
    async kill() {
      // runuser does not pass SIGQUIT on: pg_ctl signals the postmaster itself.
      const exited = signal('SIGKILL', false);
      const [ctl, ctlArgs] = asUser(`${bin}/pg_ctl`, ['stop', '-D', data, '-m', 'immediate', '-w']);
      execFileSync(ctl, ctlArgs, { stdio: 'ignore' });
      await exited;
    },
    start,
    log: () => log,
    async stop() {
      await signal('SIGINT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
