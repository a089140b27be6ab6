// npm run bench: the performance budgets of docs ARCHITECTURE.md "Performance budgets", measured in one run on this
// machine. Prints a table and a final `BENCH_RESULT {...}` JSON line. Missing a target is reported, not an error (exit 0);
// a crash of the bench or of a measured server exits non-zero. Every child process, temp dir and database it creates is
// removed at the end, also on failure or Ctrl-C.
//
// Environment: BENCH_SECONDS (per figure, default 5), BENCH_CONNECTIONS (default 10), BENCH_DATABASE_URL (admin URL of
// the PostgreSQL where a fresh database is created and dropped, default postgres://postgres@127.0.0.1:5432/test),
// BENCH_CHROMIUM (default /usr/bin/chromium), BENCH_UI_RUNS (cold loads per page and player kind, default 5),
// BENCH_LIGHTHOUSE_RUNS (Lighthouse runs per page, median by score, default 3), BENCH_SKIP (comma list:
// postgres,ui,lighthouse,ledger; ui skips every browser figure), BENCH_LEDGER_ROLES (roles the voucher spends are spread
// over, default 8), BENCH_ORDER_PLAYERS (players the order load is spread over, default 50).
// The provider stand-ins run in a process of their own (bench/sandbox-main.ts), as the real providers would, so their
// work never runs on the measured shop's event loop.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedDatabase } from '../apps/server/src/db/seed.ts';
import { priceUnpricedProducts } from '../apps/server/src/modules/pricing/price-points.ts';
import { RELAXED_RATE_LIMITS } from '../apps/server/test/relaxed-limits.ts';
import { firstLoadJs } from './bench/bundle.ts';
import { measureConsoleLoad, type ConsoleLoadResult, type PageLoad } from './bench/console-load.ts';
import { cleanupAll, installExitHandlers, onCleanup, runSync, trackTempDir, withTimeout } from './bench/cleanup.ts';
import { load, type LoadResult } from './bench/http-load.ts';
import { benchLedger, type LedgerFigures, type SettleFigures, type SpendFigures } from './bench/ledger.ts';
import { channelOf, createPlayers, pgDb, pgliteDb, placeOrder, settleOnce, spendOnce, tightLoop, type DirectDb, type DirectFixture, type LoopResult } from './bench/direct.ts';
import { sandboxEnv } from '../apps/server/test/proof/cluster.ts';
import { freePort, startServer, type RunningServer } from './bench/processes.ts';
import { benchShopPages, pageErrors, shopPageRows, shopPagesJson, timelineText, type ShopPages } from './bench/shop-pages.ts';

const ROOT = resolve(import.meta.dirname, '..');
const SECONDS = positive(process.env.BENCH_SECONDS, 5);
const CONNECTIONS = Math.round(positive(process.env.BENCH_CONNECTIONS, 10));
const WARMUP_SECONDS = 1;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const UI_RUNS = Math.round(positive(process.env.BENCH_UI_RUNS, 5));
const LIGHTHOUSE_RUNS = Math.round(positive(process.env.BENCH_LIGHTHOUSE_RUNS, 3));
const LEDGER_ROLES = Math.round(positive(process.env.BENCH_LEDGER_ROLES, 8));
const ORDER_PLAYERS = Math.round(positive(process.env.BENCH_ORDER_PLAYERS, 50));
const SKIP = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()).filter(Boolean));
const APP_ID = 10030;
/** Germany: the catalogue and the orders are in euros at the demo's local prices (issue 23 asks for the figures with local prices on). */
const REGION = 'DE';

const TARGET = { listToBare: 0.5, orderToDirect: 0.4, statementsPerOrder: 6, spendToDirect: 0.4, settleToDirect: 0.25, cpuSlowdown: 4 };

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

const progress = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

// ---------------------------------------------------------------------------------------------------------------------
// Results

interface ShopFigures extends LedgerFigures {
  voucherList?: LoadResult;
  createOrder?: LoadResult;
  /** The shop's own order statements, spend statement and settlement transaction, sent straight to the database. */
  direct?: LoopResult;
  directSpend?: LoopResult;
  directSettle?: LoopResult;
  /** SQL statements the shop sent per order created during the order load (shop_database_statements_total). */
  statementsPerOrder?: number;
  skipped?: string;
  errors: string[];
}

interface Pick {
  productId: number;
  voucherSn: string;
  payMethodName: string;
  payMethodId: string;
  thirdChannelId: string;
}

const errors: string[] = [];
const pglite: ShopFigures = { errors: [] };
const postgres: ShopFigures = { errors: [] };
let bare: LoadResult | undefined;
let bundle: ReturnType<typeof firstLoadJs> | undefined;
let pages: ShopPages | { unavailable: string } | { failed: string } | undefined;
let consoleLoad: ConsoleLoadResult | { unavailable: string } | { failed: string } | undefined;

