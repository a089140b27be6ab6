// npm run bench:scale: the shop at a publisher's size (issue 21). Generates a data set of the chosen size into a
// PostgreSQL database once (kept for reruns: scale_bench.dataset names its size and generator version), starts the real
// server on it, and prints p50/p95 of every console screen, report, CSV and player call over HTTP, and of the background
// passes called directly, and the database's size (bytes per order line). With two sizes, each operation's figure at both
// and their ratio (how it grows with history). Size 0 (e.g. BENCH_SCALE_SIZES=0,1000000) is a freshly migrated, seeded
// database without history: only the writes (placing and settling an order) are timed there, the figure the other sizes'
// writes are compared with.
//
// Environment: BENCH_SCALE_ORDERS (default 200000), BENCH_SCALE_PLAYERS (default orders / 10), BENCH_SCALE_SIZES (comma
// list of order counts, e.g. 1000000,5000000; players scale with each as ORDERS/PLAYERS do), BENCH_SCALE_DATABASE_URL
// (default postgres://postgres@127.0.0.1:5432/shop_scale_<orders>; with several sizes, `<orders>` in it is replaced by
// each size), BENCH_SCALE_SAMPLES (timed requests per operation, default 20), BENCH_SCALE_PASS_RUNS (runs per background
// pass, default 5), BENCH_SCALE_WRITE_SAMPLES (orders placed and settled, default 200), BENCH_SCALE_REGENERATE=1 (drop and generate again). The databases stay; drop them by hand.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { CONSOLE_SESSION_COOKIE } from '@shop/contract/console/access';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { operators, operatorSessions } from '../apps/server/src/db/schema.ts';
import { seedDatabase } from '../apps/server/src/db/seed.ts';
import { priceUnpricedProducts } from '../apps/server/src/modules/pricing/price-points.ts';
import { OutboxWorker } from '../apps/server/src/jobs/outbox.ts';
import { tokenHash } from '../apps/server/src/modules/console/access/secrets.ts';
import { foldSalesRollups } from '../apps/server/src/modules/console/reports/sales-rollups.ts';
import { EXPIRE_ORDER_JOB } from '../apps/server/src/modules/orders/order-placement.ts';
import { loadShopConfig } from '../apps/server/src/load-config.ts';
import { createServices } from '../apps/server/src/services.ts';
import { RELAXED_RATE_LIMITS } from '../apps/server/test/relaxed-limits.ts';
import { cleanupAll, installExitHandlers, onCleanup } from './bench/cleanup.ts';
import { channelOf, createPlayers, pgDb, placeOrder, settleOnce, type DirectFixture } from './bench/direct.ts';
import { startServer } from './bench/processes.ts';
import { datasetOf, generateDataset, GENERATOR_VERSION, type DatasetSize, type Execute, type RebuildFigure, type TableFigure } from './bench/scale/dataset.ts';
import { CONSOLE_OPERATIONS, PLAYER_OPERATIONS, sampleStatements, samplesFrom, type Operation, type Request, type Samples } from './bench/scale/operations.ts';

const ROOT = resolve(import.meta.dirname, '..');
const int = (value: string | undefined, fallback: number) => (Number.isSafeInteger(Number(value)) && Number(value) > 0 ? Number(value) : fallback);
const ORDERS = int(process.env.BENCH_SCALE_ORDERS, 200_000);
const PLAYERS = int(process.env.BENCH_SCALE_PLAYERS, Math.max(4, Math.round(ORDERS / 10)));
const SIZES: DatasetSize[] = (process.env.BENCH_SCALE_SIZES ?? String(ORDERS))
  .split(',')
  .map((value) => (value.trim() === '0' ? 0 : int(value.trim(), -1)))
  .filter((orders) => orders >= 0)
  .map((orders) => ({ orders, players: Math.max(4, Math.round((orders * PLAYERS) / ORDERS)) }));
const WRITE_SAMPLES = int(process.env.BENCH_SCALE_WRITE_SAMPLES, 200);
const SAMPLES = int(process.env.BENCH_SCALE_SAMPLES, 20);
const PASS_RUNS = int(process.env.BENCH_SCALE_PASS_RUNS, 5);
const REGENERATE = process.env.BENCH_SCALE_REGENERATE === '1';
const JWT_SECRET = randomBytes(24).toString('hex');

