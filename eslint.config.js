import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
    rules: {
      // `_name` marks a parameter or binding kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
);
