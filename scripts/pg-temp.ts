import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { findPgBin } from './system-deps.ts';

export interface TempPostgres {
  url: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * A throwaway PostgreSQL server in a temporary folder, on a loopback port.
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 */
export async function startTempPostgres(): Promise<TempPostgres> {
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
  const [initCmd, initArgs] = asUser(`${bin}/initdb`, ['-D', data, '-U', 'flightline', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const port = await freePort();
  const [cmd, args] = asUser(`${bin}/postgres`, [
    '-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1',
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
  ]);
  const server: ChildProcess = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `postgres://flightline@127.0.0.1:${port}/postgres`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      if (Date.now() > deadline || server.exitCode !== null) {
        server.kill('SIGKILL');
        throw new Error(`PostgreSQL did not start: ${(error as Error).message}\n${log}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    async stop() {
      await new Promise<void>((resolve) => {
        server.once('exit', () => resolve());
        server.kill('SIGINT');
        setTimeout(() => server.kill('SIGKILL'), 10_000).unref();
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
