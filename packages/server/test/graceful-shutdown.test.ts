import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text as readText } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { DRAINING_MESSAGE } from '../src/modules/system/health-service.ts';
import { createPostgresTestDatabase } from './helpers/test-app.ts';
import { freePort } from '../../../scripts/free-port.ts';
import { SHIPPED_TZDATA } from '@flightline/domain/time/shipped-tzdata';

/**
 * A rolling restart, as docs/deploy.md tells it: the real server process
 * (main.ts, as `npm start` runs it) is sent SIGTERM while a phone holds its
 * event stream and another phone's request is under way. For DRAIN_SECONDS
 * the process goes on serving but its health check answers 503 (the proxy
 * takes it out of rotation); then it ends the stream cleanly (the phone's
 * EventSource reconnects elsewhere), finishes the request under way, stops
 * accepting connections and exits 0. On PGlite, or on PostgreSQL in the
 * PostgreSQL pass.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// Long enough that the checks made during the drain finish inside it on a loaded machine.
const DRAIN_SECONDS = 6;
const MEMBER = 'member@demo.flightline.local';
/** The demo people's password on this test's server (DEMO_PASSWORD), in place of the random one. */
const DEMO_PASSWORD = 'shutdown-test-password';

/** Resolves when `text` has appeared in the output (already or later); rejects after `timeoutMs`. */
function waitForOutput(child: ChildProcess, output: string[], text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!output.join('').includes(text)) return false;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      resolve();
      return true;
    };
    const timer = setTimeout(() => {
      child.stdout!.off('data', check);
      reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${output.join('')}`));
    }, timeoutMs);
    if (!check()) child.stdout!.on('data', check);
  });
}

interface RawStream {
  status: number;
  /**
   * 'end': the server finished the response (a clean end, the browser reconnects); 'aborted': the connection was
   * cut.
   */
  finished: Promise<'end' | 'aborted'>;
  isFinished(): boolean;
  request: ClientRequest;
}

function openStream(baseUrl: string, cookie: string): Promise<RawStream> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      new URL('/api/events', baseUrl),
      { headers: { accept: 'text/event-stream', cookie } },
      (res) => {
        let done = false;
        const finished = new Promise<'end' | 'aborted'>((resolveFinished) => {
          res.on('end', () => {
            done = true;
            resolveFinished('end');
          });
          res.on('aborted', () => {
            done = true;
            resolveFinished('aborted');
          });
        });
        res.resume();
        resolve({ status: res.statusCode ?? 0, finished, isFinished: () => done, request });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe('graceful shutdown on SIGTERM (a rolling restart)', () => {
  let child: ChildProcess;
  let baseUrl: string;
  let port: number;
  const output: string[] = [];
  let dataDir: string | undefined;

  beforeAll(async () => {
    port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    let databaseEnv: Record<string, string>;
    if (process.env.TEST_DATABASE_URL) {
      const urls = await createPostgresTestDatabase();
      databaseEnv = { DATABASE_URL: urls.appUrl, MIGRATION_DATABASE_URL: urls.ownerUrl };
    } else {
      dataDir = mkdtempSync(join(tmpdir(), 'flightline-shutdown-'));
      databaseEnv = { DATA_DIR: dataDir };
    }
    child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...databaseEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseUrl,
        DRAIN_SECONDS: String(DRAIN_SECONDS),
        // The demo member is all it needs: the club's last season would only slow the start.
        SEED_DEMO_HISTORY: 'false',
        DEMO_PASSWORD,
        WEB_DIST: `${ROOT}/no-web-app-here`,
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    await waitForOutput(child, output, 'Flightline is serving on', 90_000);
  }, 120_000);

  afterAll(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'drains (health 503, the rest served), then ends the stream ' +
      'cleanly, finishes the request under way and exits 0',
    async () => {
      const health = await fetch(`${baseUrl}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ready: true, tzdata: SHIPPED_TZDATA });

      const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ email: MEMBER, password: DEMO_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const stream = await openStream(baseUrl, cookie);
      expect(stream.status).toBe(200);

      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      await waitForOutput(child, output, `SIGTERM: draining for ${DRAIN_SECONDS} s`, 10_000);

      // Draining: the proxy's health check is refused, everything else is served as before.
      const draining = await fetch(`${baseUrl}/api/health`);
      expect(draining.status).toBe(503);
      expect(draining.headers.get('retry-after')).toBe('2');
      expect(await draining.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: DRAINING_MESSAGE,
      });
      const served = await fetch(`${baseUrl}/api/check-version?version=0.0.1`);
      expect(served.status).toBe(200);

      // A sign-in under way: its headers are in before the close, its body comes after the stream has ended.
      const body = JSON.stringify({ email: MEMBER, password: DEMO_PASSWORD });
      const underWay = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = httpRequest(
          new URL('/api/auth/sign-in/email', baseUrl),
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: baseUrl },
          },
          (res) => resolve(readText(res).then((received) => ({ status: res.statusCode ?? 0, text: received }))),
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        void stream.finished.then(() => req.end(body.slice(10)));
      });
      expect(stream.isFinished()).toBe(false);

      expect(await stream.finished).toBe('end');
      expect(output.join('')).toContain('SIGTERM: closing the server and the database');
      const answer = await underWay;
      expect(answer.status, answer.text).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ user: { email: MEMBER } });

      expect(await exited).toBe(0);
      expect(output.join('')).toContain('Closed');
      expect(await refusesConnections(port)).toBe(true);
    },
    60_000,
  );
});
