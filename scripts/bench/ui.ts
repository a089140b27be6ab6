// Voucher page "usable" time in Chromium with 4x CPU slowdown: from navigation start until a voucher card is visible
// and a payment method is preselected, as the page itself measures it (performance.now() is relative to navigation).
import { chromium, type Browser } from 'playwright-core';
import { withTimeout } from './cleanup.ts';

export interface UiResult {
  /** Median over the runs, ms from navigation start (in-page clock). */
  ms: number;
  runs: number[];
  /** Wall clock from page.goto() until the condition was seen, per run. */
  wallMs: number[];
  /** What the first (cold) load fetched before it was usable: ms from navigation start. */
  firstLoadTimeline: { name: string; type: string; start: number; end: number }[];
}

/**
 * Injected before the page's own scripts (an init script, so the page's CSP does not apply to it): checks every
 * animation frame whether the page is usable and reports performance.now() (ms since navigation start) once, through
 * the __benchUsable binding. Usable = a voucher card is visible and a payment method is selected; the selected-state
 * markers a radio-like list may use are all accepted (PayChannelList sets data-checked, a --checked class and a
 * checked radio input).
 */
const USABLE_SCRIPT = `(() => {
  if (window.top !== window) return;
  const shown = (el) => {
    const rect = el.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && style.opacity !== '0';
  };
  const isSelected = (el) =>
    el.getAttribute('data-checked') === 'true' ||
    el.getAttribute('aria-checked') === 'true' ||
    el.getAttribute('aria-selected') === 'true' ||
    el.matches(':checked') ||
    el.querySelector('input:checked') !== null ||
    /(--checked|--selected|is-checked|is-selected)\\b/.test(el.className);
  const tick = () => {
    const cards = Array.from(document.querySelectorAll('[data-testid="voucher-card"]'));
    const channels = Array.from(document.querySelectorAll('[data-testid="pay-channel"]'));
    if (cards.some(shown) && channels.some(isSelected)) {
      const at = performance.now();
      const nav = performance.getEntriesByType('navigation')[0];
      const timeline = performance.getEntriesByType('resource').map((e) => ({
        name: e.name.replace(location.origin, '').split('?')[0],
        type: e.initiatorType,
        start: Math.round(e.startTime),
        end: Math.round(e.responseEnd),
      }));
      if (nav) timeline.unshift({ name: 'document', type: 'navigation', start: 0, end: Math.round(nav.responseEnd) });
      window.__benchUsable(at, JSON.stringify(timeline));
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

const errorLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

export async function measureVoucherPage(options: {
  executablePath: string;
  url: string;
  runs: number;
  timeoutMs: number;
  cpuSlowdown: number;
}): Promise<UiResult> {
  const browser: Browser = await withTimeout(
    chromium.launch({
      executablePath: options.executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      timeout: 30_000,
    }),
    40_000,
    'launch chromium',
  );
  try {
    const runs: number[] = [];
    const wallMs: number[] = [];
    let firstLoadTimeline: UiResult['firstLoadTimeline'] = [];
    for (let i = 0; i < options.runs; i++) {
      // A fresh context each time: empty cache and storage, as on a first visit from the game.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(`console: ${message.text()}`);
        });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
        let reportUsable: (ms: number) => void = () => undefined;
        const usable = new Promise<number>((resolve) => (reportUsable = resolve));
        await page.exposeFunction('__benchUsable', (ms: number, timeline: string) => {
          if (i === 0) firstLoadTimeline = JSON.parse(timeline) as UiResult['firstLoadTimeline'];
          reportUsable(ms);
        });
        await page.addInitScript(USABLE_SCRIPT);
        const started = performance.now();
        await page.goto(options.url, { waitUntil: 'commit', timeout: options.timeoutMs });
        try {
          const ms = await withTimeout(usable, options.timeoutMs, 'waiting for the voucher page');
          runs.push(Math.round(ms));
          wallMs.push(Math.round(performance.now() - started));
        } catch (error) {
          const detail = problems.slice(0, 3).join('; ');
          throw new Error(`not usable within ${options.timeoutMs} ms${detail ? ` (${detail})` : ''}: ${errorLine(error)}`);
        }
      } finally {
        await context.close();
      }
    }
    const sorted = [...runs].sort((a, b) => a - b);
    return { ms: sorted[Math.floor(sorted.length / 2)]!, runs, wallMs, firstLoadTimeline };
  } finally {
    await browser.close().catch(() => undefined);
  }
}
