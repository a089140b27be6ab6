// The publisher's console, first cold load in Chromium (CPU slowed like the shop's figure): the bytes the browser
// received for the login page (CDP Network events: encoded, i.e. as sent), and the time from navigation start until
// the login form is usable (its submit button is visible), as the page's own clock measures it.
import { chromium } from 'playwright-core';
import { withTimeout } from './cleanup.ts';

export interface ConsoleLoadResult {
  /** Median ms from navigation start until the login form was usable. */
  ms: number;
  runs: number[];
  /** Bytes received on the first cold load: all, and the scripts and style sheets among them. */
  transferredKB: number;
  scriptKB: number;
  requests: number;
}

const USABLE_SCRIPT = `(() => {
  if (window.top !== window) return;
  const tick = () => {
    const button = document.querySelector('[data-testid="login-submit"]');
    if (button && button.getBoundingClientRect().width > 0) {
      window.__consoleUsable(performance.now());
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

export async function measureConsoleLoad(options: { executablePath: string; url: string; runs: number; cpuSlowdown: number; timeoutMs: number }): Promise<ConsoleLoadResult> {
  const browser = await withTimeout(
    chromium.launch({ executablePath: options.executablePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'], timeout: 30_000 }),
    40_000,
    'launch chromium',
  );
  try {
    const runs: number[] = [];
    let transferred = 0;
    let scripts = 0;
    let requests = 0;
    for (let i = 0; i < options.runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      try {
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
        const types = new Map<string, string>();
        let bytes = 0;
        let scriptBytes = 0;
        let count = 0;
        cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
        cdp.on('Network.loadingFinished', (event) => {
          bytes += event.encodedDataLength;
          count++;
          const type = types.get(event.requestId);
          if (type === 'Script' || type === 'Stylesheet') scriptBytes += event.encodedDataLength;
        });
        let reportUsable: (ms: number) => void = () => undefined;
        const usable = new Promise<number>((resolve) => (reportUsable = resolve));
        await page.exposeFunction('__consoleUsable', (ms: number) => reportUsable(ms));
        await page.addInitScript(USABLE_SCRIPT);
        await page.goto(options.url, { waitUntil: 'commit', timeout: options.timeoutMs });
        runs.push(Math.round(await withTimeout(usable, options.timeoutMs, 'waiting for the console login form')));
        if (i === 0) {
          await page.waitForLoadState('networkidle', { timeout: options.timeoutMs }).catch(() => undefined);
          transferred = bytes;
          scripts = scriptBytes;
          requests = count;
        }
      } finally {
        await context.close();
      }
    }
    const sorted = [...runs].sort((a, b) => a - b);
    return { ms: sorted[Math.floor(sorted.length / 2)]!, runs, transferredKB: transferred / 1024, scriptKB: scripts / 1024, requests };
  } finally {
    await browser.close().catch(() => undefined);
  }
}
