// A page's first load as the player's browser gets it: Chromium with the CPU slowed down (CDP
// Emulation.setCPUThrottlingRate), a fresh browser context per load (empty cache and storage). For each load: the time
// from navigation start until the page is usable, as the page's own clock measures it, and every response's bytes as
// they came over the wire (CDP Network.loadingFinished encodedDataLength: compressed size plus headers) until the page
// was usable and the network then stayed idle. The budget figure is what the page asked for before it was usable: what
// it needed to get there. Requests started after that (the region list's countries, the next screens' chunks the app
// prefetches 1.5 s after its first render, which on a slow load may start before the network went idle) are shown
// apart, as is what comes in the seconds after the network went idle.
import { chromium, type Browser, type BrowserContext, type CDPSession } from 'playwright-core';
import { withTimeout } from './cleanup.ts';

/** The network is idle when no request has been in flight for this long (as Playwright's and Lighthouse's networkidle). */
const IDLE_MS = 500;
/** How long after the network went idle the first load of each kind keeps counting, to see what comes later. */
const LATER_WINDOW_MS = 4000;

export interface Transfer {
  /** Path on the shop (query dropped), or the full URL elsewhere. */
  name: string;
  /** CDP resource type: Document, Script, Stylesheet, Fetch, Image, Font... */
  type: string;
  bytes: number;
  /** Content-Encoding of the response ('' for none). */
  encoding: string;
  /** ms from navigation start. */
  start: number;
  end: number;
}

export interface LoadRun {
  usableMs: number;
  /** Everything received until the page was usable and the network idle. */
  transfers: Transfer[];
  /** Those requested before the page was usable. */
  beforeUsable: Transfer[];
  /** Received after that, within LATER_WINDOW_MS (first load of a kind only). */
  later: Transfer[];
}

export interface PageLoads {
  runs: LoadRun[];
  /** Median usable time over the runs. */
  medianMs: number;
  /** Scripts requested before the page was usable, bytes: the median run's (the runs differ when one fetched more). */
  scriptBytes: number;
  /** The most any run requested before it was usable. */
  maxScriptBytes: number;
  /** The run the script total was taken from. */
  typical: LoadRun;
}

export interface PageToLoad {
  /** The address of the i-th load. */
  url: (run: number) => string;
  /** A browser expression, true once the page is usable. */
  usableWhen: string;
  /** Put into local storage before the page's own scripts run (e.g. a logged-in player's token). */
  localStorage?: Record<string, string>;
  viewport?: { width: number; height: number };
}

export const sumBytes = (transfers: Transfer[], type?: string) =>
  transfers.filter((t) => type === undefined || t.type === type).reduce((sum, t) => sum + t.bytes, 0);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const errorLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

