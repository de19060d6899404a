import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port.ts';
import { startTempPostgres } from '../pg-temp.ts';
import { dockerignore, parseDockerfile, runStage, sh, sizeOf, type StageResult } from './dockerfile.ts';

/**
 * The image builds and runs (docs/deploy.md, Container) — proven without a
 * container engine, which this machine does not have (nor a registry to pull
 * node:24-slim from): the Dockerfile's own stages are carried out in a
 * temporary folder by ./dockerfile.ts, from a context of what the Dockerfile
 * copies out of this tree (minus .dockerignore); then the runtime stage's
 * folder is started with its CMD and ENV as a plain process (as uid 1000, the
 * image's `node`, when the test runs as root), checked with its HEALTHCHECK's
 * command, and compose.yaml's migration is run from it against PostgreSQL.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const asNode = process.getuid?.() === 0 ? 1000 : undefined;

let work: string;
let build: StageResult;
let runtime: StageResult;
/** The runtime stage's WORKDIR, where its CMD runs. */
let app: string;
const report: string[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'flightline-container-'));
  // The image's node user must reach the runtime folder, as it reaches /app in the image.
  chmodSync(work, 0o755);
  const stages = parseDockerfile(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
  expect(stages.map((stage) => stage.from)).toEqual(['node:24-slim', 'node:24-slim']);
  const results: Record<string, StageResult> = {};
  for (const stage of stages) {
    const started = Date.now();
    results[stage.name] = await runStage(stage, {
      root: join(work, `stage-${stage.name}`),
      context: ROOT,
      earlier: results,
      log: (line) => report.push(`  [${stage.name}] ${line}`),
    });
    report.push(`stage ${stage.name}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  [build, runtime] = [results[stages[0]!.name]!, results[stages[1]!.name]!];
  app = join(runtime.root, runtime.workdir);
}, 25 * 60_000);

afterAll(() => {
  console.log(`Container build, carried out from the Dockerfile in ${work}:\n${report.join('\n')}`);
  if (work) rmSync(work, { recursive: true, force: true });
});

/** What the runtime's processes start with: the stage's ENV, and only PATH from this machine (for its node). */
function runtimeEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return { PATH: process.env.PATH!, ...runtime.env, ...overrides };
}

describe('the Dockerfile', () => {
  it('builds in a stage of its own, with the dev dependencies: the web app and the server as JavaScript', () => {
    const buildApp = join(build.root, build.workdir);
    expect(
      build.env.NODE_ENV,
      'NODE_ENV unset while building (npm ci then installs the dev dependencies)',
    ).toBeUndefined();
    expect(build.runs.map((run) => run.command)).toContain('npm ci --no-audit --no-fund');
    expect(existsSync(join(buildApp, 'node_modules/vite')), 'Vite installed in the build stage').toBe(true);
    expect(existsSync(join(buildApp, 'packages/web/dist/index.html'))).toBe(true);
    for (const file of ['main.js', 'migrate.js', 'club.js'])
      expect(existsSync(join(buildApp, 'packages/server/dist', file)), file).toBe(true);
    // Nothing local comes with the context: .dockerignore keeps node_modules, dist, data and .env out.
    const ignored = dockerignore(readFileSync(join(ROOT, '.dockerignore'), 'utf8'));
    for (const path of [
      'node_modules',
      'packages/web/node_modules',
      'packages/web/dist',
      'packages/server/dist',
      'data',
      '.env',
    ])
      expect(ignored(path), path).toBe(true);
    for (const path of ['packages/web/src', 'packages/server/src/db/migrations', 'package-lock.json'])
      expect(ignored(path), path).toBe(false);
    report.push(
      `web app (packages/web/dist): ${MB(sizeOf(join(buildApp, 'packages/web/dist')))}; server ` +
        `(packages/server/dist): ${MB(sizeOf(join(buildApp, 'packages/server/dist')))}`,
    );
  });

  it(
    'runs with production dependencies only: no tsx, Vite, ' + 'TypeScript, esbuild or Vitest, no TypeScript source',
    () => {
      expect(runtime.env.NODE_ENV).toBe('production');
      expect(runtime.user).toBe('node');
      const modules = join(app, 'node_modules');
      const installed = readdirSync(modules);
      for (const name of ['tsx', 'vite', 'typescript', 'esbuild', 'vitest', 'eslint', 'playwright-core', 'sass'])
        expect(installed, name).not.toContain(name);
      for (const name of ['fastify', '@electric-sql', 'pg', 'better-auth', 'kysely'])
        expect(installed, name).toContain(name);
      expect(readdirSync(join(app, 'packages/server')).sort()).toEqual(['dist', 'package.json']);
      // Every command-line tool, built as the server is (npm run club, migrate, backup, restore, …).
      const tools = readdirSync(join(ROOT, 'packages/server/src/cli')).filter(
        (file) => /^[\w-]+\.ts$/.test(file) && !file.endsWith('.test.ts'),
      );
      for (const tool of tools)
        expect(existsSync(join(app, 'packages/server/dist', tool.replace(/\.ts$/, '.js'))), tool).toBe(true);
      expect(readdirSync(join(app, 'packages/domain'))).toEqual(['package.json']);
      expect(runtime.cmd!.join(' '), 'no TypeScript at run time').not.toMatch(/tsx|\.ts\b/);
      const size = sizeOf(modules);
      report.push(`runtime node_modules: ${MB(size)}; the runtime's /app in all: ${MB(sizeOf(app))}`);
      // The one-stage image carried 571 MB of node_modules (every dev dependency).
      expect(size).toBeLessThan(200 * 1024 * 1024);
    },
  );

  it(
    'serves as the node user with its CMD: the HEALTHCHECK passes, ' +
      'then fails while draining, and SIGTERM closes it',
    async () => {
      const port = await freePort();
      const env = runtimeEnv({ HOST: '127.0.0.1', PORT: String(port), SEED_DEMO: 'false', DRAIN_SECONDS: '3' });
      const [program, ...args] = runtime.cmd!;
      const server = spawn(program!, args, {
        cwd: app,
        env,
        uid: asNode,
        gid: asNode,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
      try {
        await untilAnswering(`http://127.0.0.1:${port}/api/health`, server, () => output);
        const healthcheck = runtime.healthcheck!.command;
        expect(healthcheck.join(' ')).toContain('/api/health');
        const check = () => sh(healthcheck.map(quote).join(' '), { cwd: app, env, uid: asNode });
        await check();
        // The web app from packages/web/dist, found from dist/main.js as from src/app.ts.
        const page = await fetch(`http://127.0.0.1:${port}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<div id="root"');
        // The embedded database in the image's data folder (DATA_DIR ./data), migrated from dist/migrations.
        expect(readdirSync(join(app, 'data')).length).toBeGreaterThan(0);

        server.kill('SIGTERM');
        await new Promise((resolve) => setTimeout(resolve, 500));
        await expect(check(), 'the health check fails while the process drains').rejects.toThrow(/exit code 1/);
        expect(await exited).toBe(0);
      } finally {
        server.kill('SIGKILL');
      }
      // The club tool, bundled the same way, on the same data once the server is gone.
      await sh(`node ${quote(join(app, 'packages/server/dist/club.js'))} list`, {
        cwd: app,
        env: runtimeEnv(),
        uid: asNode,
      });
    },
  );

  it(
    "migrates a PostgreSQL server with compose.yaml's migrate command, as the " +
      "owner, then finds nothing to apply; its backup service's command",
    async () => {
      type Service = { entrypoint?: string[]; command: string[]; environment: Record<string, string> };
      const compose = load(readFileSync(join(ROOT, 'compose.yaml'), 'utf8')) as { services: Record<string, Service> };
      const { migrate, backup } = compose.services;
      const pg = await startTempPostgres();
      try {
        const { port } = new URL(pg.url);
        const passwords = { FLIGHTLINE_OWNER_PASSWORD: 'owner-secret', FLIGHTLINE_APP_PASSWORD: 'app-secret' };
        // The roles and the database as compose's db service makes them on its first start.
        await sh(`sh ${quote(join(ROOT, 'deploy/postgres-init.sh'))}`, {
          cwd: work,
          env: {
            PATH: process.env.PATH!,
            POSTGRES_USER: 'flightline',
            PGHOST: '127.0.0.1',
            PGPORT: port,
            ...passwords,
          },
        });
        // compose's ${NAME:?…} filled in as its .env would, and the db service's address this server's.
        const environment = (service: Service) =>
          runtimeEnv(
            Object.fromEntries(
              Object.entries(service.environment).map(([name, value]) => [
                name,
                value
                  .replace(
                    /\$\{(\w+)[^}]*\}/g,
                    (_, variable: string) => passwords[variable as keyof typeof passwords] ?? '',
                  )
                  .replace('@db:5432/', `@127.0.0.1:${port}/`),
              ]),
            ),
          );
        const command = [...(migrate!.entrypoint ?? []), ...migrate!.command].map(quote).join(' ');
        const first = await sh(command, { cwd: app, env: environment(migrate!), uid: asNode });
        expect(first).toMatch(/^Applied 0001_auth\.sql, /m);
        const second = await sh(command, { cwd: app, env: environment(migrate!), uid: asNode });
        expect(second).toContain('nothing to apply');

        // The nightly backup, as the row-only role, into a folder standing in for its /backups volume ($$ is compose's
        // $).
        const backups = join(work, 'backups');
        mkdirSync(backups);
        if (asNode !== undefined) chownSync(backups, asNode, asNode);
        const backupCommand = [...(backup!.entrypoint ?? []), ...backup!.command]
          .map((word) => quote(word.replaceAll('$$', '$').replaceAll('/backups', backups)))
          .join(' ');
        await sh(backupCommand, { cwd: app, env: environment(backup!), uid: asNode });
        expect(readdirSync(backups)).toEqual([expect.stringMatching(/^flightline-\d{8}-\d{4}\.jsonl\.gz$/)]);
      } finally {
        await pg.stop();
      }
    },
  );
});

function quote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Resolves once `url` answers 200; fails with the server's output if it exits or two minutes pass. */
async function untilAnswering(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}:\n${output()}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`No answer from ${url} in two minutes:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
