import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTempPostgres } from './pg-temp.ts';
import { ensureSystemDeps } from './system-deps.ts';

/**
 * `npm test`: lint, type checks, unit tests, the server's integration tests
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

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n━━ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`━━ ${label}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failedSteps.push(label);
  return ok;
}

function vitest(label: string, project: string, env: NodeJS.ProcessEnv = {}) {
  const report = join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  run(label, 'npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], env);
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number; numTotalTests: number };
    totals.passed += json.numPassedTests;
    totals.failed += json.numFailedTests;
    if (json.numTotalTests === 0) {
      console.error(`${label}: no test ran`);
      failedSteps.push(`${label} (no tests)`);
    }
  } catch {
    failedSteps.push(`${label} (no report)`);
  }
}

async function main() {
  const started = Date.now();
  const only = process.argv[2];
  ensureSystemDeps();
  if (!only || only === 'static') {
    run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
    run('type check', 'npm', ['run', '--silent', 'typecheck']);
  }
  if (!only || only === 'unit') vitest('unit tests', 'unit');
  if (!only || only === 'server') {
    vitest('server tests on PGlite', 'server', { TEST_DATABASE_URL: '' });
    const external = process.env.TEST_DATABASE_URL;
    const pgServer = external ? undefined : await startTempPostgres();
    try {
      vitest('server tests on PostgreSQL', 'server', { TEST_DATABASE_URL: external ?? pgServer!.url });
    } finally {
      await pgServer?.stop();
    }
  }
  // The Dockerfile's stages carried out in a temporary folder, and the runtime stage started (scripts/container/).
  if (!only || only === 'container') vitest('container build', 'container');
  if (!only || only === 'e2e') {
    run('build web app', 'npm', ['run', '--silent', 'build']);
    vitest('browser tests', 'e2e');
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
