// Lighthouse (the npm package, 12.8: the last line for Node 20) on the system Chromium, mobile preset (its default:
// a mid-range phone's screen, 4x CPU slowdown and a slow 4G network, simulated), performance category only.
// Lighthouse drives the tab puppeteer opens; the browser cannot reach anything but this machine (every other host name
// fails to resolve), so a request leaving the shop shows up as a failed request instead of a download.
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { onCleanup, withTimeout } from './cleanup.ts';
import { LOCAL_ONLY_FLAGS, localStorageScript } from './first-load.ts';

export interface LighthouseFigures {
  /** 0..100 */
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  totalBytes: number;
  /** Requests to anything but the shop's origin (should be none). */
  external: string[];
}

export interface LighthouseResult extends LighthouseFigures {
  /** Every run, the reported one being the median by score. */
  runs: LighthouseFigures[];
}

export async function launchForLighthouse(executablePath: string): Promise<Browser> {
  const browser = await withTimeout(
    puppeteer.launch({
      executablePath,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', ...LOCAL_ONLY_FLAGS],
    }),
    40_000,
    'launch chromium for Lighthouse',
  );
  onCleanup('close Lighthouse chromium', () => browser.close().catch(() => undefined));
  return browser;
}

/**
 * `runs` Lighthouse navigations of `url`, each in a new tab after Lighthouse's own storage and cache reset.
 * `localStorage` entries are written before the page's scripts run (Lighthouse clears the origin's storage first).
 */
export async function runLighthouse(
  browser: Browser,
  options: { url: (run: number) => string; runs: number; localStorage?: Record<string, string>; timeoutMs: number },
): Promise<LighthouseResult> {
  const runs: LighthouseFigures[] = [];
  for (let i = 0; i < options.runs; i++) {
    // Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP on a busy machine): that load is run again
    for (let attempt = 1; ; attempt++) {
      try {
        runs.push(await runOnce(browser, options.url(i), options));
        break;
      } catch (error) {
        if (attempt >= 3 || !(error instanceof LighthouseRunError)) throw error;
      }
    }
  }
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return { ...sorted[Math.floor(sorted.length / 2)]!, runs };
}

/** Lighthouse could not measure the load (its runtimeError), as opposed to the page failing. */
class LighthouseRunError extends Error {}

async function runOnce(browser: Browser, url: string, options: { localStorage?: Record<string, string>; timeoutMs: number }): Promise<LighthouseFigures> {
  const page = await browser.newPage();
  try {
    if (options.localStorage) {
      await page.evaluateOnNewDocument(localStorageScript(options.localStorage));
    }
    const result = await withTimeout(
      lighthouse(url, { output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, undefined, page),
      options.timeoutMs,
      `Lighthouse ${new URL(url).pathname}`,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new LighthouseRunError(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
    const origin = new URL(url).origin;
    const score = lhr.categories.performance?.score;
    if (typeof score !== 'number') throw new Error(`Lighthouse gave no performance score (${lhr.runWarnings.join('; ')})`);
    return {
      score: Math.round(score * 100),
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      cls: Number(audit('cumulative-layout-shift').toFixed(3)),
      speedIndexMs: Math.round(audit('speed-index')),
      totalBytes: Math.round(audit('total-byte-weight')),
      external: requests.map((r) => r.url).filter((u) => !u.startsWith(origin) && !u.startsWith('data:')),
    };
  } finally {
    await page.close().catch(() => undefined);
  }
}