/** Checks every animation frame whether the page is usable and reports performance.now() (ms since navigation start). */
const usableScript = (condition: string) => `(() => {
  if (window.top !== window) return;
  const shown = (el) => {
    if (!el) return false;
    const rect = el.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && style.opacity !== '0';
  };
  const tick = () => {
    if (${condition}) return window.__benchUsable(performance.now());
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/** Usable voucher page: a voucher card is visible and a payment method is selected (PayChannelList marks it). */
export const VOUCHER_USABLE = `Array.from(document.querySelectorAll('[data-testid="voucher-card"]')).some(shown) &&
  Array.from(document.querySelectorAll('[data-testid="pay-channel"]')).some((el) =>
    el.getAttribute('data-checked') === 'true' || el.getAttribute('aria-checked') === 'true' || el.querySelector('input:checked') !== null)`;

/** Usable shop home: a product card is visible and the account it delivers to is shown. */
export const HOME_USABLE = `Array.from(document.querySelectorAll('[data-testid="product-card"]')).some(shown) &&
  shown(document.querySelector('[data-testid="current-account"]'))`;

/** Offline: no host name resolves except the local ones (Chromium's own background requests fail at once). */
export const LOCAL_ONLY_FLAGS = ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'];

/** A page script writing these local storage entries unless present (Lighthouse's about:blank has no storage). */
export const localStorageScript = (entries: Record<string, string>) => `(() => {
  try {
    for (const [key, value] of Object.entries(${JSON.stringify(entries)})) if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
  } catch {}
})();`;

export async function launchChromium(executablePath: string): Promise<Browser> {
  return withTimeout(
    chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', ...LOCAL_ONLY_FLAGS],
      timeout: 30_000,
    }),
    40_000,
    'launch chromium',
  );
}

/** Records what the page receives, and tells when the network has been idle for IDLE_MS. */
class NetworkLog {
  private readonly requests = new Map<string, { url: string; type: string; start: number; encoding: string }>();
  private readonly inFlight = new Set<string>();
  private navigationStart: number | undefined;
  private lastActivity = performance.now();
  readonly transfers: Transfer[] = [];

  constructor(cdp: CDPSession, private readonly origin: string) {
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.startsWith('data:')) return;
      this.navigationStart ??= event.timestamp;
      this.requests.set(event.requestId, { url: event.request.url, type: event.type ?? 'Other', start: event.timestamp, encoding: '' });
      this.inFlight.add(event.requestId);
      this.lastActivity = performance.now();
    });
    cdp.on('Network.responseReceived', (event) => {
      const request = this.requests.get(event.requestId);
      if (!request) return;
      request.type = event.type;
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
      request.encoding = headers['content-encoding'] ?? '';
    });
    cdp.on('Network.loadingFinished', (event) => this.finish(event.requestId, event.timestamp, event.encodedDataLength));
    cdp.on('Network.loadingFailed', (event) => this.finish(event.requestId, event.timestamp, 0));
  }

  private finish(requestId: string, timestamp: number, bytes: number): void {
    const request = this.requests.get(requestId);
    this.inFlight.delete(requestId);
    this.lastActivity = performance.now();
    if (!request) return;
    const base = this.navigationStart ?? request.start;
    const url = new URL(request.url);
    this.transfers.push({
      name: url.origin === this.origin ? url.pathname : `${url.origin}${url.pathname}`,
      type: request.type,
      bytes,
      encoding: request.encoding,
      start: Math.round((request.start - base) * 1000),
      end: Math.round((timestamp - base) * 1000),
    });
  }

  async idle(timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (this.inFlight.size > 0 || performance.now() - this.lastActivity < IDLE_MS) {
      if (performance.now() > deadline) throw new Error(`network not idle after ${timeoutMs} ms (${this.inFlight.size} requests in flight)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function loadOnce(browser: Browser, page: PageToLoad, run: number, options: { cpuSlowdown: number; timeoutMs: number; watchLater: boolean }): Promise<LoadRun> {
  // A fresh context each time: empty cache and storage, as on a phone that never opened the shop.
  const context: BrowserContext = await browser.newContext({ viewport: page.viewport ?? { width: 390, height: 844 }, locale: 'en-US' });
  try {
    if (page.localStorage) {
      await context.addInitScript(localStorageScript(page.localStorage));
    }
    const tab = await context.newPage();
    const problems: string[] = [];
    tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    tab.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
    const url = page.url(run);
    const network = new NetworkLog(cdp, new URL(url).origin);
    let reportUsable: (ms: number) => void = () => undefined;
    const usable = new Promise<number>((resolve) => (reportUsable = resolve));
    await tab.exposeFunction('__benchUsable', (ms: number) => reportUsable(ms));
    await tab.addInitScript(usableScript(page.usableWhen));
    await tab.goto(url, { waitUntil: 'commit', timeout: options.timeoutMs });
    let usableMs: number;
    try {
      usableMs = Math.round(await withTimeout(usable, options.timeoutMs, `waiting for ${new URL(url).pathname} to be usable`));
    } catch (error) {
      const detail = problems.slice(0, 3).join('; ');
      throw new Error(`not usable within ${options.timeoutMs} ms${detail ? ` (${detail})` : ''}: ${errorLine(error)}`);
    }
    await network.idle(options.timeoutMs);
    const transfers = [...network.transfers];
    let later: Transfer[] = [];
    if (options.watchLater) {
      await new Promise((resolve) => setTimeout(resolve, LATER_WINDOW_MS));
      await network.idle(options.timeoutMs).catch(() => undefined);
      later = network.transfers.slice(transfers.length);
    }
    // both clocks start at the navigation (the page's performance.now() and the document request)
    return { usableMs, transfers, beforeUsable: transfers.filter((t) => t.start <= usableMs), later };
  } finally {
    await context.close();
  }
}

/** `runs` cold loads of a page, one after another. */
export async function measureLoads(browser: Browser, page: PageToLoad, options: { runs: number; cpuSlowdown: number; timeoutMs: number }): Promise<PageLoads> {
  const runs: LoadRun[] = [];
  for (let i = 0; i < options.runs; i++) runs.push(await loadOnce(browser, page, i, { ...options, watchLater: i === 0 }));
  // the median run by script bytes: a slow load can also count the next screens' prefetch (1.5 s after the first render)
  const byBytes = [...runs].sort((a, b) => sumBytes(a.beforeUsable, 'Script') - sumBytes(b.beforeUsable, 'Script'));
  const typical = byBytes[Math.floor(byBytes.length / 2)]!;
  return {
    runs,
    medianMs: median(runs.map((r) => r.usableMs)),
    scriptBytes: sumBytes(typical.beforeUsable, 'Script'),
    maxScriptBytes: sumBytes(byBytes.at(-1)!.beforeUsable, 'Script'),
    typical,
  };
}
