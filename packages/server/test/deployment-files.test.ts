import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from 'js-yaml';
import { PGlite } from '@electric-sql/pglite';
import { LIVE_HEARTBEAT_MS } from '@flightline/domain/field/live-events';
import { readConfig } from '../src/config.ts';

/**
 * compose.yaml, the Dockerfile and the proxy configurations in deploy/
 * (docs/deploy.md) are not run here — there is no Docker on the test machines —
 * so this reads them and holds them to the code: the services, the environment
 * names config.ts reads (and values it accepts), the two database roles, the
 * migration before the apps, the health check, and the proxies keeping the
 * event streams unbuffered and open.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');

interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[] };
  volumes?: string[];
  ports?: string[];
}

const compose = load(read('compose.yaml')) as { services: Record<string, Service> };
const services = compose.services;

/** Every variable config.ts reads from the environment. */
const configNames = new Set([...read('packages/server/src/config.ts').matchAll(/\benv\.([A-Z_]+)/g)].map((m) => m[1]!));

/** compose's ${NAME:-default} and ${NAME:?message} filled in as a .env would. */
function interpolate(value: string): string {
  const sample: Record<string, string> = {
    FLIGHTLINE_APP_PASSWORD: 'app-secret',
    FLIGHTLINE_OWNER_PASSWORD: 'owner-secret',
    AUTH_SECRET: 'a-secret-of-thirty-two-characters!',
  };
  return value.replace(
    /\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g,
    (_, name: string, kind: string | undefined, rest: string | undefined) =>
      sample[name] ?? (kind === '-' ? (rest ?? '') : ''),
  );
}

/**
 * The block of `text` that opens at the first line matching `opening` (its brace ends a line) and closes at its
 * brace.
 */
