import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH, login, newPhonePage } from './browser.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import { startServer, type RunningServer } from './server.ts';

const RESULTS = fileURLToPath(new URL('../../test-results/', import.meta.url));

export interface OwnServerOptions {
  /** Writes into the fresh data folder before the server opens it (PGlite is single-process). */
  seed?: (dataDir: string) => Promise<void>;
  /** Added to the server's environment, e.g. `DEMO_TIMEZONE` or `SMTP_URL: ''`. */
  env?: NodeJS.ProcessEnv;
  /** Context options every phone of the file starts from: time zone, reducedMotion, acceptDownloads… */
  phone?: BrowserContextOptions;
  /** Delete the server's log first, for a file that reads it from the start. */
  freshLog?: boolean;
}

export interface PhoneOptions extends BrowserContextOptions {
  /** Runs on the new page before it logs in: init scripts, listeners that must see every request. */
  setUp?: (page: Page) => Promise<void> | void;
  /** The password of `email`; every demo account's by default. */
  password?: string;
}

export interface OwnServer {
  readonly baseUrl: string;
  readonly browser: Browser;
  /** test-results/NAME-server.log: the server's output. */
  readonly logFile: string;
  /** A phone page (375 px, its own context and cookies), logged in as `email` when one is given. */
  phone(email?: string, options?: PhoneOptions): Promise<Page>;
}

/**
 * A server of the file's own, for a browser test that writes what the other
 * files on the shared server read (or needs a club set up its own way): a
 * fresh data folder with the demo club, the real server on it and Chromium,
 * started in a beforeAll and closed in an afterAll. Call it at the top of the
 * file (or of a describe block, for a server per block), before the file's
 * own hooks: vitest runs them in the order they were registered, so the
 * file's beforeAll finds the server up.
 */
export function ownServer(name: string, options: OwnServerOptions = {}): OwnServer {
  const logFile = join(RESULTS, `${name}-server.log`);
  let dataDir: string | undefined;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined)
      throw new Error(`ownServer('${name}'): ${what} is not started yet; use it in a hook or a test`);
    return value;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `flightline-${name}-`));
    await options.seed?.(dataDir);
    if (options.freshLog) rmSync(logFile, { force: true });
    server = await startServer({ dataDir, logFile, env: options.env });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const field: OwnServer = {
    get baseUrl() {
      return started(server, 'the server').baseUrl;
    },
    get browser() {
      return started(browser, 'the browser');
    },
    logFile,
    async phone(email, { setUp, password = DEMO_PASSWORD, ...contextOptions } = {}) {
      const page = await newPhonePage(field.browser, field.baseUrl, { ...options.phone, ...contextOptions });
      await setUp?.(page);
      if (email) await login(page, email, password);
      return page;
    },
  };
  return field;
}
