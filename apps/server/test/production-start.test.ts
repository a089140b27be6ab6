import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@shop/contract/runtime-config.schema';
import { translate } from '../src/i18n/messages.ts';
import { currentTotp } from '../src/modules/console/access/totp.ts';
import { freePort } from './harness.ts';
import { PRODUCTION_METRICS_TOKEN } from './production.ts';
import { filledShopEnv, valuesAsWritten } from './shop-env.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * The production build as a publisher deploys it (docs/deployment.md, the Dockerfile): the compiled server, the built
 * web app and console in a folder of their own, production dependencies installed there with `npm ci --omit=dev` from
 * the lock file (no tsx, no esbuild, no Vite), started with the runbook's commands (`node --env-file=shop.env ...` as its
 * systemd unit does, `npm run start:prod`) and stopped by SIGTERM to the pid they give.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** What a deployment needs (docs/deployment.md, "Build"): what the Dockerfile's final stage copies besides node_modules. */
const DEPLOYED = [
  'package.json',
  'package-lock.json',
  'apps/server/package.json',
  'apps/sandbox/package.json',
  'apps/web/package.json',
  'apps/console/package.json',
  'packages/contract/package.json',
  'apps/server/dist',
  'apps/web/dist',
  'apps/console/dist',
];
/** The Dockerfile's install command. */
const INSTALL = ['ci', '--omit=dev', '--workspace', '@shop/server', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const VOUCHER_PATH = '/voucher?appId=10030&roleId=10001001&serverId=10001&accountId=demo-10001&userLevel=12&language=en';

interface RunningShop {
  url: string;
  output: () => string;
  /** SIGTERM to the pid the command gave (what an operator or systemd holds), then how it ended. */
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number; leftRunning: boolean }>;
}

/**
 * `command` in `folder`, in a process group of its own, so whatever it leaves behind can be found and killed (stop does,
 * and afterAll kills every group still there, whatever failed); resolves once /readyz answers 200.
 */
async function start(folder: string, command: string[], env: Record<string, string>): Promise<RunningShop> {
  const port = await freePort();
  // Only what a deployment sets: nothing of this test run's environment (npm_*, NODE_OPTIONS) leaks into it.
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? folder, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const group = child.pid!;
  started.add(group);
  let output = '';
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const running = () => child.exitCode === null && child.signalCode === null;
  /** SIGTERM to the command's own pid (npm's, or node's), as `kill PID` or systemd's stop sends it; no group signal. */
  const stop = async () => {
    const signalled = Date.now();
    child.kill('SIGTERM');
    const ended = await exited;
    const ms = Date.now() - signalled;
    // npm has gone: is anything of the group (node) still serving? Give it the shutdown deadline to finish.
    const end = Date.now() + Number(env['SHUTDOWN_TIMEOUT_MS'] ?? 10_000) + 2_000;
    while (groupAlive(group) && Date.now() < end) await sleep(100);
    const leftRunning = groupAlive(group);
    killGroup(group);
    return { ...ended, ms, leftRunning };
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (!running()) throw new Error(`${command.join(' ')} exited early:\n${output}`);
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
    if (ready) return { url, output: () => output, stop };
    if (Date.now() > deadline) {
      killGroup(group);
      throw new Error(`${command.join(' ')} was not ready within 180 s:\n${output}`);
    }
    await sleep(250);
  }
}

/** Every process group a test started: killed at the end whatever happened. */
const started = new Set<number>();

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

function killGroup(group: number): void {
  try {
    process.kill(-group, 'SIGKILL');
  } catch {
    // the group is gone already
  }
  started.delete(group);
}

/** A stop that ended gracefully: the command exited 0 and left nothing serving. */
function expectGracefulStop(stop: Awaited<ReturnType<RunningShop['stop']>>, output: string, withinMs = 10_000): void {
  expect(stop.leftRunning, `a process of the group still ran after the command exited:\n${output}`).toBe(false);
  expect({ code: stop.code, signal: stop.signal }, output).toEqual({ code: 0, signal: null });
  expect(stop.ms).toBeLessThan(withinMs);
}

/**
 * The demo (embedded database and sandbox, development) stopped while the whole suite runs beside it: once, on a CI
 * run at full load, its graceful stop needed more than the default 10 s deadline and exited 1 (alone it takes under a
 * second). What these tests prove is that SIGTERM to npm's pid reaches node and ends in a graceful exit 0, so they give
 * the stop a longer deadline rather than measure the loaded machine.
 */
const LOADED_MACHINE_SHUTDOWN_MS = 30_000;

