import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { APP_VERSION } from '@flightline/domain/api/app-version';
import { freePort } from '../../scripts/free-port.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The build under test: packages/web/dist, or another one named by E2E_WEB_DIST (`vite build --outDir …`). */
export const WEB_DIST = process.env.E2E_WEB_DIST || join(ROOT, 'packages/web/dist');

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  /** SIGTERM (the server closes its database), SIGKILL after 10 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export { freePort };

/**
 * The real server (`packages/server/src/main.ts`) in a child process on
 * PGlite in `dataDir`, serving the built web app; resolves once it answers.
 */
export async function startServer(options: {
  dataDir: string;
  port?: number;
  logFile: string;
  env?: NodeJS.ProcessEnv;
  /** Start it as `npm run serve`, the way README's users do, instead of `npx tsx`. */
  npmServe?: boolean;
}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  mkdirSync(dirname(options.logFile), { recursive: true });
  const log = createWriteStream(options.logFile, { flags: 'a' });
  // Its own process group, so stopping ends npx (or npm), tsx and node together.
  const [command, args] = options.npmServe
    ? ['npm', ['run', 'serve']]
    : ['npx', ['tsx', 'packages/server/src/main.ts']];
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      SEED_DEMO: 'true',
      // The browser tests count on the demo club exactly as it is made, without its last season.
      SEED_DEMO_HISTORY: 'false',
      // The tests sign in as the demo people: a known password, on a loopback server.
      DEMO_PASSWORD,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      WEB_DIST,
      ...options.env,
    },
  });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    const code = await stopGroup(child, exited);
    // The server's last lines can still be in the pipes after npx has exited: copy them until the pipes close (the
    // whole group is gone by now), then stop copying, so nothing is written to the log once it has ended.
    await Promise.race([
      Promise.all([child.stdout, child.stderr].map(closed)),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
    child.stdout?.unpipe(log);
    child.stderr?.unpipe(log);
    // The whole log is on disk before a test reads it.
    await new Promise<void>((resolve) => log.end(resolve));
    return code;
  };
  try {
    await waitUntilServing(baseUrl, child);
  } catch (error) {
    await stop();
    const output = existsSync(options.logFile) ? readFileSync(options.logFile, 'utf8').slice(-4000) : '';
    throw new Error(`${(error as Error).message}\n--- server output (${options.logFile}) ---\n${output}`);
  }
  return { baseUrl, process: child, stop };
}

async function waitUntilServing(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`e2e: the server exited with code ${server.exitCode} before serving`);
    try {
      const response = await fetch(`${baseUrl}/api/check-version?version=${APP_VERSION}`, {
        signal: AbortSignal.timeout(2_000),
      });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`e2e: the server did not answer on ${baseUrl} within 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Resolves once `stream` has closed (at once when there is none, or it already has). */
function closed(stream: Readable | null): Promise<void> {
  if (!stream || stream.closed) return Promise.resolve();
  return new Promise((resolve) => stream.once('close', () => resolve()));
}

async function stopGroup(child: ChildProcess, exited: Promise<number | null>): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return child.exitCode;
  const pid = child.pid;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  const code = await exited;
  clearTimeout(timer);
  // tsx's own child may outlive npx by a moment; make sure the group is gone.
  signal('SIGKILL');
  return code;
}
