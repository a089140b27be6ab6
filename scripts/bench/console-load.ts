// The publisher's console, first cold loads in Chromium (CPU slowed like the shop's figure): the login page, and a
// signed-in operator's first page, the console's home (the order search with the newest orders). For each: the time
// from navigation start until the page is usable, as the page's own clock measures it, and the bytes the browser
// received on the first load per resource type (CDP Network events, encodedDataLength: as sent over the wire).
import { chromium, type Browser } from 'playwright-core';
import { currentTotp } from '../../apps/server/src/modules/console/access/totp.ts';
import { DEMO_ADMIN } from '../../apps/server/src/modules/console/access/operators.service.ts';
import { withTimeout } from './cleanup.ts';

export interface PageLoad {
  /** Median ms from navigation start until the page was usable. */
  ms: number;
  runs: number[];
  /** Bytes received on the first cold load: all, and per CDP resource type (Document, Script, Stylesheet, Fetch...). */
  transferredKB: number;
  byTypeKB: Record<string, number>;
  requests: number;
}

export interface ConsoleLoadResult {
  /** /console/login: usable once its submit button is visible. */
  login: PageLoad;
  /** /console/ with a session (the development shop's demo admin): usable once the newest orders are listed. */
  home: PageLoad;
}

const LOGIN_USABLE = `visible('[data-testid="login-submit"]')`;
/** The search box is there and the first page of results is in (a row, or the empty table once loading ended). */
const HOME_USABLE = `visible('[data-testid="order-search-input"]') && (visible('[data-testid^="order-row-"]') ||
  (visible('.ant-table-placeholder') && !document.querySelector('.ant-table-wrapper .ant-spin-spinning')))`;

const usableScript = (condition: string) => `(() => {
  if (window.top !== window) return;
  const visible = (selector) => { const element = document.querySelector(selector); return !!element && element.getBoundingClientRect().width > 0; };
  const tick = () => (${condition}) ? window.__consoleUsable(performance.now()) : requestAnimationFrame(tick);
  requestAnimationFrame(tick);
})();`;

/** Logs the demo admin in once (a TOTP code is accepted once): the session cookie every cold load of the home page sends. */
async function demoAdminSession(baseUrl: string): Promise<{ name: string; value: string }> {
  const response = await fetch(`${baseUrl}/api/console/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, totp: currentTotp(DEMO_ADMIN.totpSecret) }),
  });
  const [pair] = (response.headers.getSetCookie()[0] ?? '').split(';');
  const at = pair?.indexOf('=') ?? -1;
  if (!response.ok || !pair || at < 1) throw new Error(`demo admin login failed (${response.status}): ${await response.text()}`);
  return { name: pair.slice(0, at), value: pair.slice(at + 1) };
}

async function measurePage(
  browser: Browser,
  options: { url: string; usable: string; runs: number; cpuSlowdown: number; timeoutMs: number; cookie?: { name: string; value: string } },
): Promise<PageLoad> {
  const runs: number[] = [];
  const first = { bytes: 0, requests: 0, byType: {} as Record<string, number> };
  for (let i = 0; i < options.runs; i++) {
    // a new context each time: an empty cache, so every run is a first load
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      if (options.cookie) await context.addCookies([{ ...options.cookie, domain: new URL(options.url).hostname, path: '/api/console', httpOnly: true, sameSite: 'Strict' }]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
      const types = new Map<string, string>();
      const received = { bytes: 0, requests: 0, byType: {} as Record<string, number> };
      cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
      cdp.on('Network.loadingFinished', (event) => {
        const type = types.get(event.requestId) ?? 'Other';
        received.bytes += event.encodedDataLength;
        received.requests++;
        received.byType[type] = (received.byType[type] ?? 0) + event.encodedDataLength;
      });
      let reportUsable: (ms: number) => void = () => undefined;
      const usable = new Promise<number>((resolve) => (reportUsable = resolve));
      await page.exposeFunction('__consoleUsable', (ms: number) => reportUsable(ms));
      await page.addInitScript(usableScript(options.usable));
      await page.goto(options.url, { waitUntil: 'commit', timeout: options.timeoutMs });
      runs.push(Math.round(await withTimeout(usable, options.timeoutMs, `waiting for ${options.url} to be usable`)));
      if (i === 0) {
        await page.waitForLoadState('networkidle', { timeout: options.timeoutMs }).catch(() => undefined);
        Object.assign(first, received);
      }
    } finally {
      await context.close();
    }
  }
  const kB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return {
    ms: [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!,
    runs,
    transferredKB: kB(first.bytes),
    byTypeKB: Object.fromEntries(Object.entries(first.byType).sort(([, a], [, b]) => b - a).map(([type, bytes]) => [type, kB(bytes)])),
    requests: first.requests,
  };
}

export async function measureConsoleLoad(options: { executablePath: string; baseUrl: string; runs: number; cpuSlowdown: number; timeoutMs: number }): Promise<ConsoleLoadResult> {
  const browser = await withTimeout(
    chromium.launch({ executablePath: options.executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'], timeout: 30_000 }),
    40_000,
    'launch chromium',
  );
  try {
    const common = { runs: options.runs, cpuSlowdown: options.cpuSlowdown, timeoutMs: options.timeoutMs };
    const login = await measurePage(browser, { ...common, url: `${options.baseUrl}/console/login`, usable: LOGIN_USABLE });
    const home = await measurePage(browser, { ...common, url: `${options.baseUrl}/console/`, usable: HOME_USABLE, cookie: await demoAdminSession(options.baseUrl) });
    return { login, home };
  } finally {
    await browser.close().catch(() => undefined);
  }
}
