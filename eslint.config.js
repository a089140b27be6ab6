import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/** The contract modules split into a route table (x.ts) and its schemas (x.schema.ts). */
const ROUTE_TABLE_FILES = readdirSync(new URL('./packages/contract/src', import.meta.url))
  .filter((name) => name.endsWith('.schema.ts'))
  .map((name) => `packages/contract/src/${name.replace(/\.schema\.ts$/, '.ts')}`);

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

/**
 * The server's modules and what each may import (besides shared/, db/, i18n/, jobs/ and the contract). The map is the
 * architecture: orders know no provider (they open payments through a port payments/ implements), payments never reach
 * into the shop, fulfilment reacts to the order process's moves. It must stay acyclic; the config refuses to load
 * otherwise. A new module folder must be added here (the config refuses an unlisted one too).
 */
const SERVER_MODULES = {
  analytics: [],
  auth: [],
  catalog: [],
  channels: [],
  countries: [],
  health: [],
  notifications: [],
  pricing: [],
  vouchers: [],
  web: [],
  games: ['catalog'],
  verification: ['auth', 'notifications'],
  account: ['auth', 'games', 'verification'],
  roles: ['auth', 'games'],
  orders: ['catalog', 'channels', 'games'],
  fulfilment: ['games', 'notifications', 'orders', 'vouchers'],
  payments: ['auth', 'channels', 'fulfilment', 'orders'],
  shop: ['auth', 'catalog', 'channels', 'fulfilment', 'games', 'orders', 'roles'],
  'game-api': ['games', 'vouchers'],
  console: ['account', 'auth', 'catalog', 'channels', 'fulfilment', 'games', 'orders', 'payments', 'roles', 'shop', 'vouchers'],
  // ops and console are two doors onto the same order actions (payments/order-actions.ts): ops never imports console.
  ops: ['fulfilment', 'notifications', 'payments'],
  metrics: ['fulfilment', 'ops', 'orders'],
};

function serverBoundaries() {
  const root = './apps/server/src';
  const folders = readdirSync(new URL(`${root}/modules`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const unlisted = folders.filter((folder) => !(folder in SERVER_MODULES));
  if (unlisted.length) throw new Error(`eslint.config.js: add the server module(s) ${unlisted.join(', ')} to SERVER_MODULES`);
  const visiting = new Set();
  const done = new Set();
  const visit = (name, path) => {
    if (visiting.has(name)) throw new Error(`eslint.config.js: SERVER_MODULES has a cycle: ${[...path, name].join(' -> ')}`);
    if (done.has(name)) return;
    visiting.add(name);
    for (const dependency of SERVER_MODULES[name]) visit(dependency, [...path, name]);
    visiting.delete(name);
    done.add(name);
  };
  for (const name of Object.keys(SERVER_MODULES)) visit(name, []);
  const zones = folders.map((folder) => ({
    target: `${root}/modules/${folder}`,
    from: folders.filter((other) => other !== folder && !SERVER_MODULES[folder].includes(other)).map((other) => `${root}/modules/${other}`),
    message: `modules/${folder} may import only ${SERVER_MODULES[folder].join(', ') || 'shared code'} (SERVER_MODULES in eslint.config.js).`,
  }));
  return {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/server/tsconfig.json', 'packages/contract/tsconfig.json'], noWarnOnMultipleProjects: true })] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...zones,
            {
              target: [`${root}/shared`, `${root}/db`, `${root}/i18n`, `${root}/jobs`],
              from: [`${root}/modules`, `${root}/http`, `${root}/services.ts`, `${root}/app.ts`],
              message: 'shared/, db/, i18n/ and jobs/ are below every module and the HTTP layer.',
            },
            {
              target: `${root}/modules/**/!(*.routes|*.handler).ts`,
              from: [`${root}/http`, `${root}/services.ts`, `${root}/app.ts`],
              message:
                'Domain code throws domain errors and takes its collaborators in its constructor; only route and handler files (*.routes.ts, *.handler.ts) use http/ and Services.',
            },
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
  serverBoundaries(),
  {
    // Route and handler files are the HTTP layer of their module: they may use http/ and Services, and talk to the
    // database only through their module's services.
    files: ['apps/server/src/modules/**/*.routes.ts', 'apps/server/src/modules/**/*.handler.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '/db/schema\\.ts$', message: 'Route files do not query the database: move the query into the module’s service.' },
            { group: ['@shop/sandbox', '@shop/sandbox/*'], message: 'Only the wiring (app.ts, load-config.ts) imports the sandbox.' },
          ],
        },
      ],
    },
  },
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
    // (route and handler files have their own no-restricted-imports above, which includes this one)
    ignores: ['apps/server/src/app.ts', 'apps/server/src/load-config.ts', '**/*.test.ts', '**/*.routes.ts', '**/*.handler.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@shop/sandbox', '@shop/sandbox/*'], message: 'Only the wiring (app.ts, load-config.ts) imports the sandbox.' }] }],
    },
  },
  {
    // The contract's route tables (x.ts next to x.schema.ts) are what the web imports: zod and the schema files only as
    // types there, so the shop's first load carries no schema (ADR 0034, docs/adr/0034-shop-data-layer.md).
    files: ROUTE_TABLE_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', allowTypeImports: true, message: 'A route table imports zod only as types: schemas go to its .schema.ts.' }],
          patterns: [{ regex: '\\.schema(\\.ts)?$', allowTypeImports: true, message: 'A route table imports schema files only as types.' }],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
);
