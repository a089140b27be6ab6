import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@shop/contract/runtime-config.schema';
import { translate } from '../src/i18n/messages.ts';
import { freePort } from './harness.ts';
import { PRODUCTION_ENV, PRODUCTION_METRICS_TOKEN } from './production.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * The production build as a publisher deploys it (docs/deployment.md, the Dockerfile): the compiled server and the built
 * web app in a folder of their own, production dependencies installed there with `npm ci --omit=dev` from the lock file
 * (no tsx, no esbuild, no Vite), started with `npm run start:prod`.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** What the Dockerfile's final stage copies besides node_modules. */
const DEPLOYED = ['package.json', 'package-lock.json', 'apps/server/package.json', 'apps/sandbox/package.json', 'apps/web/package.json', 'packages/contract/package.json', 'apps/server/dist', 'apps/web/dist'];
/** The Dockerfile's install command. */
const INSTALL = ['ci', '--omit=dev', '--workspace', '@shop/server', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const VOUCHER_PATH = '/voucher?appId=10030&roleId=10001001&serverId=10001&accountId=demo-10001&userLevel=12&language=en';

interface RunningShop {
  url: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** `npm run start:prod` in `folder` (its own process group, so npm, the shell and node all stop); resolves once /readyz answers 200. */
async function startProd(folder: string, env: Record<string, string>): Promise<RunningShop> {
  const port = await freePort();
  // Only what a deployment sets: nothing of this test run's environment (npm_*, NODE_OPTIONS) leaks into it.
  const child: ChildProcess = spawn('npm', ['run', 'start:prod'], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? folder, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // the group is gone already
    }
  };
  const groupAlive = () => {
    try {
      process.kill(-child.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  /** SIGTERM to all of them (the shop shuts down gracefully), SIGKILL to whatever still runs 15 s later. */
  const stop = async () => {
    signal('SIGTERM');
    const end = Date.now() + 15_000;
    while (groupAlive() && Date.now() < end) await sleep(100);
    signal('SIGKILL');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (!running()) throw new Error(`npm run start:prod exited early:\n${output}`);
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    if (ready) return { url, output: () => output, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`npm run start:prod was not ready within 90 s:\n${output}`);
    }
    await sleep(250);
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the production build in a copy with production dependencies only', () => {
  let folder: string | undefined;
  let installOutput = '';

  beforeAll(() => {
    // `npm test` has just built everything (then this finds it up to date); run alone, this builds what is missing.
    const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-changed'], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
    if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}\n${build.stderr}`);
    folder = mkdtempSync(join(tmpdir(), 'shop-production-'));
    for (const path of DEPLOYED) cpSync(join(ROOT, path), join(folder, path), { recursive: true });
    // from the npm cache, which the repository's own install filled
    const install = spawnSync('npm', INSTALL, { cwd: folder, encoding: 'utf8', timeout: 300_000 });
    installOutput = `${install.stdout}\n${install.stderr}`;
    if (install.status !== 0) throw new Error(`npm ${INSTALL.join(' ')} failed:\n${installOutput}`);
  }, 660_000);

  afterAll(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('installs without engine warnings and without the build tools', () => {
    expect(installOutput).not.toContain('EBADENGINE');
    for (const tool of ['tsx', 'esbuild', 'vite', 'typescript']) expect(existsSync(join(folder!, 'node_modules', tool)), tool).toBe(false);
  });

  it('starts with npm run start:prod on an empty PostgreSQL database: migrated, healthy, ready, serving the voucher page and metrics', async () => {
    const database = await createTestDatabase();
    const shop = await startProd(folder!, { ...PRODUCTION_ENV, LOG_LEVEL: 'warn', DATABASE: 'postgres', DATABASE_URL: database.url }).catch(async (error: unknown) => {
      await database.drop();
      throw error;
    });
    try {
      expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${shop.url}/readyz`)).json()).toEqual({ status: 'ready', database: 'postgres' });

      // every migration of the build's folder applied on the empty database
      const journal = JSON.parse(readFileSync(join(folder!, 'apps/server/dist/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const applied = await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations').finally(() => client.end());
      expect(applied.rows[0].n).toBe(journal.entries.length);

      const page = await fetch(`${shop.url}${VOUCHER_PATH}`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`id="${RUNTIME_CONFIG_ELEMENT_ID}"`);
      expect(html).toContain('"environment":"production"');
      const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
      expect(script, 'the page names its script').toBeDefined();
      expect((await fetch(`${shop.url}${script}`)).status).toBe(200);

      // the server's translations are read from the build's locale folder at run time
      const missing = await fetch(`${shop.url}/api/no-such-route`, { headers: { 'accept-language': 'de' } });
      expect(missing.status).toBe(404);
      expect(((await missing.json()) as { message: string }).message).toBe(translate('de', 'routeNotFound'));

      expect((await fetch(`${shop.url}/metrics`)).status).toBe(401);
      const metrics = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${PRODUCTION_METRICS_TOKEN}` } });
      expect(metrics.status).toBe(200);
      expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await metrics.text()).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    } finally {
      await shop.stop();
      await database.drop();
    }
  }, 180_000);

  it('runs the one-command demo from the same build outside production (embedded database and sandbox)', async () => {
    const shop = await startProd(folder!, { DATA_DIR: 'memory://', LOG_LEVEL: 'warn' });
    try {
      expect(await (await fetch(`${shop.url}/readyz`)).json()).toEqual({ status: 'ready', database: 'pglite' });
      // the sandbox is a lazy chunk of the build, with the scripts it reads next to it
      const script = await fetch(`${shop.url}/sandbox/geetest/v4/gt4.js`);
      expect(script.status).toBe(200);
      expect(await script.text()).toBe(readFileSync(join(ROOT, 'apps/sandbox/src/geetest/gt4.js'), 'utf8'));
      expect(shop.output()).toContain(VOUCHER_PATH);
    } finally {
      await shop.stop();
    }
  }, 180_000);
});
