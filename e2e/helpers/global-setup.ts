import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { APP_VERSION } from '@flightline/domain/app-version';
import { startSmtpCapture, type SmtpCapture } from '../../packages/server/test/helpers/smtp-capture.ts';
import { seedE2eFixtures } from './fixtures.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SERVER_LOG = join(ROOT, 'test-results', 'e2e-server.log');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real server, e.g. http://127.0.0.1:41234 */
    baseUrl: string;
    /** The mail-capture endpoint of this setup (see mail.ts). */
    mailUrl: string;
  }
}

/**
 * The browser tests' world: the built web app served by the real server
 * (`packages/server/src/main.ts` in a child process, PGlite in a fresh data
 * folder, the demo club seeded), sending its mail to an SMTP capture that
 * lives here. Tests reach the capture through a small loopback HTTP endpoint.
 */
export default async function setup(project: TestProject) {
  ensureWebBuild();
  const smtp = await startSmtpCapture();
  const mailServer = await startMailEndpoint(smtp);
  const mailUrl = `http://127.0.0.1:${(mailServer.address() as { port: number }).port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'flightline-e2e-'));
  await seedE2eFixtures(dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  const log = createWriteStream(SERVER_LOG);
  // Its own process group, so teardown stops npx, tsx and node together.
  const server = spawn('npx', ['tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: smtp.url,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      SEED_DEMO: 'true',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      // Each browser context sends its own X-Forwarded-For (browser.ts), so the
      // per-address sign-in limits stay real without one test starving the next.
      TRUST_PROXY: 'true',
      WEB_DIST: '',
    },
  });
  server.stdout?.pipe(log, { end: false });
  server.stderr?.pipe(log, { end: false });

  const stop = async () => {
    await stopGroup(server);
    log.end();
    await new Promise<void>((resolve) => mailServer.close(() => resolve()));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilServing(baseUrl, server);
  } catch (error) {
    await stop();
    const output = existsSync(SERVER_LOG) ? readFileSync(SERVER_LOG, 'utf8').slice(-4000) : '';
    throw new Error(`${(error as Error).message}\n--- server output (${SERVER_LOG}) ---\n${output}`);
  }
  project.provide('baseUrl', baseUrl);
  project.provide('mailUrl', mailUrl);
  return stop;
}

/** scripts/test.ts builds before this project; a direct `vitest --project e2e` may not have. */
function ensureWebBuild(): void {
  if (existsSync(join(ROOT, 'packages/web/dist/index.html'))) return;
  console.log('e2e: packages/web/dist is missing, building the web app…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('e2e: `npm run build` failed');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function waitUntilServing(baseUrl: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`e2e: the server exited with code ${server.exitCode} before serving`);
    try {
      const response = await fetch(`${baseUrl}/api/check-version?version=${APP_VERSION}`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`e2e: the server did not answer on ${baseUrl} within 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGTERM lets the server close its database; SIGKILL after 10 s. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const pid = child.pid;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
  // tsx's own child may outlive npx by a moment; make sure the group is gone.
  signal('SIGKILL');
}

/**
 * GET /count → { count }: messages received so far.
 * GET /code?to=EMAIL&since=N[&timeoutMs=T] → { code }: the 6-digit code in the
 *   latest message to EMAIL after the first N, waiting for it up to T ms (404 if none).
 * GET /messages?since=N → [{ to, raw }]
 */
async function startMailEndpoint(smtp: SmtpCapture): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const since = Math.max(0, Number(url.searchParams.get('since') ?? 0) || 0);
    if (request.method !== 'GET') return reply(405, { message: 'GET only' });
    if (url.pathname === '/count') return reply(200, { count: smtp.messages.length });
    if (url.pathname === '/messages') return reply(200, smtp.messages.slice(since));
    if (url.pathname === '/code') {
      const to = url.searchParams.get('to');
      if (!to) return reply(400, { message: 'to= is required' });
      const timeoutMs = Math.min(60_000, Number(url.searchParams.get('timeoutMs') ?? 10_000) || 10_000);
      smtp.waitForCode(to, since, timeoutMs).then(
        (code) => reply(200, { code }),
        (error: Error) => reply(404, { message: error.message }),
      );
      return;
    }
    reply(404, { message: `no such endpoint: ${url.pathname}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
