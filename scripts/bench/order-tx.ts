// The write transaction of order creation (CheckoutService.createVoucherOrder + enqueue), sent straight to the database:
// the same three statements drizzle generates for it, in BEGIN/COMMIT, with the same parameters.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { newOrderSn } from '../../apps/server/src/modules/orders/order-number.ts';
import { withTimeout } from './cleanup.ts';

/** CheckoutService: orders insert with every column, defaults for the unset ones, `.returning()` of every column. */
export const INSERT_ORDER = `insert into "orders" ("id", "order_sn", "user_id", "app_id", "game_account_id", "order_source", "status", "currency", "total_amount_minor", "pay_amount_minor", "region_code", "selected_region_code", "pay_channel_id", "pay_method_name", "pay_method_id", "third_channel_name", "third_order_id", "third_pay_response", "expires_at", "paid_at", "created_at", "updated_at") values (default, $1, $2, $3, $4, $5, default, $6, $7, $8, $9, $10, $11, $12, $13, $14, default, default, now() + make_interval(secs => $15), default, default, default) returning "id", "order_sn", "user_id", "app_id", "game_account_id", "order_source", "status", "currency", "total_amount_minor", "pay_amount_minor", "region_code", "selected_region_code", "pay_channel_id", "pay_method_name", "pay_method_id", "third_channel_name", "third_order_id", "third_pay_response", "expires_at", "paid_at", "created_at", "updated_at"`;
export const INSERT_ITEM = `insert into "order_items" ("id", "order_id", "product_id", "names", "descs", "thumb", "category_id", "goods_type", "quantity", "currency", "price_minor", "original_price_minor", "voucher_amount") values (default, $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`;
/** jobs/outbox.ts enqueue(): the order's expiry job, idempotent by dedupe key. */
export const INSERT_JOB = `insert into "jobs" ("id", "kind", "payload", "dedupe_key", "run_at", "attempts", "max_attempts", "locked_until", "done_at", "failed_at", "last_error", "created_at") values (default, $1, $2, $3, $4, default, $5, default, default, default, default, default) on conflict do nothing`;

const EXPIRE_ORDER_JOB = 'order.expire';
/** ORDER_EXPIRY_MINUTES default (30) in seconds, as the server passes it. */
const EXPIRY_SECONDS = 1800;

/** What the transaction needs: the buyer, the product and the channel as the server has them in memory. */
export interface OrderFixture {
  userId: number;
  gameAccountId: number;
  appId: number;
  regionCode: string;
  product: {
    id: number;
    currency: string;
    priceMinor: number;
    discountPriceMinor: number;
    names: unknown;
    descs: unknown;
    thumbnail: string;
    categoryId: number;
    goodsType: number;
    voucherAmount: number;
  };
  channel: { id: number; payMethodName: string; payMethodId: string; thirdChannelName: string };
}