const progress = (message: string) => console.error(`[bench:scale ${new Date().toISOString().slice(11, 19)}] ${message}`);
const databaseUrl = (size: DatasetSize) =>
  (process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/shop_scale_<orders>').replace('<orders>', String(size.orders));

interface Figure {
  p50: number;
  p95: number;
  /** Milliseconds to the response's first byte (CSV only: when the download starts). */
  firstByteP50?: number;
  firstByteP95?: number;
  errors: number;
  error?: string;
}

interface SizeResult {
  size: DatasetSize;
  database: string;
  generated?: { tables: TableFigure[]; rebuilds: RebuildFigure[]; seconds: number; rowsPerSecond: number };
  /** The machine's 1-minute load average when the timing started and when it ended (it is shared). */
  loadAverage?: { start: number; end: number };
  /** pg_database_size after the run, and the order lines it holds. */
  storage?: { databaseBytes: number; orderLines: number };
  figures: Record<string, Figure>;
}

// ---------------------------------------------------------------------------------------------------------------------
// The data set

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const executor = (client: pg.Client): Execute => async (statement) => {
  const result = await client.query(statement);
  return { rows: result.rows as Record<string, unknown>[], rowCount: result.rowCount ?? 0 };
};

/** Makes sure `url` holds the data set of `size` (generating it when missing or of another size or generator). */
async function ensureDataset(url: string, size: DatasetSize): Promise<SizeResult['generated']> {
  const name = new URL(url).pathname.slice(1);
  const adminUrl = Object.assign(new URL(url), { pathname: '/postgres' }).toString();
  if (size.orders === 0) {
    // No history: a new database every run, as a new shop's would be.
    await withClient(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`));
    await withClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`));
    progress(`${name}: migrating and seeding the demo catalogue (no history)`);
    const database = await openDatabase({ url, dataDir: '' });
    await seedDatabase(database.db, { catalogue: true });
    await priceUnpricedProducts(database.db);
    await database.close();
    return undefined;
  }
  const exists = await withClient(adminUrl, async (admin) => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);
  if (exists) {
    const state = await withClient(url, async (client) => {
      const run = executor(client);
      const dataset = await datasetOf(run);
      const tables = (await run(`SELECT to_regclass('public.orders') IS NOT NULL AS shop, to_regclass('scale_bench.dataset') IS NOT NULL AS ours`)).rows[0]!;
      const orders = tables['shop'] ? Number((await run('SELECT count(*)::bigint AS n FROM (SELECT 1 FROM orders LIMIT 1) o')).rows[0]!['n']) : 0;
      return { dataset, ours: Boolean(tables['ours']), empty: orders === 0 };
    });
    const same = state.dataset && state.dataset.orders === size.orders && state.dataset.players === size.players && state.dataset.version === GENERATOR_VERSION;
    if (same && !REGENERATE) {
      progress(`${name}: reusing the data set generated in ${state.dataset!.seconds.toFixed(0)} s (${size.orders.toLocaleString('en')} orders)`);
      return undefined;
    }
    if (!state.ours && !state.empty) throw new Error(`${name} holds a shop's data that the bench did not generate: name another database in BENCH_SCALE_DATABASE_URL`);
    progress(`${name}: ${state.dataset ? 'another data set' : 'an unfinished or empty one'} is there; dropping it`);
    await withClient(adminUrl, (admin) => admin.query(`DROP DATABASE ${pg.escapeIdentifier(name)} WITH (FORCE)`));
  }
  await withClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`));
  progress(`${name}: migrating and seeding the demo catalogue`);
  const database = await openDatabase({ url, dataDir: '' });
  await seedDatabase(database.db, { catalogue: true });
  await priceUnpricedProducts(database.db);
  await database.close();
  progress(`${name}: generating ${size.orders.toLocaleString('en')} orders, ${size.players.toLocaleString('en')} players`);
  const started = performance.now();
  const { tables, rebuilds } = await withClient(url, (client) => generateDataset(executor(client), size, (message) => progress(`${name}: ${message}`)));
  // What autovacuum does to a shop's tables as they fill (visibility maps, so that index-only scans such as the queue
  // counts do not visit the heap): a bulk load leaves it undone, and the first timings would measure that instead.
  const vacuumStarted = performance.now();
  await withClient(url, (client) => client.query('VACUUM (ANALYZE)'));
  rebuilds.push({ statement: 'VACUUM (ANALYZE)', seconds: (performance.now() - vacuumStarted) / 1000 });
  progress(`${name}: VACUUM (ANALYZE) in ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`);
  const seconds = (performance.now() - started) / 1000;
  const rows = tables.reduce((sum, table) => sum + table.rows, 0);
  progress(`${name}: ${rows.toLocaleString('en')} rows in ${seconds.toFixed(0)} s (${Math.round(rows / seconds).toLocaleString('en')} rows/s, rebuilds and ANALYZE included)`);
  return { tables, rebuilds, seconds, rowsPerSecond: rows / seconds };
}

// ---------------------------------------------------------------------------------------------------------------------
// Who asks: a console operator's session and players' access tokens, made for the bench

const SAMPLE_PLAYERS = 40;

async function pickSamples(client: pg.Client): Promise<Omit<Samples, 'tokens'>> {
  const statements = sampleStatements(SAMPLE_PLAYERS);
  const today = String((await client.query(statements.today)).rows[0].day);
  return samplesFrom(today, (await client.query(statements.orders)).rows, (await client.query(statements.busyRoles)).rows);
}

/** The configuration the measured server runs with (its environment), for the services the bench builds itself. */
const shopEnv = (url: string) => ({ SHOP_ENV: 'development', DATABASE_URL: url, JWT_SECRET, LOG_LEVEL: 'warn', DATABASE_QUERY_TIMEOUT_MS: '60000', ...RELAXED_RATE_LIMITS });

/** An admin operator's console session (a session row with a known token, as a login would write it). */
async function consoleCookie(url: string): Promise<string> {
  const database = await openDatabase({ url, dataDir: '' });
  try {
    const [operator] = await database.db
      .insert(operators)
      .values({ email: 'scale-bench@scale.bench', name: 'Scale bench', role: 'admin' })
      .onConflictDoUpdate({ target: operators.email, set: { disabledAt: null, role: 'admin' } })
      .returning({ id: operators.id });
    const token = randomBytes(32).toString('base64url');
    await database.db.insert(operatorSessions).values({ tokenHash: tokenHash(token), operatorId: operator!.id, expiresAt: new Date(Date.now() + 3_600_000) });
    return `${CONSOLE_SESSION_COOKIE}=${token}`;
  } finally {
    await database.close();
  }
}

async function playerTokens(url: string, samples: Omit<Samples, 'tokens'>): Promise<string[]> {
  const database = await openDatabase({ url, dataDir: '' });
  try {
    const services = createServices(await loadShopConfig(shopEnv(url)), database, pino({ level: 'warn' }));
    const tokens: string[] = [];
    for (const player of samples.players) tokens.push((await services.tokens.issue({ userId: player.userId, gameAccountId: player.gameAccountId })).token);
    return tokens;
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Timing

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function timeRequest(base: string, request: Request, headers: Record<string, string>): Promise<{ ms: number; firstByteMs: number; error?: string }> {
  const started = performance.now();
  const response = await fetch(base + request.path, {
    method: request.method,
    headers: { ...headers, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
    signal: AbortSignal.timeout(120_000),
  });
  const firstByteMs = performance.now() - started;
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) return { ms, firstByteMs, error: `${response.status} ${text.slice(0, 200)}` };
  if (response.headers.get('content-type')?.includes('json')) {
    const code = (JSON.parse(text) as { code?: number }).code;
    if (code !== 200) return { ms, firstByteMs, error: `code ${code}: ${text.slice(0, 200)}` };
  }
  return { ms, firstByteMs };
}

async function timeOperation(base: string, operation: Operation, samples: Samples, headersOf: (i: number) => Record<string, string>): Promise<Figure> {
  const times: number[] = [];
  const firstBytes: number[] = [];
  let errors = 0;
  let error: string | undefined;
  for (let i = -1; i < SAMPLES; i++) {
    const sample = Math.max(0, i);
    const result = await timeRequest(base, operation.request(samples, sample), headersOf(sample)).catch((failure: unknown) => ({
      ms: NaN,
      firstByteMs: NaN,
      error: (failure as Error).message,
    }));
    if (result.error) {
      errors++;
      error ??= result.error;
      continue;
    }
    if (i >= 0) {
      times.push(result.ms);
      firstBytes.push(result.firstByteMs);
    }
  }
  times.sort((a, b) => a - b);
  firstBytes.sort((a, b) => a - b);
  const csv = operation.name.startsWith('CSV');
  return times.length
    ? { p50: percentile(times, 50), p95: percentile(times, 95), ...(csv ? { firstByteP50: percentile(firstBytes, 50), firstByteP95: percentile(firstBytes, 95) } : {}), errors, error }
    : { p50: NaN, p95: NaN, errors, error };
}

/**
 * The fold's work of a busy minute: the deltas FOLD_ORDER_CHANGES changes of recent sold orders write (each change: the
 * order's contribution before it, negated, and after it), recorded by the triggers' own function. Before and after are
 * the same here, so folding them leaves the rollups as they were (the data set is kept for reruns).
 */
const FOLD_ORDER_CHANGES = 200;
const orderChangeDeltas = `
  SELECT sales_rollup_record(o.id, sign, ARRAY['sale', 'refund'])
  FROM (SELECT id FROM orders WHERE status IN (2, 3, 6, 8, 9) ORDER BY id DESC LIMIT ${FOLD_ORDER_CHANGES}) o CROSS JOIN (VALUES (-1), (1)) AS s(sign)`;

/** The background passes, called as their jobs call them, with the server stopped (nothing else runs). */
async function timePasses(url: string): Promise<Record<string, Figure>> {
  const database = await openDatabase({ url, dataDir: '', queryTimeoutMs: 600_000 });
  const log = pino({ level: 'warn' });
  try {
    const services = createServices(await loadShopConfig(shopEnv(url)), database, log);
    const expiry = new OutboxWorker(services.db, { [EXPIRE_ORDER_JOB]: { run: (payload) => services.orders.expire(Number(payload['orderId'])) } }, log, 1000);
    const passes: [string, () => Promise<unknown>, before?: () => Promise<unknown>][] = [
      ['pass: reconciliation sweep', () => services.reconciliation.sweep()],
      ['pass: retention prune', () => services.retention.prune()],
      ['pass: order expiry (due expiry jobs)', () => expiry.drain()],
      [`pass: sales rollup fold (${FOLD_ORDER_CHANGES} order changes' deltas)`, () => foldSalesRollups(services.db), () => database.db.execute(sql.raw(orderChangeDeltas))],
    ];
    const figures: Record<string, Figure> = {};
    for (const [name, run, before] of passes) {
      const times: number[] = [];
      let error: string | undefined;
      for (let i = 0; i < PASS_RUNS; i++) {
        await before?.();
        const started = performance.now();
        try {
          await run();
          times.push(performance.now() - started);
        } catch (failure) {
          error ??= (failure as Error).message;
        }
      }
      times.sort((a, b) => a - b);
      figures[name] = times.length ? { p50: percentile(times, 50), p95: percentile(times, 95), errors: PASS_RUNS - times.length, error } : { p50: NaN, p95: NaN, errors: PASS_RUNS, error };
      progress(`${name}: p50 ${figures[name].p50.toFixed(0)} ms`);
    }
    return figures;
  } finally {
    await database.close();
  }
}

