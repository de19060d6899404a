import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { DEMO_PASSWORD } from '../e2e/helpers/demo-accounts.ts';
import { startServer, type RunningServer } from '../e2e/helpers/server.ts';
import { printTable } from './ledger.ts';
import type { BenchmarkResult } from './run.ts';

/**
 * LIGHTHOUSE: what a phone on a weak connection sees. Lighthouse's default
 * config is its mobile preset (a Moto G Power's screen, simulated slow 4G:
 * 150 ms round trips and 1.6 Mbit/s, and a CPU 4× slower than this one).
 * The real server (PGlite, the demo club with its last season) serves the
 * built web app on a free loopback port, as `npm start` does; the demo
 * member signs in once and the session cookie goes with each signed-in
 * audit (Lighthouse's extraHeaders).
 * Each page is audited in a fresh profile (Lighthouse clears the origin's
 * cache and storage first), so every run is a first visit.
 *
 * Options: --no-build reuses packages/web/dist; --runs=N audits each page N
 * times and reports the median of each figure (default 3).
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT = join(ROOT, 'bench/out/lighthouse.json');
const REPORTS = join(ROOT, 'bench/out/lighthouse');
const CHROMIUM_PATH = '/usr/bin/chromium';
/** The machine has no internet: nothing may call out in the background. */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
const MEMBER_EMAIL = 'member@demo.flightline.local';
const SESSION_TOKEN = 'better-auth.session_token';
/** Every kind of storage, cookies included (Lighthouse's default keeps cookies, IndexedDB and local storage). */
const CLEAR_STORAGE: NonNullable<Parameters<typeof lighthouse>[1]>['clearStorageTypes'] = [
  'cookies',
  'file_systems',
  'indexeddb',
  'local_storage',
  'shader_cache',
  'service_workers',
  'cache_storage',
];

interface PageSpec {
  name: string;
  path: string;
  signedIn: boolean;
}

const PAGES: PageSpec[] = [
  { name: 'landing (signed out)', path: '/', signedIn: false },
  { name: 'member home', path: '/', signedIn: true },
  { name: 'crew', path: '/crew/', signedIn: true },
  { name: 'ground', path: '/ground/', signedIn: true },
  { name: 'fuel', path: '/fuel/', signedIn: true },
];

const TARGETS = { performance: 95, lcpMs: 2000, cls: 0.05, accessibility: 95 };

interface Figures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
}

interface Audited extends Figures {
  /** Accessibility audits that failed, with the first offending element. */
  accessibilityFailures: string[];
  lcpElement: string;
  /** Lighthouse's measure of this machine's speed during the run (higher is faster). */
  benchmarkIndex: number;
}

function option(args: string[], name: string, fallback: number): number {
  const found = args.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.split('=')[1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of at least 1`);
  return value;
}

/** The demo member's session token cookie, as a browser would hold it after signing in. */
async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: MEMBER_EMAIL, password: DEMO_PASSWORD }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in of ${MEMBER_EMAIL} answered ${response.status}: ${await response.text()}`);
  const token = cookiesOf(response).find((c) => c.startsWith(`${SESSION_TOKEN}=`));
  if (!token) throw new Error('sign-in set no session cookie');
  return token;
}

/**
 * The session token with a fresh one-minute session cache cookie (decision
 * 0006). With a fresh cache the server sets no cookie during the audit: a
 * cookie it set would go to Chromium's own jar, which then takes the place of
 * the Cookie header Lighthouse adds, and the page would lose the token.
 */
async function freshCookies(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/session`, { headers: { cookie: token } });
  const session = (await response.json()) as { isAuthenticated?: boolean };
  if (!session.isAuthenticated) throw new Error(`${MEMBER_EMAIL}'s session was refused (${response.status})`);
  return [token, ...cookiesOf(response).filter((c) => !c.startsWith(`${SESSION_TOKEN}=`) && !/^[^=]+=$/.test(c))].join(
    '; ',
  );
}

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((c) => c.split(';')[0]!);
}

