import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startSmtpCapture, type SmtpCapture } from '../../packages/server/test/helpers/smtp-capture.ts';
import { seedE2eFixtures } from './fixtures.ts';
import { freePort, startServer, type RunningServer } from './server.ts';

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

  let server: RunningServer;
  try {
    server = await startServer({
      dataDir,
      port,
      logFile: SERVER_LOG,
      env: {
        SMTP_URL: smtp.url,
        // Each browser context sends its own X-Forwarded-For (browser.ts), so the
        // per-address sign-in limits stay real without one test starving the next.
        TRUST_PROXY: 'true',
      },
    });
  } catch (error) {
    await new Promise<void>((resolve) => mailServer.close(() => resolve()));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    await server.stop();
    await new Promise<void>((resolve) => mailServer.close(() => resolve()));
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  project.provide('baseUrl', server.baseUrl);
  project.provide('mailUrl', mailUrl);
  return stop;
}

/**
 * scripts/test.ts builds before this project; a direct `vitest --project e2e` may not have. E2E_WEB_DIST names
 * another build to test (`vite build --outDir …`), so that several people can test their own builds side by side.
 */
function ensureWebBuild(): void {
  if (process.env.E2E_WEB_DIST) {
    if (!existsSync(join(process.env.E2E_WEB_DIST, 'index.html')))
      throw new Error(`e2e: E2E_WEB_DIST ${process.env.E2E_WEB_DIST} has no index.html`);
    return;
  }
  if (existsSync(join(ROOT, 'packages/web/dist/index.html'))) return;
  console.log('e2e: packages/web/dist is missing, building the web app…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('e2e: `npm run build` failed');
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
