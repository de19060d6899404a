import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import noAnswerCasts from './scripts/eslint/no-answer-casts.js';
import lineLength from './scripts/eslint/line-length.js';
import noCrossFeatureImports from './scripts/eslint/no-cross-feature-imports.js';
import serverLayers from './scripts/eslint/server-layers.js';

const flightline = {
  rules: {
    'line-length': lineLength,
    'no-cross-feature-imports': noCrossFeatureImports,
    'server-layers': serverLayers,
    'no-answer-casts': noAnswerCasts,
  },
};

/**
 * The server's floors and its modules' layers, bottom first (docs/architecture.md, "The server's floors"):
 * a module imports only modules of a lower layer. `above`: the entries of packages/server/src above the modules.
 */
const SERVER_LAYERS = {
  modules: [
    ['live', 'system'],
    ['clubs'],
    ['members', 'fleet'],
    ['tugs', 'ledger'],
    ['intros'],
    ['billing'],
    ['flights'],
    ['notifications', 'ogn'],
    ['roster', 'items', 'admin'],
  ],
  above: ['app.ts', 'app', 'main.ts', 'cli', 'seed'],
};

// Syntax-level rules only (no type information), so `npx eslint .` stays fast;
// `npm run typecheck` is the type-aware check.
export default defineConfig(
  globalIgnores(['**/node_modules/', '**/dist/', 'data/', 'scratch/', 'bench/out/', 'test-results/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    plugins: { flightline },
    rules: { 'flightline/no-cross-feature-imports': 'error' },
  },
  {
    // An answer is typed by its declared call, never cast, and the outbox names calls, not paths (decision 0019).
    // Tests may build what no call answers (an earlier version's stored entries, a deliberately wrong answer).
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/**/*.test.{ts,tsx}', 'packages/web/src/test/**'],
    plugins: { flightline },
    rules: { 'flightline/no-answer-casts': 'error' },
  },
  {
    files: ['packages/server/src/**/*.ts'],
    plugins: { flightline },
    rules: { 'flightline/server-layers': ['error', SERVER_LAYERS] },
  },
  {
    // Prettier breaks code at 120 characters; this catches the strings and comments it leaves long (decision 0025).
    plugins: { flightline },
    rules: { 'flightline/line-length': ['error', { max: 120 }] },
  },
  {
    rules: {
      // `_name` marks a parameter or binding kept on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
);
