import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/**
 * The SPAs' house rules (bulletproof-react): app -> features -> shared, never one feature into another, and no cycles.
 * One zone per feature forbids the other features' folders.
 */
function featureBoundaries(app) {
  const root = `./apps/${app}/src`;
  const features = readdirSync(new URL(`${root}/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return {
    files: [`apps/${app}/src/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: `apps/${app}/tsconfig.json` })] },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `${root}/features/${feature}`,
              from: `${root}/features`,
              except: [`./${feature}`],
              message: 'A feature imports shared/ and @shop/contract, never another feature.',
            })),
            { target: `${root}/features`, from: `${root}/app`, message: 'Features do not import the app shell.' },
            { target: `${root}/shared`, from: [`${root}/features`, `${root}/app`], message: 'shared/ imports neither features nor the app.' },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/*.d.ts', '.bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/console/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  featureBoundaries('web'),
  featureBoundaries('console'),
  {
    // no import cycles in the server and the contract either (file level; the folder-level cycles of payments/ are issue 13's)
    files: ['apps/server/src/**/*.ts', 'packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/server/tsconfig.json', 'packages/contract/tsconfig.json'], noWarnOnMultipleProjects: true })] },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // Only the server's wiring (app.ts mounts the sandbox, load-config.ts reads its credentials) imports @shop/sandbox, and
    // only lazily: nothing on a production path depends on the stand-ins. Tests may use them.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/app.ts', 'apps/server/src/load-config.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@shop/sandbox', '@shop/sandbox/*'], message: 'Only the wiring (app.ts, load-config.ts) imports the sandbox.' }] }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
);
