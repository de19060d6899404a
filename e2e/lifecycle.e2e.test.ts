import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, screenshot } from './helpers/browser.ts';
import { DEMO, DEMO_PASSWORD } from './helpers/demo-accounts.ts';
import { startServer } from './helpers/server.ts';

const RESULTS = fileURLToPath(new URL('../test-results/', import.meta.url));
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flightline-lifecycle-'));
  folders.push(dir);
  return dir;
}

async function signIn(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    // Node's fetch sends Sec-Fetch-Mode, so better-auth wants the Origin a browser would send.
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('the server process', () => {
  it('closes cleanly on SIGTERM, and a restart on the same DATA_DIR keeps what was written', async () => {
    const dataDir = dataFolder();
    const logFile = join(RESULTS, 'lifecycle-restart.log');
    rmSync(logFile, { force: true });
    const first = await startServer({ dataDir, logFile });
    const cookie = await signIn(first.baseUrl, DEMO.member);
    const me = (await (await fetch(`${first.baseUrl}/api/session`, { headers: { cookie } })).json()) as {
      userID: string;
    };
    const saved = await fetch(`${first.baseUrl}/api/update-item/`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'PILOT',
        id: me.userID,
        data: {
          emContact: 'Rex Restart',
          emPhone: '555-0142',
          emRelation: 'Brother',
          phone: '555-0100',
          email: '',
          address: '',
          emNote: '',
          emLink: '',
          shareEmail: false,
          sharePhone: true,
          shareAddress: false,
        },
      }),
    });
    expect(saved.status).toBe(200);
    await first.stop();
    expect(readFileSync(logFile, 'utf8')).toContain('SIGTERM: closing the server and the database');

    const second = await startServer({ dataDir, logFile });
    try {
      const again = await signIn(second.baseUrl, DEMO.member);
      const pilot = (await (await fetch(`${second.baseUrl}/api/get-pilot`, { headers: { cookie: again } })).json()) as {
        emContact: string;
        phone: string;
      };
      expect(pilot).toMatchObject({ emContact: 'Rex Restart', phone: '555-0100' });
      // The demo club was found, not created again.
      const log = readFileSync(logFile, 'utf8');
      expect(log.match(/Demo club "Demo Soaring Club" created/g)?.length).toBe(1);
    } finally {
      await second.stop();
    }
  });

  it('`npm run serve` closes cleanly on a SIGTERM sent to npm alone, and leaves no process behind', async () => {
    const logFile = join(RESULTS, 'lifecycle-npm-serve.log');
    rmSync(logFile, { force: true });
    const server = await startServer({ dataDir: dataFolder(), logFile, npmServe: true });
    const npm = server.process;
    const group = -(npm.pid ?? 0);
    const groupAlive = () => {
      try {
        return process.kill(group, 0);
      } catch {
        return false;
      }
    };
    try {
      const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
        npm.once('exit', (code, signal) => resolve([code, signal])),
      );
      const outputEnded = new Promise((resolve) => npm.once('close', resolve));
      // npm's pid only, as a service manager or `kill <pid>` sends it; not the process group.
      npm.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
      // npm waited for the server: nothing is left in npm's process group to hold the data folder.
      expect(groupAlive()).toBe(false);
      await outputEnded;
    } finally {
      // An orphan left by a regression would outlive the test.
      if (groupAlive()) process.kill(group, 'SIGKILL');
      await server.stop();
    }
    expect(readFileSync(logFile, 'utf8')).toContain('SIGTERM: closing the server and the database');
  });

  it('a signed-in phone whose app version the server no longer supports sees "Time for an Update"', async () => {
    const server = await startServer({
      dataDir: dataFolder(),
      logFile: join(RESULTS, 'lifecycle-update.log'),
      env: { MIN_CLIENT_VERSION: '99.0.0' },
    });
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    try {
      const context = await browser.newContext({
        baseURL: server.baseUrl,
        viewport: { width: 375, height: 667 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      // Signed out, the landing page still shows: the update screen is for signed-in users.
      await page.goto('/');
      await page.getByRole('link', { name: 'Log In', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Log In', exact: true }).click();
      await page.getByLabel('Email', { exact: true }).fill(DEMO.member);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByRole('heading', { name: 'Time for an Update' }).waitFor();
      const text = await page.locator('main').textContent();
      expect(text).toContain('Windows');
      expect(text).toContain('Mac');
      expect(text).toContain('Phones and tablets');
      expect(await page.getByText('Your account balance').count()).toBe(0);
      await screenshot(page, 'lifecycle-update-required');
    } finally {
      await browser.close();
      await server.stop();
    }
  });
});