type Query = (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Loads the fixture: creates a player and its game account, reads the product and the channel the API bench used. */
export async function prepareFixture(
  query: Query,
  pick: { appId: number; productId?: number; regionCode: string; payMethodId?: string; thirdChannelId?: string },
): Promise<OrderFixture> {
  const [user] = (await query('insert into "users" ("id") values (default) returning "id"', [])).rows;
  const [account] = (
    await query(
      `insert into "game_accounts" ("owner_user_id", "app_id", "account_id", "server_id", "role_id", "role_name", "user_level")
       values ($1, $2, 'bench-direct', '10001', 'bench-direct', 'bench-direct', 1) returning "id"`,
      [user!.id, pick.appId],
    )
  ).rows;
  await query('insert into "player_roles" ("user_id", "game_account_id", "is_default") values ($1, $2, true)', [user!.id, account!.id]);
  const [product] = (
    await query(
      `select * from "products" where "app_id" = $1 and "hidden" = false and ($2::int is null or "id" = $2::int)
       order by "sort", "id" limit 1`,
      [pick.appId, pick.productId ?? null],
    )
  ).rows;
  if (!product) throw new Error(`no product for app ${pick.appId} in the database`);
  const [channel] = (
    await query(
      `select * from "pay_channels" where "app_id" = $1 and "region_code" = $2 and "third_channel_name" = 'xsolla'
         and ($3::text is null or ("pay_method_id" = $3 and "third_channel_id" = $4))
       order by "sort", "id" limit 1`,
      [pick.appId, pick.regionCode, pick.payMethodId ?? null, pick.thirdChannelId ?? null],
    )
  ).rows;
  if (!channel) throw new Error(`no xsolla channel for app ${pick.appId} in ${pick.regionCode}`);
  return {
    userId: Number(user!.id),
    gameAccountId: Number(account!.id),
    appId: pick.appId,
    regionCode: pick.regionCode,
    product: {
      id: Number(product.id),
      currency: String(product.currency),
      priceMinor: Number(product.price_minor),
      discountPriceMinor: Number(product.discount_price_minor),
      names: product.names,
      descs: product.descs,
      thumbnail: String(product.thumbnail),
      categoryId: Number(product.category_id),
      goodsType: Number(product.goods_type),
      voucherAmount: Number(product.voucher_amount),
    },
    channel: {
      id: Number(channel.id),
      payMethodName: String(channel.pay_method_name),
      payMethodId: String(channel.pay_method_id),
      thirdChannelName: String(channel.third_channel_name),
    },
  };
}

/** The three statements of one order, on a connection that is inside BEGIN. */
async function writeOrder(query: Query, f: OrderFixture): Promise<void> {
  const { rows } = await query(INSERT_ORDER, [
    newOrderSn(),
    f.userId,
    f.appId,
    f.gameAccountId,
    'voucher',
    f.product.currency,
    f.product.priceMinor,
    f.product.discountPriceMinor,
    f.regionCode,
    f.regionCode,
    f.channel.id,
    f.channel.payMethodName,
    f.channel.payMethodId,
    f.channel.thirdChannelName,
    EXPIRY_SECONDS,
  ]);
  const created = rows[0]!;
  const orderId = Number(created.id);
  await query(INSERT_ITEM, [
    orderId,
    f.product.id,
    JSON.stringify(f.product.names),
    JSON.stringify(f.product.descs),
    f.product.thumbnail,
    f.product.categoryId,
    f.product.goodsType,
    1,
    f.product.currency,
    f.product.discountPriceMinor,
    f.product.priceMinor,
    f.product.voucherAmount,
  ]);
  await query(INSERT_JOB, [
    EXPIRE_ORDER_JOB,
    JSON.stringify({ orderId }),
    `expire:${orderId}`,
    new Date(created.expires_at as string | Date).toISOString(),
    10,
  ]);
}

/** One transaction on PGlite, as drizzle's PGlite driver runs it (client.transaction). */
export function pgliteTransaction(client: PGlite, fixture: OrderFixture): () => Promise<void> {
  return () =>
    client.transaction(async (tx) => {
      await writeOrder((text, params) => tx.query<Record<string, unknown>>(text, params), fixture);
    });
}

/** One transaction on PostgreSQL, as drizzle's node-postgres driver runs it: a pooled client, BEGIN ... COMMIT. */
export function pgTransaction(pool: pg.Pool, fixture: OrderFixture): () => Promise<void> {
  return async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      try {
        await writeOrder((text, params) => client.query(text, params), fixture);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      }
    } finally {
      client.release();
    }
  };
}

export interface LoopResult {
  tps: number;
  count: number;
  errors: number;
  firstError?: string;
}

/** Runs `transaction` from `concurrency` loops for `seconds` (after a warm-up) and counts the completed ones. */
export async function tightLoop(
  transaction: () => Promise<void>,
  options: { concurrency: number; seconds: number; warmupSeconds: number },
): Promise<LoopResult> {
  if (options.warmupSeconds > 0) await loopFor(transaction, options.concurrency, options.warmupSeconds);
  return loopFor(transaction, options.concurrency, options.seconds);
}

async function loopFor(transaction: () => Promise<void>, concurrency: number, seconds: number): Promise<LoopResult> {
  let count = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const end = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      try {
        await transaction();
        count++;
      } catch (error) {
        errors++;
        firstError ??= (error as Error).message;
        if (errors > 100 && count === 0) throw new Error(`direct transaction fails: ${firstError}`);
      }
    }
  };
  await withTimeout(Promise.all(Array.from({ length: concurrency }, worker)), (seconds + 60) * 1000, 'direct transaction loop');
  const elapsed = (performance.now() - started) / 1000;
  return { tps: count / elapsed, count, errors, ...(firstError ? { firstError } : {}) };
}

