// The shop's first loads in Chromium (ADR 0032, docs/adr/0032-first-load.md): the voucher page as the
// game opens it, for a first-time player (a new role each load: the quick login creates the account) and for a returning
// one (the same role, a fresh browser cache), and the shop's home for a logged-in player; then Lighthouse's mobile
// performance figures for both pages.
import type { Browser } from 'playwright-core';
import type { Browser as LighthouseBrowser } from 'puppeteer-core';
import { onCleanup } from './cleanup.ts';
import { HOME_USABLE, launchChromium, measureLoads, sumBytes, VOUCHER_USABLE, type PageLoads, type Transfer } from './first-load.ts';
import { launchForLighthouse, runLighthouse, type LighthouseResult } from './lighthouse.ts';

export const PAGE_TARGET = { scriptKB: 150, aimScriptKB: 120, usableMs: 1000, lighthouseScore: 95 };

type Outcome<T> = T | { failed: string };
const failed = <T>(value: Outcome<T> | undefined): value is { failed: string } => !!value && typeof value === 'object' && 'failed' in value;

export interface ShopPages {
  voucherFirstTime?: Outcome<PageLoads>;
  voucherReturning?: Outcome<PageLoads>;
  home?: Outcome<PageLoads>;
  lighthouseVoucher?: Outcome<LighthouseResult>;
  lighthouseHome?: Outcome<LighthouseResult>;
}

export interface PageOptions {
  shopUrl: string;
  chromium: string;
  appId: number;
  runs: number;
  lighthouseRuns: number;
  cpuSlowdown: number;
  progress: (message: string) => void;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const runTag = Date.now().toString(36);

async function attempt<T>(label: string, progress: (message: string) => void, run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return await run();
  } catch (error) {
    progress(`${label}: FAILED ${errorText(error)}`);
    return { failed: errorText(error) };
  }
}

/** The voucher link a game opens for this role (English, so every load asks for the same messages). */
function voucherLink(options: PageOptions, roleId: string): string {
  const query = new URLSearchParams({ appId: String(options.appId), roleId, serverId: '10001', accountId: `acc-${roleId}`, userLevel: '1', language: 'en' });
  return `${options.shopUrl}/voucher?${query}`;
}