const WRITE_APP_ID = 10030;
const WRITE_REGION = 'US';

/**
 * Placing and settling a voucher order with the shop's own statements (scripts/bench/direct.ts: the placement's read and
 * its one insert; the PayerMax settlement transaction with the ledger credit and delivery), one at a time on one
 * connection: what the database adds to a player's order and a provider's notification at this size, with every
 * trigger of the history tables (rollup deltas, player activity, reconciliation schedule) firing as in production.
 */
async function timeWrites(url: string): Promise<Record<string, Figure>> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const db = pgDb(pool);
    const product = (await pool.query('SELECT id FROM products WHERE app_id = $1 AND voucher_amount > 0 AND NOT hidden ORDER BY sort, id LIMIT 1', [WRITE_APP_ID])).rows[0] as { id: number } | undefined;
    if (!product) throw new Error(`no voucher pack of game ${WRITE_APP_ID} to order`);
    const players = await createPlayers(db, { appId: WRITE_APP_ID, count: 20, prefix: `scale-write-${Date.now().toString(36)}`, vouchers: 0 });
    const fixture: DirectFixture = {
      appId: WRITE_APP_ID,
      region: WRITE_REGION,
      productId: Number(product.id),
      channel: await channelOf(db, WRITE_APP_ID, WRITE_REGION, { payMethodId: 'CASHAPP', thirdChannelId: 'payermax-main' }),
      players,
      unpaidCap: Number(RELAXED_RATE_LIMITS['UNPAID_ORDERS_PER_PLAYER']),
    };
    const payload = { code: 'APPLY_SUCCESS', msg: '', keyVersion: '1', appId: 'bench', merchantNo: 'bench', notifyTime: new Date().toISOString(), notifyType: 'PAYMENT', data: { status: 'SUCCESS', country: WRITE_REGION } };
    const placeTimes: number[] = [];
    const settleTimes: number[] = [];
    const placed: Parameters<typeof settleOnce>[1][] = [];
    // The first tenth warms the caches and is not counted.
    const warmup = Math.ceil(WRITE_SAMPLES / 10);
    for (let i = 0; i < WRITE_SAMPLES + warmup; i++) {
      const player = players[i % players.length]!;
      const started = performance.now();
      const order = await placeOrder(db, fixture, player);
      if (i >= warmup) placeTimes.push(performance.now() - started);
      placed.push({ ...order, gameAccountId: player.gameAccountId });
    }
    for (const [i, order] of placed.entries()) {
      const started = performance.now();
      await settleOnce(db, order, payload);
      if (i >= warmup) settleTimes.push(performance.now() - started);
    }
    const figure = (times: number[]): Figure => {
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p95: percentile(times, 95), errors: 0 };
    };
    const figures = { 'write: place an order (the placement statements)': figure(placeTimes), 'write: settle an order (the settlement transaction)': figure(settleTimes) };
    for (const [name, value] of Object.entries(figures)) progress(`${name}: p50 ${value.p50.toFixed(1)} ms`);
    return figures;
  } finally {
    await pool.end();
  }
}