/** Audits `url`; Lighthouse's whole report goes to bench/out/lighthouse/REPORT.json, to look into. */
async function audit(port: number, url: string, cookie: string | undefined, report: string): Promise<Audited> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    clearStorageTypes: CLEAR_STORAGE,
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError)
    throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  writeFileSync(join(REPORTS, `${report}.json`), JSON.stringify(lhr));
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (value === undefined) throw new Error(`${url}: no ${id} figure (${lhr.audits[id]?.errorMessage ?? 'missing'})`);
    return value;
  };
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id]!)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        a.scoreDisplayMode !== 'notApplicable' &&
        a.scoreDisplayMode !== 'informative',
    )
    .map((a) => `${a.id}${firstNode(a.details)}`);
  const lcpElement = firstNode(lhr.audits['largest-contentful-paint-element']?.details).replace(/^: /, '');
  return {
    performance: score('performance'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    accessibility: score('accessibility'),
    accessibilityFailures,
    lcpElement,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** ": <selector or snippet>" of the first element an audit's details name, or ''. */
function firstNode(details: unknown): string {
  const found = JSON.stringify(details ?? {}).match(/"snippet":"((?:[^"\\]|\\.){0,160})/);
  return found ? `: ${JSON.parse(`"${found[1]}"`) as string}` : '';
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function medianFigures(runs: Audited[]): Figures {
  const of = (key: keyof Figures) => median(runs.map((r) => r[key]));
  return {
    performance: of('performance'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    accessibility: of('accessibility'),
  };
}

function meets(f: Figures): boolean {
  return (
    f.performance >= TARGETS.performance &&
    f.lcpMs <= TARGETS.lcpMs &&
    f.cls <= TARGETS.cls &&
    f.accessibility >= TARGETS.accessibility
  );
}

export async function run(args: string[]): Promise<BenchmarkResult> {
  const runs = option(args, 'runs', 3);
  if (!args.includes('--no-build')) {
    const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    if (build.status !== 0) throw new Error('`npm run build` failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'flightline-lighthouse-'));
  mkdirSync(REPORTS, { recursive: true });
  let server: RunningServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const results: Record<string, { median: Figures; met: boolean; runs: Audited[] }> = {};
  try {
    // With its last season, as `npm start` makes it: the member's pages carry a real history (the browser tests' server
    // leaves it out).
    server = await startServer({
      dataDir,
      logFile: join(ROOT, 'bench/out/lighthouse-server.log'),
      env: { SEED_DEMO_HISTORY: 'true' },
    });
    const token = await signIn(server.baseUrl);
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_FLAGS,
      logLevel: 'silent',
    });
    for (const page of PAGES) {
      const audited: Audited[] = [];
      for (let i = 0; i < runs; i++) {
        const report = page.name.replace(/\W+/g, '-').replace(/-$/, '');
        audited.push(
          await audit(
            chrome.port,
            server.baseUrl + page.path,
            page.signedIn ? await freshCookies(server.baseUrl, token) : undefined,
            report,
          ),
        );
        process.stdout.write('.');
      }
      const figures = medianFigures(audited);
      results[page.name] = { median: figures, met: meets(figures), runs: audited };
    }
    process.stdout.write('\n');
  } finally {
    await chrome?.kill();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const rows: string[][] = [['page', 'Performance', 'LCP s', 'TBT ms', 'CLS', 'Accessibility', 'met']];
  for (const page of PAGES) {
    const { median: f, met } = results[page.name]!;
    rows.push([
      page.name,
      String(f.performance),
      (f.lcpMs / 1000).toFixed(1),
      String(Math.round(f.tbtMs)),
      f.cls.toFixed(3),
      String(f.accessibility),
      met ? 'yes' : 'NO',
    ]);
  }
  rows.push([
    'target',
    `≥ ${TARGETS.performance}`,
    `≤ ${(TARGETS.lcpMs / 1000).toFixed(1)}`,
    '',
    `≤ ${TARGETS.cls}`,
    `≥ ${TARGETS.accessibility}`,
    '',
  ]);
  printTable(rows);
  const index = median(Object.values(results).flatMap((r) => r.runs.map((run) => run.benchmarkIndex)));
  console.log(
    `\nMobile preset (simulated slow 4G, 4× CPU), ` +
      `${runs === 1 ? 'one run' : `median of ${runs} runs`} per page, each a ` +
      `first visit.`,
  );
  // The simulation scales the CPU time it saw by 4: a machine busy with other work makes every page look slower.
  console.log(
    `Lighthouse's benchmark index of this machine: ${Math.round(index)}${
      index < 1000 ? ' (busy or slow: the times ' + 'are pessimistic)' : ''
    }.`,
  );
  for (const page of PAGES) {
    const last = results[page.name]!.runs.at(-1)!;
    const failures = [...new Set(results[page.name]!.runs.flatMap((r) => r.accessibilityFailures))];
    // Lighthouse names the element only if it is still in the page at the end of the load, not if React drew it again.
    console.log(
      `  ${page.name}: LCP element ` +
        `${
          last.lcpElement || '(redrawn by the app after it ' + 'was painted)'
        }${failures.length ? `; accessibility: ${failures.join('; ')}` : ''}`,
    );
  }
  const targetsMet = Object.values(results).every((r) => r.met);
  writeFileSync(
    OUT,
    JSON.stringify(
      { at: new Date().toISOString(), runs, benchmarkIndex: index, targets: TARGETS, pages: results },
      null,
      2,
    ),
  );
  console.log(`  (written to ${OUT.replace(ROOT, '')})`);
  return { targetsMet };
}