/** Logs a role in through the API as the game's link does; returns the token record the web app keeps in local storage. */
async function quickLogin(options: PageOptions, roleId: string): Promise<string> {
  const response = await fetch(`${options.shopUrl}/api/user/inapp/quick/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ appId: options.appId, roleId, serverId: '10001', accountId: `acc-${roleId}`, userLevel: 1 }),
    signal: AbortSignal.timeout(15_000),
  });
  const answer = (await response.json()) as { code?: number; message?: string; data?: { token?: string; expiresIn?: number } };
  if (answer.code !== 200 || !answer.data?.token) throw new Error(`quick login of ${roleId}: code ${String(answer.code)} ${String(answer.message)}`);
  // apps/web/src/shared/storage/token.ts: { data, time, maxAge }
  return JSON.stringify({ data: answer.data, time: Date.now(), maxAge: (answer.data.expiresIn ?? 3600) * 1000 });
}

export async function benchShopPages(options: PageOptions): Promise<ShopPages> {
  const result: ShopPages = {};
  const { progress } = options;
  const loads = { runs: options.runs, cpuSlowdown: options.cpuSlowdown, timeoutMs: 20_000 };

  const browser: Browser = await launchChromium(options.chromium);
  const closeBrowser = onCleanup('close chromium', () => browser.close().catch(() => undefined));
  try {
    progress(`voucher page: ${options.runs} cold loads by first-time players, CPU ${options.cpuSlowdown}x slower`);
    result.voucherFirstTime = await attempt('voucher page, first-time players', progress, () =>
      measureLoads(browser, { url: (i) => voucherLink(options, `bench-new-${runTag}-${i}`), usableWhen: VOUCHER_USABLE }, loads),
    );
    progress(`voucher page: ${options.runs} cold loads by a returning player`);
    result.voucherReturning = await attempt('voucher page, returning player', progress, async () => {
      const roleId = `bench-back-${runTag}`;
      await quickLogin(options, roleId); // the account exists before the first measured load
      return measureLoads(browser, { url: () => voucherLink(options, roleId), usableWhen: VOUCHER_USABLE }, loads);
    });
    progress(`home: ${options.runs} cold loads by a logged-in player`);
    result.home = await attempt('home, logged in', progress, async () => {
      const token = await quickLogin(options, `bench-home-${runTag}`);
      return measureLoads(browser, { url: () => `${options.shopUrl}/home`, usableWhen: HOME_USABLE, localStorage: { token } }, loads);
    });
  } finally {
    await closeBrowser();
  }

  if (options.lighthouseRuns > 0) {
    let lighthouseBrowser: LighthouseBrowser | undefined;
    try {
      lighthouseBrowser = await launchForLighthouse(options.chromium);
      const chrome = lighthouseBrowser;
      const lhOptions = { runs: options.lighthouseRuns, timeoutMs: 120_000 };
      progress(`Lighthouse (mobile): /voucher x ${options.lighthouseRuns}, first-time players`);
      result.lighthouseVoucher = await attempt('Lighthouse /voucher', progress, () =>
        runLighthouse(chrome, { ...lhOptions, url: (i) => voucherLink(options, `bench-lh-${runTag}-${i}`) }),
      );
      progress(`Lighthouse (mobile): /home x ${options.lighthouseRuns}, logged in`);
      result.lighthouseHome = await attempt('Lighthouse /home', progress, async () => {
        const token = await quickLogin(options, `bench-lh-home-${runTag}`);
        return runLighthouse(chrome, { ...lhOptions, url: () => `${options.shopUrl}/home`, localStorage: { token } });
      });
    } catch (error) {
      const message = errorText(error);
      result.lighthouseVoucher ??= { failed: message };
      result.lighthouseHome ??= { failed: message };
    } finally {
      await lighthouseBrowser?.close().catch(() => undefined);
    }
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------------------
// Report

export interface PageRow {
  figure: string;
  value: string;
  target: string;
  verdict: 'meets' | 'MISSED' | 'info' | 'n/a' | 'ERROR';
}

const kB = (bytes: number) => bytes / 1000;
const kBText = (bytes: number) => `${kB(bytes).toFixed(1)} kB`;

function transferRow(figure: string, loads: Outcome<PageLoads> | undefined): PageRow {
  const target = `<= ${PAGE_TARGET.scriptKB} kB (aim ${PAGE_TARGET.aimScriptKB})`;
  if (!loads) return { figure, value: 'not run', target, verdict: 'n/a' };
  if (failed(loads)) return { figure, value: `failed: ${loads.failed.slice(0, 160)}`, target, verdict: 'ERROR' };
  const run = loads.typical;
  const scripts = run.beforeUsable.filter((t) => t.type === 'Script');
  const encodings = [...new Set(scripts.map((t) => t.encoding || 'none'))].join('/');
  const untilIdle = sumBytes(run.transfers, 'Script');
  const later = sumBytes(loads.runs[0]!.later, 'Script');
  // other origins cannot be reached (LOCAL_ONLY_FLAGS): a page asking for one has a dependency to remove
  const external = [...new Set(loads.runs.flatMap((r) => [...r.transfers, ...r.later]).filter((t) => /^[a-z]+:/.test(t.name)).map((t) => t.name))];
  if (external.length) return { figure, value: `asks for other origins: ${external.join(' ').slice(0, 200)}`, target, verdict: 'ERROR' };
  return {
    figure,
    value:
      `${kBText(loads.scriptBytes)} in ${scripts.length} scripts (${encodings}), CSS ${kBText(sumBytes(run.beforeUsable, 'Stylesheet'))}, ` +
      `all ${kBText(sumBytes(run.beforeUsable))} in ${run.beforeUsable.length} responses; runs up to ${kBText(loads.maxScriptBytes)}; ` +
      `scripts until idle ${kBText(untilIdle)}, then ${kBText(later)}`,
    target,
    verdict: kB(loads.scriptBytes) <= PAGE_TARGET.scriptKB ? 'meets' : 'MISSED',
  };
}

function usableRow(figure: string, loads: Outcome<PageLoads> | undefined): PageRow {
  const target = `<= ${PAGE_TARGET.usableMs} ms`;
  if (!loads) return { figure, value: 'not run', target, verdict: 'n/a' };
  if (failed(loads)) return { figure, value: `not usable: ${loads.failed.slice(0, 160)}`, target, verdict: 'MISSED' };
  return {
    figure,
    value: `${loads.medianMs} ms median of ${loads.runs.length} cold loads (${loads.runs.map((r) => r.usableMs).join(', ')} ms)`,
    target,
    verdict: loads.medianMs <= PAGE_TARGET.usableMs ? 'meets' : 'MISSED',
  };
}

function lighthouseRow(figure: string, result: Outcome<LighthouseResult> | undefined): PageRow {
  const target = `>= ${PAGE_TARGET.lighthouseScore}`;
  if (!result) return { figure, value: 'not run', target, verdict: 'n/a' };
  if (failed(result)) return { figure, value: `failed: ${result.failed.slice(0, 160)}`, target, verdict: 'ERROR' };
  const external = result.external.length ? `; EXTERNAL: ${result.external.join(' ')}` : '';
  return {
    figure,
    value:
      `${result.score} (runs ${result.runs.map((r) => r.score).join(', ')}): FCP ${result.fcpMs} ms, LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, ` +
      `CLS ${result.cls}, SI ${result.speedIndexMs} ms, ${(result.totalBytes / 1024).toFixed(0)} KiB${external}`,
    target,
    verdict: result.external.length ? 'ERROR' : result.score >= PAGE_TARGET.lighthouseScore ? 'meets' : 'MISSED',
  };
}

export function shopPageRows(pages: ShopPages, cpuSlowdown: number): PageRow[] {
  return [
    transferRow('Voucher page JS transferred before usable', pages.voucherFirstTime),
    usableRow(`Voucher page usable, first-time player (CPU ${cpuSlowdown}x)`, pages.voucherFirstTime),
    usableRow(`Voucher page usable, returning player (CPU ${cpuSlowdown}x)`, pages.voucherReturning),
    transferRow('Home JS transferred before usable, logged in', pages.home),
    usableRow(`Home usable, logged in (CPU ${cpuSlowdown}x)`, pages.home),
    lighthouseRow('Lighthouse mobile performance /voucher', pages.lighthouseVoucher),
    lighthouseRow('Lighthouse mobile performance /home', pages.lighthouseHome),
  ];
}

/** What the first load of a page received, in order: the critical chain at a glance. */
export function timelineText(title: string, loads: Outcome<PageLoads> | undefined): string {
  if (!loads || failed(loads)) return '';
  const run = loads.runs[0]!;
  const line = (t: Transfer) =>
    `  ${String(t.start).padStart(5)} -> ${String(t.end).padStart(5)} ms  ${t.type.padEnd(10)} ${(t.bytes / 1000).toFixed(1).padStart(6)} kB ${(t.encoding || '-').padEnd(4)} ${t.name}`;
  const sorted = (transfers: Transfer[]) => [...transfers].sort((a, b) => a.start - b.start);
  const afterUsable = run.transfers.filter((t) => !run.beforeUsable.includes(t));
  return [
    `${title}: usable at ${run.usableMs} ms; requested before that:`,
    ...sorted(run.beforeUsable).map(line),
    ...(afterUsable.length ? ['  requested after it was usable, until the network was idle:', ...sorted(afterUsable).map(line)] : []),
    ...(run.later.length ? ['  then, prefetched once idle:', ...sorted(run.later).map(line)] : []),
  ].join('\n');
}

function loadsJson(loads: Outcome<PageLoads> | undefined) {
  if (!loads) return null;
  if (failed(loads)) return loads;
  const run = loads.typical;
  const round = (bytes: number) => Number(kB(bytes).toFixed(1));
  return {
    usableMs: loads.medianMs,
    runs: loads.runs.map((r) => r.usableMs),
    scriptKB: round(loads.scriptBytes),
    maxScriptKB: round(loads.maxScriptBytes),
    scripts: run.beforeUsable.filter((t) => t.type === 'Script').length,
    cssKB: round(sumBytes(run.beforeUsable, 'Stylesheet')),
    allKB: round(sumBytes(run.beforeUsable)),
    responses: run.beforeUsable.length,
    scriptKBUntilIdle: round(sumBytes(run.transfers, 'Script')),
    allKBUntilIdle: round(sumBytes(run.transfers)),
    laterScriptKB: round(sumBytes(loads.runs[0]!.later, 'Script')),
    scriptEncodings: [...new Set(run.beforeUsable.filter((t) => t.type === 'Script').map((t) => t.encoding || 'none'))],
    meetsKB: kB(loads.scriptBytes) <= PAGE_TARGET.scriptKB,
    meetsMs: loads.medianMs <= PAGE_TARGET.usableMs,
  };
}

function lighthouseJson(result: Outcome<LighthouseResult> | undefined) {
  if (!result) return null;
  if (failed(result)) return result;
  const { runs, ...median } = result;
  return { ...median, runScores: runs.map((r) => r.score), meets: result.score >= PAGE_TARGET.lighthouseScore && result.external.length === 0 };
}

export function shopPagesJson(pages: ShopPages, cpuSlowdown: number) {
  return {
    budget: { scriptKB: PAGE_TARGET.scriptKB, aimScriptKB: PAGE_TARGET.aimScriptKB, usableMs: PAGE_TARGET.usableMs, cpuSlowdown, lighthouseScore: PAGE_TARGET.lighthouseScore },
    voucherFirstTime: loadsJson(pages.voucherFirstTime),
    voucherReturning: loadsJson(pages.voucherReturning),
    homeLoggedIn: loadsJson(pages.home),
    lighthouseVoucher: lighthouseJson(pages.lighthouseVoucher),
    lighthouseHome: lighthouseJson(pages.lighthouseHome),
  };
}

export const pageErrors = (pages: ShopPages): string[] =>
  Object.entries(pages)
    .filter(([, value]) => failed(value as Outcome<unknown>))
    .map(([name, value]) => `${name}: ${(value as { failed: string }).failed}`);
