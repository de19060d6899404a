import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTempPostgres } from './pg-temp.ts';
import { ensureSystemDeps } from './system-deps.ts';

/**
 * `npm test`: the format check (Prettier), lint, type checks, unit tests, the server's integration tests
 * on PGlite and again on a real PostgreSQL, the container build, then the
 * browser tests in Chromium.
 * Ends with one line "N passed, N failed".
 */
interface Totals {
  passed: number;
  failed: number;
}
const totals: Totals = { passed: 0, failed: 0 };
const reportDir = mkdtempSync(join(tmpdir(), 'flightline-test-'));
const failedSteps: string[] = [];

/** A step still running after this is stopped and counted as failed: CI reports rather than times out. */
const STEP_LIMIT_MS = 40 * 60_000;
/** Vitest has written its report: if it has not exited this long after, it is stopped (its report still counts). */
const EXIT_AFTER_REPORT_MS = 60_000;

/**
 * Runs one step in its own process group, its output straight to ours. With
 * `report`, the step is vitest writing that JSON file: once the file is there
 * the run is over, and a process still alive a minute later (a worker or a
 * handle that never closed) is stopped with a note rather than left to hang CI.
 */
async function run(
  label: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  report?: string,
): Promise<boolean> {
  console.log(`\n━━ ${label}`);
  const started = Date.now();
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, detached: true });
  let stoppedAfterReport = false;
  const stop = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  // Its own process group: a signal to us (Ctrl-C, CI stopping) is passed on to the whole step.
  const forward = (signal: NodeJS.Signals) => {
    stop();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', forward);
  process.once('SIGTERM', forward);
  const limit = setTimeout(() => {
    console.error(`\n${label}: still running after ${STEP_LIMIT_MS / 60_000} min: stopped`);
    stop();
  }, STEP_LIMIT_MS);
  let reportSeenAt: number | undefined;
  const watch = setInterval(() => {
    if (!report || !existsSync(report)) return;
    reportSeenAt ??= Date.now();
    if (Date.now() - reportSeenAt < EXIT_AFTER_REPORT_MS) return;
    console.error(
      `\n${label}: vitest had not exited ${EXIT_AFTER_REPORT_MS / 1000} s ` +
        `after writing its report: stopped; the report counts`,
    );
    stoppedAfterReport = true;
    stop();
  }, 1_000);
  const status = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  clearTimeout(limit);
  clearInterval(watch);
  process.off('SIGINT', forward);
  process.off('SIGTERM', forward);
  const ok = status === 0 || (stoppedAfterReport && reportPassed(report!));
  console.log(`━━ ${label}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failedSteps.push(label);
  return ok;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
  success: boolean;
}

function readReport(report: string): VitestReport | undefined {
  try {
    return JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  } catch {
    return undefined;
  }
}

function reportPassed(report: string): boolean {
  const json = readReport(report);
  return !!json && json.success && json.numFailedTests === 0 && json.numTotalTests > 0;
}

async function vitest(label: string, project: string, env: NodeJS.ProcessEnv = {}): Promise<boolean> {
  const report = join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const args = [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const ok = await run(label, 'npx', args, env, report);
  const json = readReport(report);
  if (!json) {
    failedSteps.push(`${label} (no report)`);
    return false;
  }
  totals.passed += json.numPassedTests;
  totals.failed += json.numFailedTests;
  if (json.numTotalTests === 0) {
    console.error(`${label}: no test ran`);
    failedSteps.push(`${label} (no tests)`);
    return false;
  }
  return ok;
}

/** PostgreSQL's own account of lock waits (log_lock_waits) and cancelled statements, for a failed pass. */
function printLockWaits(log: string) {
  const lines = log.split('\n');
  const picked: string[] = [];
  lines.forEach((line, i) => {
    if (/still waiting for|deadlock detected|lock timeout|acquired .* after/.test(line))
      picked.push(...lines.slice(i, i + 3));
  });
  if (!picked.length) return;
  console.log(`\nPostgreSQL's lock waits during the pass (last ${Math.min(picked.length, 120)} lines):`);
  console.log(picked.slice(-120).join('\n'));
}

async function main() {
  const started = Date.now();
  const only = process.argv[2];
  ensureSystemDeps();
  if (!only || only === 'static') {
    await run('format', 'npx', ['prettier', '--check', '.']);
    await run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
    await run('type check', 'npm', ['run', '--silent', 'typecheck']);
  }
  if (!only || only === 'unit') await vitest('unit tests', 'unit');
  if (!only || only === 'server') {
    await vitest('server tests on PGlite', 'server', { TEST_DATABASE_URL: '' });
    const external = process.env.TEST_DATABASE_URL;
    const pgServer = external ? undefined : await startTempPostgres();
    try {
      const ok = await vitest('server tests on PostgreSQL', 'server', { TEST_DATABASE_URL: external ?? pgServer!.url });
      if (!ok && pgServer) printLockWaits(pgServer.log());
    } finally {
      await pgServer?.stop();
    }
  }
  // The Dockerfile's stages carried out in a temporary folder, and the runtime stage started (scripts/container/).
  if (!only || only === 'container') await vitest('container build', 'container');
  if (!only || only === 'e2e') {
    await run('build web app', 'npm', ['run', '--silent', 'build']);
    await vitest('browser tests', 'e2e');
  }
  rmSync(reportDir, { recursive: true, force: true });
  console.log(`\nTotal: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (failedSteps.length) console.log(`Failed: ${failedSteps.join('; ')}`);
  console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
  process.exit(failedSteps.length || totals.failed ? 1 : 0);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
