// One lint setup for the whole workspace. Formatting is Prettier's job (`pnpm format`).
import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './tools/eslint/boundaries.js';

const CONTRACT_SUBPATHS = Object.keys(
  JSON.parse(readFileSync(new URL('./api/contract/package.json', import.meta.url), 'utf8')).exports,
).map((subpath) => `@jobboard/contract${subpath.slice(1)}`);

/** no-restricted-imports: '@jobboard/contract' bare, with the subpaths to import instead. */
const CONTRACT_BARE = {
  name: '@jobboard/contract',
  message: `The contract has no root entry: import from its domain's subpath (${CONTRACT_SUBPATHS.join(', ')}).`,
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/releases/**',
      '**/.api-report/**',
      'api/data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware rules: each file is checked with its own package's tsconfig (projectService).
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A promise nobody awaits loses its error; `void` marks the few that are meant to run on.
      // The router's navigate() is one by design: a navigation's errors go to the router.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'react-router', name: 'NavigateFunction' },
          ],
        },
      ],
    },
  },
  {
    files: ['shell/**/*.tsx', 'mfe-*/**/*.tsx', 'shared-ui/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // react-final-form's <Field> renders the input a label wraps.
      'jsx-a11y/label-has-associated-control': ['error', { controlComponents: ['Field'] }],
    },
  },
  {
    // The boundaries of docs/architecture.md: remotes, shell, features, contract, package exports.
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/imports': 'error', 'boundaries/no-cycle': 'error' },
  },
  {
    // The contract has no root entry: each domain is a subpath (api/contract/README.md), so a
    // change to one domain's API shows in that subpath's report only.
    files: ['**/*.{js,mjs,ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', CONTRACT_BARE],
    },
  },
  {
    // One router for the whole page: shared-ui's router entry, a federation singleton that
    // carries only the parts the apps use (shared-ui/kit/src/router.ts).
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'shared-ui/**/*.{ts,tsx}'],
    ignores: ['shared-ui/kit/src/router.ts', 'shared-ui/kit/src/router-server.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            CONTRACT_BARE,
            {
              name: 'react-router-dom',
              message: "Import the router from '@jobboard/shared-ui/router' (one shared router).",
            },
          ],
        },
      ],
    },
  },
  {
    // The contract is the front ends' only client: every call goes through shared-ui's apiFetch
    // with an endpoint of the table (its signatures take nothing else), never a fetch by hand.
    files: [
      'shell/src/**/*.{ts,tsx}',
      'mfe-*/src/**/*.{ts,tsx}',
      'shared-ui/kit/src/**/*.{ts,tsx}',
    ],
    ignores: ['shared-ui/kit/src/api/api-fetch.ts', '**/__tests__/**', '**/test-support/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'fetch',
          message:
            'Call the API with apiFetch(ENDPOINTS.x, { params, query, body }) from shared-ui.',
        },
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'fetch',
          message:
            'Call the API with apiFetch(ENDPOINTS.x, { params, query, body }) from shared-ui.',
        })),
      ],
    },
  },
  {
    files: ['shell/**/*.tsx', 'mfe-*/**/*.tsx', 'shared-ui/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
