import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import noCrossFeatureImports from './scripts/eslint/no-cross-feature-imports.js';

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
    plugins: { flightline: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: { 'flightline/no-cross-feature-imports': 'error' },
  },
  {
    rules: {
      // `_name` marks a parameter or binding kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