/** The same transaction as a pgbench script (extended protocol, like node-postgres). */
export function pgbenchScript(): string {
  const sub = (text: string, names: string[]) => text.replace(/\$(\d+)/g, (_m, n: string) => `:${names[Number(n) - 1]}`);
  const order = sub(INSERT_ORDER, [
    'sn',
    'user_id',
    'app_id',
    'game_account_id',
    'order_source',
    'currency',
    'total_minor',
    'pay_minor',
    'region',
    'region',
    'channel_id',
    'method_name',
    'method_id',
    'third_channel',
    'expiry_secs',
  ]).replace(':sn,', ':sn::text,');
  const item = sub(INSERT_ITEM, [
    'id',
    'product_id',
    'names',
    'descs',
    'thumb',
    'category_id',
    'goods_type',
    'quantity',
    'currency',
    'pay_minor',
    'total_minor',
    'voucher_amount',
  ]);
  const job = sub(INSERT_JOB, ['job_kind', 'payload', 'dedupe', 'expires_at', 'max_attempts'])
    .replace(':payload', `jsonb_build_object('orderId', :id::bigint)`)
    .replace(':dedupe', `'expire:' || :id`);
  return [
    // 13 random digits: unique enough for a few seconds of load (the server's own numbers are 22 characters).
    '\\set sn random(1000000000000, 9999999999999)',
    'begin;',
    `${order} \\gset`,
    `${item};`,
    `${job};`,
    'commit;',
    '',
  ].join('\n');
}

export interface PgbenchResult {
  tps: number;
  failed: number;
  output: string;
}

/** Runs pgbench with the script against `databaseUrl` (the bench's own fresh database). */
export async function runPgbench(
  pgbench: string,
  databaseUrl: string,
  fixture: OrderFixture,
  options: { clients: number; seconds: number; workDir: string },
): Promise<PgbenchResult> {
  const script = join(options.workDir, 'order-tx.pgbench.sql');
  writeFileSync(script, pgbenchScript());
  const vars: Record<string, string | number> = {
    user_id: fixture.userId,
    app_id: fixture.appId,
    game_account_id: fixture.gameAccountId,
    order_source: 'voucher',
    currency: fixture.product.currency,
    total_minor: fixture.product.priceMinor,
    pay_minor: fixture.product.discountPriceMinor,
    region: fixture.regionCode,
    channel_id: fixture.channel.id,
    method_name: fixture.channel.payMethodName,
    method_id: fixture.channel.payMethodId,
    third_channel: fixture.channel.thirdChannelName,
    expiry_secs: EXPIRY_SECONDS,
    product_id: fixture.product.id,
    names: JSON.stringify(fixture.product.names),
    descs: JSON.stringify(fixture.product.descs),
    thumb: fixture.product.thumbnail,
    category_id: fixture.product.categoryId,
    goods_type: fixture.product.goodsType,
    quantity: 1,
    voucher_amount: fixture.product.voucherAmount,
    job_kind: EXPIRE_ORDER_JOB,
    max_attempts: 10,
  };
  const args = [
    '-n',
    '-M',
    'extended',
    '-c',
    String(options.clients),
    '-j',
    '2',
    '-T',
    String(Math.max(1, Math.round(options.seconds))),
    '-f',
    script,
    ...Object.entries(vars).flatMap(([name, value]) => ['-D', `${name}=${value}`]),
    databaseUrl,
  ];
  const child = spawn(pgbench, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await withTimeout(
    new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode))),
    (options.seconds + 30) * 1000,
    'pgbench',
  ).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  if (code !== 0 || !tps) throw new Error(`pgbench exited with ${code}:\n${output.trim().split('\n').slice(-8).join('\n')}`);
  const failed = /number of failed transactions: (\d+)/.exec(output);
  return { tps: Number(tps[1]), failed: failed ? Number(failed[1]) : 0, output };
}