async function section(name: string, figures: { errors: string[] } | null, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const message = `${name}: ${errorText(error)}`;
    progress(`FAILED ${message}`);
    errors.push(message);
    figures?.errors.push(message);
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Shop on a database

const shopEnv = (database: { DATA_DIR: string } | { DATABASE_URL: string }) => ({
  LOG_LEVEL: 'warn',
  SHOP_ENV: 'development',
  JWT_SECRET: randomBytes(24).toString('hex'),
  DATA_DIR: undefined,
  DATABASE_URL: undefined,
  // the load creates thousands of orders for one player from one address
  ...RELAXED_RATE_LIMITS,
  ...database,
});

async function startShop(name: string, env: Record<string, string | undefined>): Promise<RunningServer> {
  progress(`starting ${name} and its provider stand-ins`);
  const started = performance.now();
  const port = await freePort();
  const sandbox = await startServer({
    name: `${name}: provider stand-ins`,
    script: join(ROOT, 'scripts/bench/sandbox-main.ts'),
    cwd: ROOT,
    env: { SHOP_URL: `http://127.0.0.1:${port}` },
    readyPath: '/sandbox/outbox.json',
    readyTimeoutMs: 30_000,
  });
  onCleanup(`stop ${name}: provider stand-ins`, () => sandbox.stop());
  const server = await startServer({
    name,
    script: join(ROOT, 'apps/server/src/main.ts'),
    cwd: ROOT,
    // The shop's embedded stand-ins stay mounted (development) but unused: every provider URL names the other process.
    env: { ...env, ...sandboxEnv(`${sandbox.url}/sandbox`) },
    readyPath: '/readyz',
    readyTimeoutMs: 90_000,
    port,
  });
  progress(`${name} ready on ${server.url} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
  onCleanup(`stop ${name}`, () => server.stop());
  return { ...server, stop: async () => void (await Promise.all([server.stop(), sandbox.stop()])) };
}

/** The shop's own count of the statements it sent, and of the orders it created (GET /metrics). */
async function shopCounters(shop: RunningServer): Promise<{ statements: number; orders: number }> {
  const text = await (await fetch(`${shop.url}/metrics`, { signal: AbortSignal.timeout(10_000) })).text();
  const statements = Number(/^shop_database_statements_total (\d+)/m.exec(text)?.[1] ?? NaN);
  const orders = [...text.matchAll(/^shop_orders_created_total(?:\{[^}]*\})? (\d+)/gm)].reduce((sum, match) => sum + Number(match[1]), 0);
  if (!Number.isFinite(statements)) throw new Error('GET /metrics has no shop_database_statements_total');
  return { statements, orders };
}

async function api<T>(url: string, init: { body?: unknown; token?: string } = {}): Promise<{ status: number; code: unknown; message: unknown; data: T }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let json: { code?: unknown; message?: unknown; data?: T };
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    throw new Error(`${url}: HTTP ${response.status}, not JSON: ${text.slice(0, 200)}`);
  }
  return { status: response.status, code: json.code, message: json.message, data: json.data as T };
}

/**
 * Logs players in like the game, reads the catalogue and the channels, and builds what the order load sends: each
 * request is one of the players' voucher orders, round robin (a shop's orders come from many players, each under their
 * own unpaid-order cap and row lock).
 */
async function prepareOrders(shop: RunningServer): Promise<{ pick: Pick; next: () => { body: string; headers: Record<string, string> } }> {
  const stamp = Date.now().toString(36);
  const players: { token: string; roleId: string }[] = [];
  for (let i = 0; i < ORDER_PLAYERS; i++) {
    const roleId = `bench-order-${stamp}-${i}`;
    const login = await api<{ token?: string }>(`${shop.url}/api/user/inapp/quick/login`, {
      body: { appId: APP_ID, roleId, serverId: '10001', accountId: `bench-order-acc-${stamp}-${i}`, userLevel: 1 },
    });
    if (login.code !== 200 || !login.data?.token) throw new Error(`quick login: code ${String(login.code)} ${String(login.message)}`);
    players.push({ token: login.data.token, roleId });
  }
  const list = await api<{ id: number; productSn: string }[]>(`${shop.url}/api/v1/voucher/list/${APP_ID}?regionCode=${REGION}`);
  const voucher = list.data?.[0];
  if (list.code !== 200 || !voucher) throw new Error(`voucher list: code ${String(list.code)} ${String(list.message)}, no voucher`);
  const channels = await api<{ payMethodName: string; payMethodId: string; thirdChannelId: string; thirdChannelName: string }[]>(
    `${shop.url}/api/v1/pay/channel/list/${APP_ID}/${REGION}`,
  );
  const channel = channels.data?.find((c) => c.thirdChannelName === 'xsolla');
  if (channels.code !== 200 || !channel) throw new Error(`channel list: code ${String(channels.code)}, no xsolla channel in ${REGION}`);
  const pick: Pick = {
    productId: voucher.id,
    voucherSn: voucher.productSn,
    payMethodName: channel.payMethodName,
    payMethodId: channel.payMethodId,
    thirdChannelId: channel.thirdChannelId,
  };
  const bodyOf = (roleId: string) =>
    JSON.stringify({
      appId: APP_ID,
      gameRoleId: roleId,
      regionCode: REGION,
      selectedRegionCode: REGION,
      id: pick.productId,
      payMethodName: pick.payMethodName,
      payMethodId: pick.payMethodId,
      quantity: 1,
      thirdChannelId: pick.thirdChannelId,
      voucherSn: pick.voucherSn,
      orderSource: 'voucher',
    });
  // One order first, so a broken order flow shows its answer instead of only an error count.
  const probe = await api<{ thirdPayResponse?: string }>(`${shop.url}/api/v1/voucher/create/order`, { body: JSON.parse(bodyOf(players[0]!.roleId)), token: players[0]!.token });
  if (probe.code !== 200) progress(`order creation probe answered HTTP ${probe.status} code ${String(probe.code)}: ${String(probe.message)}`);
  let turn = 0;
  const next = () => {
    const player = players[turn++ % players.length]!;
    return { body: bodyOf(player.roleId), headers: { authorization: `Bearer ${player.token}` } };
  };
  return { pick, next };
}

async function loadShop(shop: RunningServer, figures: ShopFigures, label: string): Promise<Pick | undefined> {
  progress(`${label}: POST /api/v1/voucher/list/${APP_ID} for ${SECONDS} s`);
  figures.voucherList = await load({
    url: `${shop.url}/api/v1/voucher/list/${APP_ID}?regionCode=${REGION}`,
    method: 'POST',
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
  });
  const order = await prepareOrders(shop);
  progress(`${label}: POST /api/v1/voucher/create/order for ${SECONDS} s (${ORDER_PLAYERS} players)`);
  const before = await shopCounters(shop);
  figures.createOrder = await load({
    url: `${shop.url}/api/v1/voucher/create/order`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    next: order.next,
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    checkEnvelope: true,
  });
  const after = await shopCounters(shop);
  // Whatever else ran meanwhile (the job poller, the /metrics reads) is counted too: the figure can only be too high.
  if (after.orders > before.orders) figures.statementsPerOrder = (after.statements - before.statements) / (after.orders - before.orders);
  if (figures.createOrder.errors) {
    progress(`${label}: order creation errors:\n  ${figures.createOrder.errorSamples.join('\n  ')}`);
  }
  if (!SKIP.has('ledger')) {
    await section(`voucher spend and webhook settlement on ${label}`, figures, () =>
      benchLedger(
        { url: shop.url, appId: APP_ID, region: REGION, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, roles: LEDGER_ROLES, progress },
        figures,
        label,
      ),
    );
  }
  return order.pick;
}

// ---------------------------------------------------------------------------------------------------------------------
// Sections

async function benchBareFastify(): Promise<void> {
  progress('starting bare Fastify');
  const server = await startServer({
    name: 'bare Fastify',
    script: join(ROOT, 'scripts/bench/hello-server.ts'),
    cwd: ROOT,
    env: {},
    readyPath: '/hello',
    readyTimeoutMs: 30_000,
  });
  try {
    progress(`bare Fastify: GET /hello for ${SECONDS} s`);
    bare = await load({ url: `${server.url}/hello`, connections: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS });
  } finally {
    await server.stop();
  }
}

async function benchPglite(): Promise<void> {
  let pick: Pick | undefined;
  await section('shop on PGlite', pglite, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-pglite-'));
    const removeDir = trackTempDir(dataDir);
    const shop = await startShop('shop on PGlite', shopEnv({ DATA_DIR: dataDir }));
    try {
      pick = await loadShop(shop, pglite, 'PGlite');
      // The page measurement needs a running shop; the PGlite one is the default setup.
      await section('shop pages in Chromium', null, () => benchPages(shop));
      await section('console first load', null, () => benchConsoleLoad(shop));
    } finally {
      await shop.stop();
      removeDir();
    }
  });

  await section('direct statements on PGlite', pglite, async () => {
    progress('direct PGlite: opening a fresh data dir (migrations + seed)');
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-direct-'));
    const removeDir = trackTempDir(dataDir);
    const database = await withTimeout(openDatabase({ dataDir }), 90_000, 'open PGlite');
    const close = onCleanup('close direct PGlite', () => database.close());
    try {
      await withTimeout(seedDatabase(database.db, { catalogue: true }), 90_000, 'seed PGlite');
      await priceUnpricedProducts(database.db);
      await benchDirect(pgliteDb((database.db as unknown as { $client: PGlite }).$client), pglite, pick, 'direct PGlite');
    } finally {
      await close();
      removeDir();
    }
  });
}

/**
 * The shop's own statements for the same work, straight to the database: orders (as many players as the API load), game
 * spends (as many roles as the API's spend load) and PayerMax settlements of prepared voucher orders.
 */
async function benchDirect(db: DirectDb, figures: ShopFigures, pick: Pick | undefined, label: string): Promise<void> {
  if (!pick) throw new Error('the API run picked no product and channel');
  const stamp = Date.now().toString(36);
  const loop = { concurrency: CONNECTIONS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
  const fixture: DirectFixture = {
    appId: APP_ID,
    region: REGION,
    productId: pick.productId,
    channel: await channelOf(db, APP_ID, REGION, pick),
    players: await createPlayers(db, { appId: APP_ID, count: ORDER_PLAYERS, prefix: `direct-order-${stamp}`, vouchers: 0 }),
    unpaidCap: Number(RELAXED_RATE_LIMITS['UNPAID_ORDERS_PER_PLAYER']),
  };
  progress(`${label}: order statements x ${CONNECTIONS} loops for ${SECONDS} s`);
  figures.direct = await tightLoop((i) => placeOrder(db, fixture, fixture.players[i % fixture.players.length]!).then(() => undefined), loop);
  if (SKIP.has('ledger')) return;

  const spenders = await createPlayers(db, { appId: APP_ID, count: LEDGER_ROLES, prefix: `direct-spend-${stamp}`, vouchers: 100_000_000 });
  progress(`${label}: spend statement over ${spenders.length} roles x ${CONNECTIONS} loops for ${SECONDS} s`);
  figures.directSpend = await tightLoop((i) => spendOnce(db, APP_ID, spenders[i % spenders.length]!, `direct-${stamp}-${i}`), loop);

  const buyers = await createPlayers(db, { appId: APP_ID, count: LEDGER_ROLES, prefix: `direct-settle-${stamp}`, vouchers: 0 });
  const unpaid: Parameters<typeof settleOnce>[1][] = [];
  const buyerFixture = { ...fixture, players: buyers };
  await tightLoop(
    async (i) => {
      const buyer = buyers[i % buyers.length]!;
      unpaid.push({ ...(await placeOrder(db, buyerFixture, buyer)), gameAccountId: buyer.gameAccountId });
    },
    { concurrency: CONNECTIONS, seconds: SECONDS, warmupSeconds: 0 },
  );
  progress(`${label}: settlement transaction for ${unpaid.length} prepared orders x ${CONNECTIONS} loops`);
  // A notification's size, as the shop stores it with the event.
  const payload = { code: 'APPLY_SUCCESS', msg: '', keyVersion: '1', appId: 'bench', merchantNo: 'bench', notifyTime: new Date().toISOString(), notifyType: 'PAYMENT', data: { status: 'SUCCESS', country: REGION } };
  figures.directSettle = await tightLoop((i) => settleOnce(db, unpaid[i]!, payload), { concurrency: CONNECTIONS, seconds: SECONDS * 4, warmupSeconds: 0, items: unpaid.length });
}

async function benchPostgres(): Promise<void> {
  if (SKIP.has('postgres')) {
    postgres.skipped = 'skipped (BENCH_SKIP=postgres)';
    return;
  }
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  admin.on('error', () => undefined);
  try {
    await admin.connect();
  } catch (error) {
    postgres.skipped = `PostgreSQL unreachable at ${redact(ADMIN_URL)} (${errorText(error)}): rows skipped`;
    progress(postgres.skipped);
    await admin.end().catch(() => undefined);
    return;
  }
  const name = `shop_bench_${process.pid}_${Date.now().toString(36)}`;
  const databaseUrl = withDatabase(ADMIN_URL, name);
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end().catch(() => undefined);
  }
  const drop = onCleanup(
    `drop database ${name}`,
    () => dropDatabase(name),
    () => void runSync('psql', [ADMIN_URL, '-q', '-c', `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`]),
  );
  progress(`PostgreSQL: created database ${name}`);
  try {
    let pick: Pick | undefined;
    await section('shop on PostgreSQL', postgres, async () => {
      const shop = await startShop('shop on PostgreSQL', shopEnv({ DATABASE_URL: databaseUrl }));
      try {
        pick = await loadShop(shop, postgres, 'PostgreSQL');
      } finally {
        await shop.stop();
      }
    });

    await section('direct statements on PostgreSQL', postgres, async () => {
      // The schema exists once the shop has started (migrations); without it there is nothing to measure.
      const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS, connectionTimeoutMillis: 5000 });
      pool.on('error', () => undefined);
      pg.types.setTypeParser(20, (value) => Number(value));
      const closePool = onCleanup('close direct pool', () => pool.end());
      try {
        await benchDirect(pgDb(pool), postgres, pick, 'direct PostgreSQL');
      } finally {
        await closePool();
      }
    });
  } finally {
    await drop();
    progress(`PostgreSQL: dropped database ${name}`);
  }
}

async function benchPages(shop: RunningServer): Promise<void> {
  if (SKIP.has('ui')) return void (pages = { unavailable: 'skipped (BENCH_SKIP=ui)' });
  if (!existsSync(CHROMIUM)) return void (pages = { unavailable: `no Chromium at ${CHROMIUM}` });
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) return void (pages = { unavailable: 'apps/web is not built' });
  try {
    pages = await benchShopPages({
      shopUrl: shop.url,
      chromium: CHROMIUM,
      appId: APP_ID,
      runs: UI_RUNS,
      lighthouseRuns: SKIP.has('lighthouse') ? 0 : LIGHTHOUSE_RUNS,
      cpuSlowdown: TARGET.cpuSlowdown,
      progress,
    });
    for (const error of pageErrors(pages)) errors.push(error);
  } catch (error) {
    pages = { failed: errorText(error) };
    progress(`shop pages: ${pages.failed}`);
  }
}

/**
 * The publisher's console: the first cold loads of its login page and of a signed-in operator's home (the order search),
 * next to the shop's (no budget in the issue: figures to watch).
 */
async function benchConsoleLoad(shop: RunningServer): Promise<void> {
  if (SKIP.has('ui')) return void (consoleLoad = { unavailable: 'skipped (BENCH_SKIP=ui)' });
  if (!existsSync(CHROMIUM)) return void (consoleLoad = { unavailable: `no Chromium at ${CHROMIUM}` });
  if (!existsSync(join(ROOT, 'apps/console/dist/index.html'))) return void (consoleLoad = { unavailable: 'apps/console is not built' });
  progress(`console: ${UI_RUNS} cold loads each of /console/login and, signed in, /console/ in Chromium, CPU ${TARGET.cpuSlowdown}x slower`);
  try {
    consoleLoad = await measureConsoleLoad({ executablePath: CHROMIUM, baseUrl: shop.url, runs: UI_RUNS, cpuSlowdown: TARGET.cpuSlowdown, timeoutMs: 20_000 });
  } catch (error) {
    consoleLoad = { failed: errorText(error) };
    progress(`console: ${consoleLoad.failed}`);
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// PostgreSQL helpers

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid URL)';
  }
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  admin.on('error', () => undefined);
  await admin.connect();
  try {
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } catch {
      // PostgreSQL < 13 has no FORCE: end the sessions first.
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    }
  } finally {
    await admin.end().catch(() => undefined);
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Report

type Verdict = 'meets' | 'MISSED' | 'info' | 'n/a' | 'ERROR';
interface Row {
  figure: string;
  value: string;
  target: string;
  verdict: Verdict;
}
type Cells = { [K in keyof Row]: string };

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
const loadText = (r: LoadResult) =>
  `${int(r.okRps)} req/s  (avg ${r.latencyAvgMs.toFixed(1)} ms, p99 ${r.latencyP99Ms} ms${r.errors ? `, ${int(r.errors)} errors of ${int(r.total)}` : ''})`;

function shopRows(label: string, f: ShopFigures): Row[] {
  if (f.skipped) return [{ figure: `Shop on ${label}`, value: f.skipped, target: '', verdict: 'n/a' }];
  const rows: Row[] = [];
  const failed = (figure: string) => rows.push({ figure, value: 'failed (see above)', target: '', verdict: 'ERROR' });
  if (f.voucherList) {
    rows.push({ figure: `${label}: POST /api/v1/voucher/list/${APP_ID}`, value: loadText(f.voucherList), target: '', verdict: 'info' });
    if (bare) {
      const ratio = f.voucherList.okRps / bare.okRps;
      rows.push({
        figure: `${label}: voucher list / bare Fastify`,
        value: pct(ratio),
        target: `>= ${pct(TARGET.listToBare)}`,
        verdict: ratio >= TARGET.listToBare ? 'meets' : 'MISSED',
      });
    }
  } else failed(`${label}: voucher list`);
  if (f.createOrder) {
    rows.push({ figure: `${label}: POST /api/v1/voucher/create/order`, value: loadText(f.createOrder), target: '', verdict: f.createOrder.errors ? 'ERROR' : 'info' });
  } else failed(`${label}: order creation`);
  if (f.direct) {
    rows.push({ figure: `${label}: same order statements straight to the DB`, value: directText(f.direct, 'orders'), target: '', verdict: f.direct.errors ? 'ERROR' : 'info' });
  } else failed(`${label}: direct order statements`);
  if (f.statementsPerOrder !== undefined) {
    rows.push({
      figure: `${label}: SQL statements per order`,
      value: f.statementsPerOrder.toFixed(2),
      target: `<= ${TARGET.statementsPerOrder}`,
      verdict: f.statementsPerOrder <= TARGET.statementsPerOrder ? 'meets' : 'MISSED',
    });
  }
  if (f.createOrder && f.direct) {
    const ratio = f.createOrder.okRps / f.direct.tps;
    rows.push({
      figure: `${label}: order creation API / direct`,
      value: pct(ratio),
      target: `>= ${pct(TARGET.orderToDirect)}`,
      verdict: ratio >= TARGET.orderToDirect ? 'meets' : 'MISSED',
    });
  }
  rows.push(...ledgerRows(label, f));
  return rows;
}

function ledgerRows(label: string, f: ShopFigures): Row[] {
  if (SKIP.has('ledger')) return [{ figure: `${label}: voucher spend, webhook settlement`, value: 'skipped (BENCH_SKIP=ledger)', target: '', verdict: 'n/a' }];
  const rows: Row[] = [];
  const ofBare = (r: LoadResult) => (bare ? `, ${pct(r.okRps / bare.okRps)} of bare` : '');
  const spendRow = (figure: string, r: SpendFigures | undefined) =>
    rows.push(
      r
        ? { figure, value: `${loadText(r)}${ofBare(r)}`, target: '', verdict: r.errors ? 'ERROR' : 'info' }
        : { figure, value: 'failed (see above)', target: '', verdict: 'ERROR' },
    );
  spendRow(`${label}: POST /api/game/v1/vouchers/spend (${f.voucherSpend?.roles ?? LEDGER_ROLES} roles)`, f.voucherSpend);
  spendRow(`${label}: voucher spend, one hot role`, f.voucherSpendHotRole);
  ratioRows(rows, `${label}: spend statement straight to the DB`, f.directSpend, 'spends', `${label}: voucher spend API / direct`, f.voucherSpend, TARGET.spendToDirect);
  const settle: SettleFigures | undefined = f.webhookSettle;
  rows.push(
    settle
      ? {
          figure: `${label}: POST /api/webhooks/payermax (settle + credit)`,
          value: `${loadText(settle)}${ofBare(settle)}; ${int(settle.settled)} of ${int(settle.sent)} settled`,
          target: '',
          verdict: settle.errors || settle.settled !== settle.sent ? 'ERROR' : 'info',
        }
      : { figure: `${label}: webhook settlement`, value: 'failed (see above)', target: '', verdict: 'ERROR' },
  );
  ratioRows(rows, `${label}: same settlement straight to the DB`, f.directSettle, 'settlements', `${label}: webhook settlement API / direct`, f.webhookSettle, TARGET.settleToDirect);
  return rows;
}

function directText(r: LoopResult, what: string): string {
  return `${int(r.tps)} ${what}/s  (${CONNECTIONS} concurrent${r.errors ? `, ${r.errors} errors: ${r.firstError}` : ''})`;
}

/** The direct figure's row and the API's share of it. */
function ratioRows(rows: Row[], directFigure: string, direct: LoopResult | undefined, what: string, ratioFigure: string, api: LoadResult | undefined, target: number): void {
  if (!direct) return void rows.push({ figure: directFigure, value: 'failed (see above)', target: '', verdict: 'ERROR' });
  rows.push({ figure: directFigure, value: directText(direct, what), target: '', verdict: direct.errors ? 'ERROR' : 'info' });
  if (!api) return;
  const ratio = api.okRps / direct.tps;
  rows.push({ figure: ratioFigure, value: pct(ratio), target: `>= ${pct(target)}`, verdict: ratio >= target ? 'meets' : 'MISSED' });
}

function report(): Row[] {
  const rows: Row[] = [];
  rows.push(
    bare
      ? { figure: 'Bare Fastify GET /hello', value: loadText(bare), target: '(baseline)', verdict: 'info' }
      : { figure: 'Bare Fastify GET /hello', value: 'failed (see above)', target: '(baseline)', verdict: 'ERROR' },
  );
  rows.push(...shopRows('PGlite', pglite), ...shopRows('PostgreSQL', postgres));
  // The build's static import graph: what the voucher page needs at least, gzip -9; the verdict comes from the browser.
  const graphFigure = 'Voucher page JS in the static import graph (build)';
  if (!bundle) rows.push({ figure: graphFigure, value: 'failed', target: '(figure)', verdict: 'ERROR' });
  else if ('unavailable' in bundle) rows.push({ figure: graphFigure, value: `n/a: ${bundle.unavailable}`, target: '(figure)', verdict: 'n/a' });
  else rows.push({ figure: graphFigure, value: `${bundle.gzipKB.toFixed(2)} kB gzip`, target: '(figure)', verdict: 'info' });
  if (!pages) rows.push({ figure: 'Shop pages in Chromium', value: 'n/a (shop on PGlite did not run)', target: '', verdict: 'n/a' });
  else if ('unavailable' in pages) rows.push({ figure: 'Shop pages in Chromium', value: `n/a: ${pages.unavailable}`, target: '', verdict: 'n/a' });
  else if ('failed' in pages) rows.push({ figure: 'Shop pages in Chromium', value: `failed: ${pages.failed.slice(0, 160)}`, target: '', verdict: 'ERROR' });
  else rows.push(...shopPageRows(pages, TARGET.cpuSlowdown));
  const consoleFigure = `Console first loads (CPU ${TARGET.cpuSlowdown}x)`;
  if (!consoleLoad) rows.push({ figure: consoleFigure, value: 'n/a (shop on PGlite did not run)', target: '(figure)', verdict: 'n/a' });
  else if ('unavailable' in consoleLoad) rows.push({ figure: consoleFigure, value: `n/a: ${consoleLoad.unavailable}`, target: '(figure)', verdict: 'n/a' });
  else if ('failed' in consoleLoad) rows.push({ figure: consoleFigure, value: `failed: ${consoleLoad.failed.slice(0, 160)}`, target: '(figure)', verdict: 'ERROR' });
  else
    for (const [name, load] of [['login page', consoleLoad.login], ['signed-in home (order search)', consoleLoad.home]] as const) {
      const types = Object.entries(load.byTypeKB).map(([type, kB]) => `${type} ${kB.toFixed(0)}`).join(', ');
      rows.push({
        figure: `Console ${name} first load (CPU ${TARGET.cpuSlowdown}x)`,
        value: `usable ${load.ms} ms median (${load.runs.join(', ')} ms); ${load.transferredKB.toFixed(0)} kB received in ${load.requests} requests (kB: ${types})`,
        target: '(figure)',
        verdict: 'info',
      });
    }
  return rows;
}

function printTable(rows: Row[]): void {
  const headers: Cells = { figure: 'Figure', value: 'Result', target: 'Target', verdict: 'Status' };
  const width = (key: keyof Row) => Math.max(headers[key].length, ...rows.map((row) => row[key].length));
  const w = { figure: width('figure'), value: width('value'), target: width('target'), verdict: width('verdict') };
  const line = (row: Cells) =>
    `| ${row.figure.padEnd(w.figure)} | ${row.value.padEnd(w.value)} | ${row.target.padEnd(w.target)} | ${row.verdict.padEnd(w.verdict)} |`;
  const rule = `|${'-'.repeat(w.figure + 2)}|${'-'.repeat(w.value + 2)}|${'-'.repeat(w.target + 2)}|${'-'.repeat(w.verdict + 2)}|`;
  console.log([line(headers), rule, ...rows.map(line)].join('\n'));
}

function consoleLoadJson(load: PageLoad) {
  return { usableMs: load.ms, runs: load.runs, requests: load.requests, transferredKB: load.transferredKB, byTypeKB: load.byTypeKB };
}

function loadJson(r: LoadResult) {
  return {
    rps: Math.round(r.okRps * 10) / 10,
    p99: r.latencyP99Ms,
    latencyAvgMs: Math.round(r.latencyAvgMs * 10) / 10,
    errors: r.errors,
    ratioToBare: bare ? Number((r.okRps / bare.okRps).toFixed(3)) : null,
  };
}

function spendJson(r: SpendFigures | undefined) {
  if (!r) return SKIP.has('ledger') ? 'skipped' : null;
  return { ...loadJson(r), roles: r.roles, okSpends: r.okSpends, balanceDrop: r.balanceDrop };
}

function shopJson(f: ShopFigures) {
  if (f.skipped) return { skipped: f.skipped };
  const round = (n: number) => Math.round(n * 10) / 10;
  const ratio3 = (n: number) => Number(n.toFixed(3));
  const listRatio = f.voucherList && bare ? f.voucherList.okRps / bare.okRps : null;
  const orderRatio = f.createOrder && f.direct ? f.createOrder.okRps / f.direct.tps : null;
  return {
    voucherListRps: f.voucherList ? round(f.voucherList.okRps) : null,
    voucherListToBare: listRatio === null ? null : ratio3(listRatio),
    voucherListMeets: listRatio === null ? null : listRatio >= TARGET.listToBare,
    createOrderRps: f.createOrder ? round(f.createOrder.okRps) : null,
    createOrderErrors: f.createOrder ? f.createOrder.errors : null,
    createOrderLatencyAvgMs: f.createOrder ? round(f.createOrder.latencyAvgMs) : null,
    directTps: f.direct ? round(f.direct.tps) : null,
    orderToDirect: orderRatio === null ? null : ratio3(orderRatio),
    orderMeets: orderRatio === null ? null : orderRatio >= TARGET.orderToDirect,
    statementsPerOrder: f.statementsPerOrder === undefined ? null : Math.round(f.statementsPerOrder * 100) / 100,
    statementsMeet: f.statementsPerOrder === undefined ? null : f.statementsPerOrder <= TARGET.statementsPerOrder,
    directSpendTps: f.directSpend ? round(f.directSpend.tps) : SKIP.has('ledger') ? 'skipped' : null,
    spendToDirect: f.voucherSpend && f.directSpend ? ratio3(f.voucherSpend.okRps / f.directSpend.tps) : null,
    spendMeets: f.voucherSpend && f.directSpend ? f.voucherSpend.okRps / f.directSpend.tps >= TARGET.spendToDirect : null,
    directSettleTps: f.directSettle ? round(f.directSettle.tps) : SKIP.has('ledger') ? 'skipped' : null,
    settleToDirect: f.webhookSettle && f.directSettle ? ratio3(f.webhookSettle.okRps / f.directSettle.tps) : null,
    settleMeets: f.webhookSettle && f.directSettle ? f.webhookSettle.okRps / f.directSettle.tps >= TARGET.settleToDirect : null,
    voucherSpend: spendJson(f.voucherSpend),
    voucherSpendHotRole: spendJson(f.voucherSpendHotRole),
    webhookSettle: f.webhookSettle
      ? { ...loadJson(f.webhookSettle), sent: f.webhookSettle.sent, settled: f.webhookSettle.settled }
      : SKIP.has('ledger') ? 'skipped' : null,
    errors: f.errors,
  };
}

// ---------------------------------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  installExitHandlers();
  // The ledger figures add order preparation, settlement, its check and two spend runs per database.
  const limitSeconds = 300 + (SKIP.has('ledger') ? 10 : 18) * (SECONDS + WARMUP_SECONDS);
  const limit = setTimeout(() => {
    progress(`time limit of ${limitSeconds} s reached, stopping`);
    void withTimeout(cleanupAll(), 20_000, 'cleanup')
      .catch(() => undefined)
      .finally(() => process.exit(1));
  }, limitSeconds * 1000);
  limit.unref();

  const cpu = cpus();
  console.log(
    `Bench: ${cpu.length} x ${cpu[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; ${CONNECTIONS} connections, ` +
      `${SECONDS} s per figure after ${WARMUP_SECONDS} s warm-up`,
  );

  await section('bare Fastify', null, benchBareFastify);
  await benchPglite();
  await benchPostgres();
  await section('first-load JavaScript', null, async () => {
    bundle = firstLoadJs(join(ROOT, 'apps/web'));
    if ('text' in bundle) console.log(`\nFirst-load JavaScript of /voucher (${bundle.source}):\n${bundle.text}`);
  });

  if (pages && !('unavailable' in pages) && !('failed' in pages)) {
    for (const [title, loads] of [
      [`Voucher page, first cold load of a first-time player (CPU ${TARGET.cpuSlowdown}x)`, pages.voucherFirstTime],
      [`Voucher page, first cold load of a returning player (CPU ${TARGET.cpuSlowdown}x)`, pages.voucherReturning],
      [`Home, first cold load of a logged-in player (CPU ${TARGET.cpuSlowdown}x)`, pages.home],
    ] as const) {
      const text = timelineText(title, loads);
      if (text) console.log(`\n${text}`);
    }
  }
  console.log('');
  printTable(report());
  if (errors.length) console.log(`\nErrors:\n  ${errors.map((e) => e.split('\n')[0]).join('\n  ')}`);

  const result = {
    machine: { cpus: cpu.length, node: process.version },
    seconds: SECONDS,
    connections: CONNECTIONS,
    bareFastifyRps: bare ? Math.round(bare.okRps) : null,
    pglite: shopJson(pglite),
    postgres: shopJson(postgres),
    firstLoadJs:
      bundle && 'gzipKB' in bundle
        ? { staticGraphGzipKB: bundle.gzipKB, note: 'the build\'s static import graph; the budget is judged on firstLoad' }
        : { staticGraphGzipKB: null, note: bundle && 'unavailable' in bundle ? bundle.unavailable : 'failed' },
    voucherPageUsable:
      pages && 'voucherFirstTime' in pages && pages.voucherFirstTime && 'medianMs' in pages.voucherFirstTime
        ? { ms: pages.voucherFirstTime.medianMs, runs: pages.voucherFirstTime.runs.map((r) => r.usableMs), player: 'first-time', cpuSlowdown: TARGET.cpuSlowdown }
        : { ms: null, note: !pages ? 'not run' : 'unavailable' in pages ? pages.unavailable : 'failed' in pages ? pages.failed : 'failed' },
    firstLoad:
      pages && !('unavailable' in pages) && !('failed' in pages)
        ? shopPagesJson(pages, TARGET.cpuSlowdown)
        : { note: !pages ? 'not run' : 'unavailable' in pages ? pages.unavailable : pages.failed },
    consoleFirstLoad:
      consoleLoad && 'login' in consoleLoad
        ? { cpuSlowdown: TARGET.cpuSlowdown, login: consoleLoadJson(consoleLoad.login), signedInHome: { path: '/console/', ...consoleLoadJson(consoleLoad.home) } }
        : { login: null, signedInHome: null, note: !consoleLoad ? 'not run' : 'unavailable' in consoleLoad ? consoleLoad.unavailable : consoleLoad.failed },
    errors,
  };
  console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
  return errors.length ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`bench crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
} finally {
  await withTimeout(cleanupAll(), 30_000, 'cleanup').catch((error: unknown) => console.error(`bench: ${errorText(error)}`));
}
process.exit(exitCode);