function block(text: string, opening: RegExp): string {
  const start = text.search(opening);
  expect(start, `a block ${opening}`).toBeGreaterThanOrEqual(0);
  let depth = 0;
  for (let i = start + text.slice(start).search(/\{[ \t]*$/m); i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  throw new Error(`unclosed block ${opening}`);
}

/** A duration in nginx's syntax (60s, 1h, 30m, 60000ms) in milliseconds. */
function nginxMs(value: string): number {
  const match = /^(\d+)(ms|s|m|h)?$/.exec(value)!;
  return Number(match[1]) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[match[2] ?? 's']!;
}

describe('compose.yaml', () => {
  it(
    "has PostgreSQL at the embedded PGlite's major version, a one-shot " +
      'migration, two app processes, the backup tool and Caddy',
    async () => {
      expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'backup', 'db', 'migrate', 'proxy']);
      const pglite = new PGlite();
      const { rows } = await pglite.query<{ version: string }>(
        "select current_setting('server_version_num') as version",
      );
      await pglite.close();
      expect(services.db!.image).toBe(`postgres:${Math.floor(Number(rows[0]!.version) / 10_000)}`);
      // From 18 the image's data lives in /var/lib/postgresql/<major>/docker, under this mount.
      expect(services.db!.volumes).toContain('db-data:/var/lib/postgresql');
      expect(services.proxy!.image).toBe('caddy:2');
      for (const name of ['migrate', 'app1', 'app2']) {
        expect(services[name]!.build, name).toBe('.');
        expect(services[name]!.image, name).toBe('flightline:local');
      }
    },
  );

  it('gives every app process only variables config.ts reads, with values it accepts, behind the proxy', () => {
    for (const name of ['app1', 'app2', 'migrate']) {
      const environment = services[name]!.environment!;
      for (const key of Object.keys(environment))
        expect(configNames, `${name}: ${key} is read by config.ts`).toContain(key);
    }
    for (const name of ['app1', 'app2']) {
      const env = Object.fromEntries(Object.entries(services[name]!.environment!).map(([k, v]) => [k, interpolate(v)]));
      const config = readConfig(env);
      expect(config.databaseUrl, name).toBe('postgres://flightline_app:app-secret@db:5432/flightline');
      // The owner's credentials are the migration's alone.
      expect(config.migrationDatabaseUrl, name).toBeUndefined();
      expect(config.trustProxy, name).toBe('uniquelocal');
      expect(config.drainSeconds, name).toBeGreaterThan(0);
      expect(config.authSecret, name).toBe('a-secret-of-thirty-two-characters!');
      expect(config.port, name).toBe(3000);
    }
  });

  it('migrates once as the owner before the apps start, with both roles made by the init script', () => {
    const migrate = services.migrate!;
    // The image's built JavaScript (npm run build:server), as the apps run dist/main.js.
    expect(migrate.command).toEqual(['node', '--enable-source-maps', 'packages/server/dist/migrate.js']);
    expect(read('packages/server/src/cli/migrate.ts')).toContain('migrateAs(');
    const env = readConfig(
      Object.fromEntries(Object.entries(migrate.environment!).map(([k, v]) => [k, interpolate(v)])),
    );
    expect(new URL(env.migrationDatabaseUrl!).username).toBe('flightline_owner');
    expect(new URL(env.databaseUrl!).username).toBe('flightline_app');
    expect(migrate.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    for (const name of ['app1', 'app2'])
      expect(services[name]!.depends_on, name).toEqual({ migrate: { condition: 'service_completed_successfully' } });

    const init = read('deploy/postgres-init.sh');
    expect(services.db!.volumes).toContain(
      './deploy/postgres-init.sh:/docker-entrypoint-initdb.d/10-flightline-roles.sh:ro',
    );
    expect(init).toContain("create role flightline_owner login password :'owner_password';");
    expect(init).toContain("create role flightline_app login password :'app_password';");
    expect(init).toContain('create database flightline owner flightline_owner;');
  });

  it(
    "checks each app with the image's HEALTHCHECK (GET /api/health) and " +
      'puts Caddy, with deploy/Caddyfile, in front of both',
    () => {
      // No test of their own: the image's.
      for (const name of ['app1', 'app2']) expect(services[name]!.healthcheck!.test, name).toBeUndefined();
      expect(read('Dockerfile')).toMatch(/^HEALTHCHECK .*\\\n\s+CMD \[.*\/api\/health.*\]$/m);
      expect(read('packages/domain/src/api/system.ts')).toContain("path: '/api/health'");
      const proxy = services.proxy!;
      expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
      expect(proxy.environment!.UPSTREAMS).toBe('app1:3000 app2:3000');
      expect(proxy.depends_on).toEqual({
        app1: { condition: 'service_healthy' },
        app2: { condition: 'service_healthy' },
      });
    },
  );
});

describe('the proxy configurations', () => {
  it(
    'Caddy: every event written through at once (flush_interval -1), ' +
      'health checks on /api/health, least connections',
    () => {
      const caddy = read('deploy/Caddyfile');
      const proxy = block(caddy, /^\s*reverse_proxy /m);
      expect(proxy).toContain('{$UPSTREAMS:app1:3000 app2:3000}');
      expect(proxy).toMatch(/^\s*flush_interval -1$/m);
      expect(proxy).toMatch(/^\s*health_uri \/api\/health$/m);
      expect(proxy).toMatch(/^\s*lb_policy least_conn$/m);
      // Caddy's default is no read timeout; one set shorter than the heartbeat would cut idle streams.
      expect(proxy).not.toMatch(/^\s*read_timeout /m);
      expect(caddy).not.toMatch(/^\s*encode /m);
    },
  );

  it(
    'nginx: /api/events unbuffered with a read timeout well past the ' +
      'heartbeat; X-Forwarded-For, -Proto and -Host passed',
    () => {
      const nginx = read('deploy/nginx.conf');
      const events = block(nginx, /^\s*location = \/api\/events /m);
      expect(events).toMatch(/^\s*proxy_buffering off;$/m);
      expect(events).toMatch(/^\s*proxy_cache off;$/m);
      const readTimeout = /^\s*proxy_read_timeout (\S+);$/m.exec(events)![1]!;
      expect(nginxMs(readTimeout)).toBeGreaterThanOrEqual(2 * LIVE_HEARTBEAT_MS);
      const server = block(nginx, /^server /m);
      // At server level, so every location inherits them (none sets its own).
      expect(server).toMatch(/^ {4}proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;$/m);
      expect(server).toMatch(/^ {4}proxy_set_header X-Forwarded-Proto \$scheme;$/m);
      expect(server).toMatch(/^ {4}proxy_set_header X-Forwarded-Host \$host;$/m);
      expect(server).toMatch(/^ {4}proxy_http_version 1\.1;$/m);
      expect(server.match(/^ {8}proxy_set_header /m)).toBeNull();
    },
  );
});

describe('Dockerfile', () => {
  // scripts/container/image.container.test.ts builds and runs it (npm test -- container); this holds its outline.
  it(
    'builds on Node 24 with the dev dependencies, then runs the built ' +
      'server on production dependencies as a non-root user',
    () => {
      const dockerfile = read('Dockerfile');
      const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
      expect([...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1])).toEqual([
        `node:${engines.replace('>=', '')}-slim`,
        `node:${engines.replace('>=', '')}-slim`,
      ]);
      const [build, runtime] = dockerfile.split(/^FROM /m).slice(1);
      expect(build).toMatch(/^RUN .*npm ci --no-audit/m);
      expect(build).toMatch(/^RUN npm run build && npm run build:server\b/m);
      expect(build).not.toMatch(/^ENV .*NODE_ENV/m);
      expect(runtime).toMatch(/^ENV NODE_ENV=production\b/m);
      expect(runtime).toMatch(/^RUN .*npm ci --omit=dev\b/m);
      expect(runtime).toMatch(/^USER node$/m);
      const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(runtime!)![1]!) as string[];
      expect(cmd).toEqual(['node', '--enable-source-maps', 'packages/server/dist/main.js']);
      const ignored = read('.dockerignore').split('\n');
      for (const entry of ['**/node_modules', '.env', 'data', '**/dist']) expect(ignored).toContain(entry);
    },
  );
});