async function benchSize(size: DatasetSize): Promise<SizeResult> {
  const url = databaseUrl(size);
  const result: SizeResult = { size, database: new URL(url).pathname.slice(1), figures: {} };
  result.generated = await ensureDataset(url, size);
  const loadAtStart = loadavg()[0]!;
  Object.assign(result.figures, await timeWrites(url));
  if (size.orders === 0) {
    result.loadAverage = { start: loadAtStart, end: loadavg()[0]! };
    return result;
  }
  const picked = await withClient(url, pickSamples);
  const samples: Samples = { ...picked, tokens: await playerTokens(url, picked) };
  const cookie = await consoleCookie(url);

  const built = join(ROOT, 'apps/server/dist/main.js');
  const server = await startServer({
    name: `shop on ${result.database}`,
    script: existsSync(built) ? built : join(ROOT, 'apps/server/src/main.ts'),
    cwd: ROOT,
    env: { ...shopEnv(url), DATA_DIR: undefined },
    readyPath: '/readyz',
    readyTimeoutMs: 180_000,
  });
  const stop = onCleanup(`stop ${server.name}`, () => server.stop());
  progress(`${server.name} ready on ${server.url}; ${CONSOLE_OPERATIONS.length + PLAYER_OPERATIONS.length} operations x ${SAMPLES} samples`);
  try {
    for (const operation of CONSOLE_OPERATIONS) {
      result.figures[operation.name] = await timeOperation(server.url, operation, samples, () => ({ cookie }));
      progress(`${operation.name}: p50 ${result.figures[operation.name]!.p50.toFixed(0)} ms`);
    }
    for (const operation of PLAYER_OPERATIONS) {
      result.figures[operation.name] = await timeOperation(server.url, operation, samples, (i) => ({ authorization: `Bearer ${samples.tokens[i % samples.tokens.length]}` }));
      progress(`${operation.name}: p50 ${result.figures[operation.name]!.p50.toFixed(0)} ms`);
    }
  } finally {
    await stop();
  }
  Object.assign(result.figures, await timePasses(url));
  result.loadAverage = { start: loadAtStart, end: loadavg()[0]! };
  result.storage = await withClient(url, async (client) => {
    const { rows } = await client.query(`SELECT pg_database_size(current_database())::bigint AS bytes, (SELECT count(*) FROM order_items)::bigint AS lines`);
    return { databaseBytes: Number(rows[0].bytes), orderLines: Number(rows[0].lines) };
  });
  return result;
}

