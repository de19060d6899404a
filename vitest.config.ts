import { configDefaults, defineConfig } from 'vitest/config';

// Four projects, run by scripts/test.ts: unit (pure rules, web logic),
// server (integration on PGlite, or PostgreSQL with TEST_DATABASE_URL), container (the Dockerfile), e2e (Chromium).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/domain/src/**/*.test.ts', 'packages/web/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.container.test.ts'],
          environment: 'node',
          // Club times from the tz database the project ships, as the server computes them.
          setupFiles: ['packages/domain/src/time/shipped-tzdata.ts'],
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts', 'packages/server/test/**/*.test.ts'],
          // *.postgres.test.ts prove what only a PostgreSQL server has (roles, restarts, several processes):
          // they run in the PostgreSQL pass (TEST_DATABASE_URL), not on PGlite.
          exclude: process.env.TEST_DATABASE_URL ? [] : ['**/*.postgres.test.ts'],
          globalSetup: ['packages/server/test/helpers/global-setup.ts'],
          setupFiles: ['packages/domain/src/time/shipped-tzdata.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // On PostgreSQL the tests mostly wait for another process: three files at once, where vitest's default on
          // two cores is one. PGlite runs in the test's own process, so its pass keeps the default.
          ...(process.env.TEST_DATABASE_URL ? { maxWorkers: 3 } : {}),
        },
      },
      {
        test: {
          // The Dockerfile's stages carried out in a temporary folder, two npm ci and a build among them
          // (scripts/container/).
          name: 'container',
          include: ['scripts/container/*.container.test.ts'],
          testTimeout: 5 * 60_000,
          hookTimeout: 25 * 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/helpers/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // expect.poll waits for the page: a second (vitest's default) is short on a loaded two-core machine.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