/** The first operator as the runbook makes them, enrolled through the API the console's enrolment page calls; then signed in. */
async function firstAdminSignsIn(folder: string, env: Record<string, string>, url: string): Promise<{ role: string; email: string }> {
  const email = 'ops@example.com';
  // `npm run console:admin` on the production install: plain node, the built console-admin.js
  const invite = spawnSync('npm', ['run', '--silent', 'console:admin', '--', '--email', email, '--name', 'Ops lead'], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? folder, ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(invite.status, `${invite.stdout}\n${invite.stderr}`).toBe(0);
  const token = /\/console\/enrol\?token=(\S+)/.exec(invite.stdout)?.[1];
  expect(token, invite.stdout).toBeDefined();

  const json = { 'content-type': 'application/json' };
  const invitation = (await (await fetch(`${url}/api/console/v1/auth/invitation?token=${token}`)).json()) as { code: number; data: { totpSecret: string } };
  expect(invitation.code).toBe(200);
  const password = 'a long operator password';
  const { totpSecret } = invitation.data;
  const accepted = await fetch(`${url}/api/console/v1/auth/invitation/accept`, { method: 'POST', headers: json, body: JSON.stringify({ token, password, totpSecret, totp: currentTotp(totpSecret) }) });
  const { data } = (await accepted.json()) as { data: { recoveryCodes: string[] } };
  expect(accepted.status).toBe(200);
  // a recovery code: the TOTP code of this 30 s step has just been used, and each is accepted once
  const login = await fetch(`${url}/api/console/v1/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email, password, recoveryCode: data.recoveryCodes[0] }) });
  expect(login.status, await login.clone().text()).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const me = (await (await fetch(`${url}/api/console/v1/auth/me`, { headers: { cookie } })).json()) as { code: number; data: { role: string; email: string } };
  expect(me.code).toBe(200);
  return me.data;
}

/** /console answers the built console (not the 503 "not built"), and its script loads. */
async function expectConsoleServed(url: string): Promise<void> {
  const page = await fetch(`${url}/console`, { headers: { accept: 'text/html' } });
  expect(page.status, await page.clone().text()).toBe(200);
  const script = (await page.text()).match(/src="(\/console\/assets\/[^"]+\.js)"/)?.[1];
  expect(script, 'the console page names its script').toBeDefined();
  expect((await fetch(`${url}${script}`)).status).toBe(200);
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
    for (const group of started) killGroup(group);
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("deploys what the Dockerfile's final stage copies", () => {
    const finalStage = readFileSync(join(ROOT, 'Dockerfile'), 'utf8').split(/^FROM /m).at(-1)!;
    const copied = [...finalStage.matchAll(/^COPY (.+)$/gm)].flatMap(([, args]) => {
      const parts = args!.split(/\s+/);
      return parts[0]!.startsWith('--from=') ? [parts[1]!.replace(/^\/app\//, '')] : parts.slice(0, -1);
    });
    expect([...copied].sort()).toEqual([...DEPLOYED].sort());
  });

  it('installs without engine warnings and without the build tools', () => {
    expect(installOutput).not.toContain('EBADENGINE');
    for (const tool of ['tsx', 'esbuild', 'vite', 'typescript']) expect(existsSync(join(folder!, 'node_modules', tool)), tool).toBe(false);
  });

  it('starts with node --env-file=shop.env on an empty PostgreSQL database: migrated, healthy, ready, serving the voucher page, metrics and the console; the first admin signs in; SIGTERM stops it gracefully', async () => {
    const database = await createTestDatabase();
    // shop.env as the runbook's non-Docker path has it: the example filled in, plus what compose would set
    const shopEnv = filledShopEnv({ SHOP_ENV: 'production', PUBLIC_URL: 'https://shop.example.com', DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
    writeFileSync(join(folder!, 'shop.env'), shopEnv);
    // the runbook's systemd unit: node itself reads shop.env; the unit's pid is node's
    const shop = await start(folder!, ['node', '--env-file=shop.env', '--enable-source-maps', 'apps/server/dist/main.js'], {}).catch(async (error: unknown) => {
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

      await expectConsoleServed(shop.url);
      expect(await firstAdminSignsIn(folder!, valuesAsWritten(shopEnv), shop.url)).toMatchObject({ email: 'ops@example.com', role: 'admin' });

      expectGracefulStop(await shop.stop(), shop.output());
    } finally {
      await shop.stop();
      await database.drop();
    }
  }, 600_000);

  it('runs the one-command demo from the same build outside production with npm run start:prod (embedded database and sandbox); SIGTERM to npm stops the shop gracefully', async () => {
    const shop = await start(folder!, ['npm', 'run', 'start:prod'], { DATA_DIR: 'memory://', LOG_LEVEL: 'warn', SHUTDOWN_TIMEOUT_MS: String(LOADED_MACHINE_SHUTDOWN_MS) });
    try {
      expect(await (await fetch(`${shop.url}/readyz`)).json()).toEqual({ status: 'ready', database: 'pglite' });
      // the sandbox is a lazy chunk of the build, with the scripts it reads next to it
      const script = await fetch(`${shop.url}/sandbox/geetest/v4/gt4.js`);
      expect(script.status).toBe(200);
      expect(await script.text()).toBe(readFileSync(join(ROOT, 'apps/sandbox/src/geetest/gt4.js'), 'utf8'));
      expect(shop.output()).toContain(VOUCHER_PATH);
      await expectConsoleServed(shop.url);

      expectGracefulStop(await shop.stop(), shop.output(), LOADED_MACHINE_SHUTDOWN_MS);
    } finally {
      await shop.stop();
    }
  }, 600_000);

  it('npm start in the checkout: SIGTERM to npm stops the shop gracefully, nothing left serving', async () => {
    const shop = await start(ROOT, ['npm', 'start'], { DATA_DIR: 'memory://', LOG_LEVEL: 'warn', SHUTDOWN_TIMEOUT_MS: String(LOADED_MACHINE_SHUTDOWN_MS) });
    try {
      expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
      expectGracefulStop(await shop.stop(), shop.output(), LOADED_MACHINE_SHUTDOWN_MS);
    } finally {
      await shop.stop();
    }
  }, 600_000);
});