// ---------------------------------------------------------------------------------------------------------------------
// Output

const ms = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(1) : value.toFixed(0));

function printResults(results: SizeResult[]): void {
  const names = [...new Set(results.flatMap((result) => Object.keys(result.figures)))];
  const header = ['operation', ...results.flatMap((r) => [`p50 ${short(r.size.orders)}`, `p95 ${short(r.size.orders)}`]), ...(results.length > 1 ? ['p50 ratio'] : []), 'note'];
  const rows = names.map((name) => {
    const figures = results.map((r) => r.figures[name]);
    // The largest size against the smallest that has the figure (the empty database has only the writes').
    const first = figures.find(Boolean);
    const ratio = results.length > 1 ? (first && figures.at(-1) && first !== figures.at(-1) ? (figures.at(-1)!.p50 / first.p50).toFixed(2) : '-') : undefined;
    const notes = figures.flatMap((figure, index) => [
      ...(figure?.firstByteP50 !== undefined ? [`first byte p50 ${ms(figure.firstByteP50)} p95 ${ms(figure.firstByteP95)} ms at ${short(results[index]!.size.orders)}`] : []),
      ...(figure?.errors ? [`${figure.errors} failed at ${short(results[index]!.size.orders)}: ${figure.error}`] : []),
    ]);
    return [name, ...figures.flatMap((figure) => [ms(figure?.p50), ms(figure?.p95)]), ...(ratio ? [ratio] : []), notes.join('; ')];
  });
  const widths = header.map((_, column) => Math.max(header[column]!.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(column === cells.length - 1 ? 0 : widths[column]!)).join(' | ')} |`;
  console.log('');
  for (const result of results) {
    const generated = result.generated
      ? `, generated in ${result.generated.seconds.toFixed(0)} s at ${Math.round(result.generated.rowsPerSecond).toLocaleString('en')} rows/s`
      : result.size.orders
        ? ', reused'
        : ', new (no history: writes only)';
    console.log(`${result.database}: ${result.size.orders.toLocaleString('en')} orders, ${result.size.players.toLocaleString('en')} players${generated}`);
    for (const rebuild of result.generated?.rebuilds ?? []) console.log(`  ${rebuild.statement}: ${rebuild.seconds.toFixed(1)} s`);
    if (result.loadAverage) console.log(`  1-minute load average ${result.loadAverage.start.toFixed(1)} when timing started, ${result.loadAverage.end.toFixed(1)} when it ended`);
    if (result.storage) {
      const { databaseBytes, orderLines } = result.storage;
      if (!orderLines) continue;
      console.log(`  pg_database_size ${(databaseBytes / 2 ** 20).toFixed(0)} MiB, ${Math.round(databaseBytes / orderLines).toLocaleString('en')} bytes per order line (${orderLines.toLocaleString('en')} lines)`);
    }
  }
  console.log(`milliseconds over ${SAMPLES} requests per operation (${PASS_RUNS} runs per pass)\n`);
  console.log(line(header));
  console.log(line(header.map((_, column) => '-'.repeat(Math.min(widths[column]!, 3)))));
  for (const row of rows) console.log(line(row));
  console.log(`\nBENCH_SCALE_RESULT ${JSON.stringify(results)}`);
}

const short = (orders: number) => (orders >= 1_000_000 ? `${orders / 1_000_000}M` : orders >= 1000 ? `${orders / 1000}k` : String(orders));

async function main(): Promise<void> {
  installExitHandlers();
  const results: SizeResult[] = [];
  try {
    for (const size of SIZES) results.push(await benchSize(size));
    printResults(results);
  } finally {
    await cleanupAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
