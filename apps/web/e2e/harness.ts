import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { codeFromOutbox, requestCode } from './verification.ts';
import { RELAXED_RATE_LIMITS } from '../../server/test/relaxed-limits.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser tests need Chromium. Without it they are skipped with a loud warning, except under CI=true where a missing
 * browser must fail the run.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  if (process.env.CI === 'true') throw new Error(`Chromium not found at ${CHROMIUM}: browser tests cannot run in CI`);
  console.warn(`\n!!! Browser tests SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium) !!!\n`);
  return false;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RunningShop {
  url: string;
  api<T>(method: string, path: string, options?: { body?: unknown; token?: string }): Promise<{ code: number; message: string; data: T }>;
  stop(): Promise<void>;
}

/**
 * Starts the built shop the way `npm start` does (embedded database in a temp folder, sandbox providers).
 * `beforeStart` runs with the shop's environment before it starts (e.g. a command on its embedded database).
 */
export async function startShop(env: Record<string, string> = {}, beforeStart?: (shopEnv: NodeJS.ProcessEnv) => void): Promise<RunningShop> {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) throw new Error('apps/web is not built: run npm run build first');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const shopEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SHOP_ENV: 'test', DATABASE_URL: '', CAPTCHA_TRACK_CHECK: 'true', ...RELAXED_RATE_LIMITS, ...env };
  beforeStart?.(shopEnv);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: shopEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`shop exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`shop did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async api(method, path, options = {}) {
      const response = await fetch(url + path, {
        method,
        headers: {
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      });
      return response.json();
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        if (child.exitCode !== null) resolve(undefined);
        else child.once('exit', resolve);
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
  });
}

/** A fresh player's voucher link, as the game would open it. */
export function voucherLink(shop: RunningShop, options: { appId?: number; roleId: string; language?: string; extra?: string }): string {
  const appId = options.appId ?? 10030;
  return `${shop.url}/voucher?appId=${appId}&roleId=${options.roleId}&serverId=10001&accountId=acc-${options.roleId}&userLevel=12&language=${options.language ?? 'en'}${options.extra ?? ''}`;
}

/** The access token the page saved (waiting for quick login to finish), to check the outcome through the API. */
export async function savedToken(page: Page, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const token = await page.evaluate(() => {
      const raw = localStorage.getItem('token');
      return raw ? (JSON.parse(raw) as { data: { token: string } }).data.token : null;
    });
    if (token) return token;
    if (Date.now() > deadline) throw new Error('no token saved');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface ShopAndBrowser {
  shop: RunningShop;
  browser: Browser;
}

/** One shop and one Chromium for a test file: started before its tests, stopped after them. `env`: extra settings (e.g. FEATURE_CART). */
export function useShopAndBrowser(env: Record<string, string> = {}, beforeStart?: (shopEnv: NodeJS.ProcessEnv) => void): ShopAndBrowser {
  const context = {} as ShopAndBrowser;
  beforeAll(async () => {
    context.shop = await startShop(env, beforeStart);
    context.browser = await launchBrowser();
  });
  afterAll(async () => {
    await context.browser?.close();
    await context.shop?.stop();
  });
  return context;
}

export const E2E_PASSWORD = 'correct-horse-9';

/**
 * Registers an e-mail account on the open register screen: the puzzle, the code from the outbox, the password and the
 * agreement, then submit. Registering logs the player in (and goes on to the return target of the screen's query).
 */
export async function registerByEmail(page: Page, shopUrl: string, email: string): Promise<void> {
  await page.getByTestId('register-page').waitFor();
  await expect.poll(() => pickerCount(page, 'country')).toBeGreaterThan(200);
  await page.getByTestId('email').fill(email);
  await requestCode(page);
  await page.getByTestId('code').fill(await codeFromOutbox(shopUrl, email));
  await page.getByTestId('password').fill(E2E_PASSWORD);
  await page.getByTestId('confirm-password').fill(E2E_PASSWORD);
  await page.getByTestId('agree').check();
  await page.getByTestId('register-submit').click();
}

/** How many countries a searchable country picker (shared/ui/CountryPicker) offers once its list is in. */
export const pickerCount = async (page: Page, testId: string): Promise<number> => Number(await page.getByTestId(testId).getAttribute('data-count'));

/** The ISO code a country picker shows as chosen. */
export const pickerValue = (page: Page, testId: string): Promise<string | null> => page.getByTestId(testId).getAttribute('data-value');

/** Picks a country in a country picker as a player does: opens it, searches (the ISO code unless told) and taps the match. */
export async function pickCountry(page: Page, testId: string, code: string, search: string = code): Promise<void> {
  await expect.poll(() => pickerCount(page, testId)).toBeGreaterThan(200);
  await page.getByTestId(testId).click();
  const popup = page.getByTestId(`${testId}-popup`);
  await popup.locator('input').fill(search);
  await popup.locator(`[data-testid="${testId}-option"][data-value="${code}"]`).click();
  await popup.waitFor({ state: 'hidden' });
  await expect.poll(() => pickerValue(page, testId)).toBe(code);
}

/** Every entry of a country picker's list (its ISO code and text), read from the open popup, which is closed again. */
export async function pickerOptions(page: Page, testId: string): Promise<{ code: string; text: string }[]> {
  await expect.poll(() => pickerCount(page, testId)).toBeGreaterThan(200);
  await page.getByTestId(testId).click();
  const popup = page.getByTestId(`${testId}-popup`);
  await popup.getByTestId(`${testId}-option`).first().waitFor();
  const options = await popup
    .getByTestId(`${testId}-option`)
    .evaluateAll((elements) => elements.map((element) => ({ code: (element as HTMLElement).dataset.value ?? '', text: element.textContent ?? '' })));
  await popup.locator('.country-popup__close').click();
  await popup.waitFor({ state: 'hidden' });
  return options;
}
