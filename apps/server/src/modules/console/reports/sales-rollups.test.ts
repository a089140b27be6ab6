import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { baseFiguresOf, type ReportGroupBy, type SalesFigures, type SalesReportQuery } from '@shop/contract/console/reports';
import { BASE_CURRENCY } from '@shop/contract/pricing';
import { buildApp, type ShopApp } from '../../../app.ts';
import type { Executor } from '../../../db/client.ts';
import { orderItems, orders, refunds, voucherLedger } from '../../../db/schema.ts';
import { BACKENDS, freePort, startShop, testConfig, type TestShop } from '../../../../test/harness.ts';
import { newPlayer } from '../../../../test/shopping.ts';
import { toBaseMinor } from '../../pricing/base-amount.ts';
import { ReportsService, SOLD_STATUSES } from './reports.service.ts';
import { foldSalesRollups, rebuildSalesRollups, salesRollupTimeZone } from './sales-rollups.ts';

const DAY = 86_400_000;
const GROUPINGS: ReportGroupBy[] = ['day', 'game', 'product', 'provider', 'currency', 'country', 'source'];
type Rows<T> = { rows: T[] };
/** Units per USD of the test's currencies (an order of another currency, or placed before 0025, has no rate). */
const RATES: Record<string, string> = { USD: '1', EUR: '0.92', JPY: '151.37', CNY: '7.2345', KWD: '0.307125' };
/** Minor digits of the test's currencies, written out (the oracle does not use the code under test). */
const DIGITS_SQL = sql`CASE o.currency WHEN 'JPY' THEN 0 WHEN 'KWD' THEN 3 ELSE 2 END`;
/** The oracle's conversion to USD cents at the order's rate, rounded half up (PostgreSQL rounds numerics half away from 0). */
const inUsd = (amount: SQL) => sql`CASE WHEN o.exchange_rate IS NULL THEN ${amount} ELSE round(${amount} * 10::numeric ^ (2 - ${DIGITS_SQL}) / o.exchange_rate) END`;
const rowsOf = async <T>(executor: Executor, query: SQL) => ((await executor.execute(query)) as unknown as Rows<T>).rows;

/** Small deterministic PRNG (mulberry32). */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The oracle: the sales report computed by plain SQL from the raw rows (orders, order lines, completed refunds, the
 * ledger's purchase entries), with days in `zone`, as the report was computed before the rollups. One map per grouping
 * ('total' included): `key currency` -> figures.
 */
async function oracle(db: Executor, zone: string, query: SalesReportQuery, dimension: ReportGroupBy | 'total'): Promise<Map<string, SalesFigures>> {
  const product = dimension === 'product';
  const local = (at: SQL) => sql`(${at} AT TIME ZONE ${zone})::date`;
  const keyOf = (dated: SQL): SQL =>
    ({
      total: sql`''`,
      day: sql`to_char(${local(dated)}, 'YYYY-MM-DD')`,
      game: sql`o.app_id::text`,
      product: sql`i.product_id::text`,
      provider: sql`coalesce(o.third_channel_name, 'none')`,
      currency: sql`o.currency::text`,
      country: sql`coalesce(o.country_code::text, o.region_code::text, '')`,
      source: sql`o.order_source`,
    })[dimension];
  const filters: SQL[] = [sql`o.status IN (${sql.join(SOLD_STATUSES.map((status) => sql`${status}`), sql`, `)})`];
  if (query.appId !== undefined) filters.push(sql`o.app_id = ${query.appId}`);
  if (query.provider === 'none') filters.push(sql`o.third_channel_name IS NULL`);
  else if (query.provider !== undefined) filters.push(sql`o.third_channel_name = ${query.provider}`);
  if (query.currency !== undefined) filters.push(sql`o.currency = ${query.currency}`);
  if (query.source !== undefined) filters.push(sql`o.order_source = ${query.source}`);
  if (query.country !== undefined) filters.push(sql`coalesce(o.country_code, o.region_code) = ${query.country}`);
  const where = sql.join(filters, sql` AND `);
  const inRange = (at: SQL) => sql`${local(at)} BETWEEN ${query.from}::date AND ${query.to}::date`;
  // A product's lines of one order together (a product's base is its lines' gross converted once per order).
  const items = product
    ? sql`JOIN (SELECT order_id, product_id, sum(price_minor::int8 * quantity) AS gross, sum(quantity) AS quantity, sum(voucher_amount::int8 * quantity) AS vouchers
                  FROM order_items GROUP BY 1, 2) i ON i.order_id = o.id`
    : sql``;
  const credited = sql`LEFT JOIN (SELECT order_id, sum(amount) AS credited FROM voucher_ledger WHERE kind = 'purchase' GROUP BY order_id) v ON v.order_id = o.id`;
  const sales = await rowsOf<Record<string, string>>(
    db,
    sql`SELECT ${keyOf(sql`o.paid_at`)} AS key, o.currency::text AS currency, count(DISTINCT o.id) AS orders,
               count(DISTINCT o.id) FILTER (WHERE o.pay_amount_minor = 0) AS free_orders,
               sum(${product ? sql`i.gross` : sql`o.pay_amount_minor`}) AS gross,
               sum(${product ? sql`CASE WHEN v.credited IS NULL THEN 0 ELSE i.vouchers END` : sql`coalesce(v.credited, 0)`}) AS vouchers,
               sum(${product ? sql`i.quantity` : sql`0`}) AS quantity,
               sum(${product ? inUsd(sql`i.gross`) : sql`coalesce(o.base_pay_minor, o.pay_amount_minor)`}) AS base_gross
          FROM orders o ${items} ${credited} WHERE ${where} AND ${inRange(sql`o.paid_at`)} GROUP BY 1, 2`,
  );
  const dated = query.refundBasis === 'ordered' ? sql`o.paid_at` : sql`r.completed_at`;
  const refunded = await rowsOf<Record<string, string>>(
    db,
    sql`SELECT ${keyOf(dated)} AS key, o.currency::text AS currency, count(DISTINCT r.id) AS refund_count,
               sum(${product ? sql`i.gross` : sql`r.amount_minor`}) AS refunds,
               sum(${product ? inUsd(sql`i.gross`) : sql`CASE WHEN r.amount_minor = o.pay_amount_minor THEN coalesce(o.base_pay_minor, o.pay_amount_minor) ELSE ${inUsd(sql`r.amount_minor`)} END`}) AS base_refunds
          FROM refunds r JOIN orders o ON o.id = r.order_id ${items}
         WHERE r.status = 'completed' AND ${where} AND ${inRange(dated)} GROUP BY 1, 2`,
  );
  const figures = new Map<string, SalesFigures>();
  const of = (key: string, currency: string) => {
    const id = `${key} ${currency}`;
    if (!figures.has(id))
      figures.set(id, {
        currency,
        orders: 0,
        freeOrders: 0,
        gross: 0,
        refundCount: 0,
        refunds: 0,
        net: 0,
        vouchersCredited: 0,
        quantity: product ? 0 : null,
        baseGross: 0,
        baseRefunds: 0,
        baseNet: 0,
      });
    return figures.get(id)!;
  };
  for (const row of sales) {
    const entry = of(row.key!, row.currency!);
    Object.assign(entry, {
      orders: Number(row.orders),
      freeOrders: Number(row.free_orders),
      gross: Number(row.gross),
      vouchersCredited: Number(row.vouchers),
      baseGross: Number(row.base_gross),
    });
    if (product) entry.quantity = Number(row.quantity);
  }
  for (const row of refunded)
    Object.assign(of(row.key!, row.currency!), { refundCount: Number(row.refund_count), refunds: Number(row.refunds), baseRefunds: Number(row.base_refunds) });
  for (const entry of figures.values()) {
    entry.net = entry.gross - entry.refunds;
    entry.baseNet = entry.baseGross - entry.baseRefunds;
  }
  return figures;
}

/** Every grouping x the filters x both refund bases x the ranges: the report equals the oracle, to the unit. */
async function expectReportsExact(db: Executor, ranges: { from: string; to: string }[], label: string): Promise<number> {
  const reports = new ReportsService(db as never);
  const zone = await salesRollupTimeZone(db);
  const filters: Partial<SalesReportQuery>[] = [
    {},
    { appId: 10030 },
    { provider: 'none' },
    { provider: 'paypal', currency: 'EUR' },
    { source: 'voucher' },
    { country: 'CN' },
    { country: 'JP', currency: 'JPY' },
  ];
  let compared = 0;
  for (const range of ranges)
    for (const groupBy of GROUPINGS)
      for (const filter of filters)
        for (const refundBasis of ['refunded', 'ordered'] as const) {
          const query: SalesReportQuery = { ...range, groupBy, refundBasis, ...filter };
          const what = `${label} ${zone} ${JSON.stringify(query)}`;
          const report = await reports.sales(query);
          expect(report.timeZone).toBe(zone);
          const total = await oracle(db, zone, query, 'total');
          expect(new Map(report.totals.map((figures) => [` ${figures.currency}`, figures])), what).toEqual(total);
          const daily = await oracle(db, zone, query, 'day');
          expect(new Map(report.daily.map(({ day, ...figures }) => [`${day} ${figures.currency}`, figures])), what).toEqual(daily);
          const rows = await oracle(db, zone, query, groupBy);
          expect(new Map(report.rows.map(({ key, label: _label, ...figures }) => [`${key} ${figures.currency}`, figures])), what).toEqual(rows);
          expect(report.orderCount).toBe([...total.values()].reduce((sum, figures) => sum + figures.orders, 0));
          expect(report.baseTotals, what).toEqual(baseFiguresOf([...total.values()]));
          compared += 1;
        }
  return compared;
}

const deltaCount = async (db: Executor) => Number((await rowsOf<{ n: string }>(db, sql`SELECT count(*) AS n FROM sales_rollup_deltas`))[0]!.n);

/** Both rollups, rows with figures only (a group whose orders all moved out again keeps a row of zeros). */
async function rollupContents(db: Executor) {
  const nonZero = sql`orders <> 0 OR free_orders <> 0 OR gross <> 0 OR vouchers <> 0 OR refunds_completed_count <> 0 OR refunds_completed <> 0
    OR refunds_paid_count <> 0 OR refunds_paid <> 0 OR base_gross <> 0 OR base_refunds_completed <> 0 OR base_refunds_paid <> 0`;
  return {
    byOrder: await rowsOf(db, sql`SELECT * FROM sales_rollup WHERE ${nonZero} ORDER BY day, app_id, country, source, provider, currency`),
    byProduct: await rowsOf(db, sql`SELECT * FROM sales_product_rollup WHERE ${nonZero} OR quantity <> 0 ORDER BY day, product_id, app_id, country, source, provider, currency`),
    byOrderMonthly: await rowsOf(db, sql`SELECT * FROM sales_rollup_monthly WHERE ${nonZero} ORDER BY month, app_id, country, source, provider, currency`),
    byProductMonthly: await rowsOf(
      db,
      sql`SELECT * FROM sales_product_rollup_monthly WHERE ${nonZero} OR quantity <> 0 ORDER BY month, product_id, app_id, country, source, provider, currency`,
    ),
  };
}

describe.each(BACKENDS)('sales rollups (%s)', (backend) => {
  let shop: TestShop;
  let db: Executor;
  let gameAccountId: number;
  let userId: number;
  let seq = 0;
  const random = rng(Number(process.env.ROLLUP_SEED ?? 21));
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  /** Six whole UTC days back from yesterday: each order's time is on one of them or just across a local midnight. */
  const firstDay = Math.floor(Date.now() / DAY) * DAY - 6 * DAY;
  const dayText = (time: number) => new Date(time).toISOString().slice(0, 10);
  /** The first day of the month `months` months before this one (YYYY-MM-DD). */
  const monthStart = (months: number) => {
    const now = new Date();
    return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1)).toISOString().slice(0, 10);
  };
  const dayBefore = (day: string) => dayText(Date.parse(`${day}T00:00:00Z`) - DAY);
  const ranges = [
    { from: dayText(firstDay - DAY), to: dayText(Date.now() + DAY) },
    { from: dayText(firstDay + DAY), to: dayText(firstDay + DAY) },
    { from: dayText(firstDay + 2 * DAY), to: dayText(firstDay + 4 * DAY) },
    // Ranges with whole months (read from the monthly rollups) and days around them (from the daily ones): the
    // orders of the last four months, one whole month, two whole months and a part of the current one.
    { from: dayText(Date.parse(`${monthStart(3)}T00:00:00Z`) + 9 * DAY), to: dayText(Date.now() + DAY) },
    { from: monthStart(2), to: dayBefore(monthStart(1)) },
    { from: monthStart(3), to: dayText(Date.now()) },
  ];
  /** Times around midnight in Asia/Shanghai (16:00Z) and America/Los_Angeles (07:00Z summer, 08:00Z winter), and any. */
  const someTime = () => {
    // Most in the last six days; one in four anywhere in the last 110 days, so that whole months have orders, and
    // orders sit on the first and last local days of months.
    const day = random() < 0.25 ? firstDay - Math.floor(random() * 104) * DAY : firstDay + Math.floor(random() * 6) * DAY;
    const boundary = pick([16, 7, 8]) * 3_600_000;
    return new Date(random() < 0.5 ? day + boundary + pick([-1000, 0, 1000]) : day + Math.floor(random() * DAY));
  };

  beforeAll(async () => {
    shop = await startShop(backend, { REPORT_TIME_ZONE: 'Asia/Shanghai' });
    // The test folds and rebuilds itself: no job may do it behind its back.
    await shop.services.worker.stop();
    db = shop.services.db;
    await shop.quickLogin();
    await newPlayer(shop);
    const [account] = await rowsOf<{ id: string; user_id: string }>(db, sql`SELECT ga.id, u.id AS user_id FROM game_accounts ga, users u LIMIT 1`);
    gameAccountId = Number(account!.id);
    userId = Number(account!.user_id);
  }, 60_000);
  afterAll(() => shop?.close());

  /**
   * An unpaid order and its lines (1-3 products), as the placement writes them. With `country`, sold at local prices
   * (ADR 0050): the country, the rate and the base amounts frozen; without, as an order placed before 0025 (NULLs).
   */
  async function placeOrder(
    executor: Executor,
    order: { source: string; currency: string; appId: number; region: string | null; free?: boolean; country?: string },
  ) {
    const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
      productId: pick([1011, 1012, 1013, 1021, 2011]),
      quantity: 1 + Math.floor(random() * 3),
      price: order.free ? 0 : pick([99, 500, 617, 1299]),
      voucherAmount: order.source === 'voucher' ? pick([60, 300]) : 0,
    }));
    const pay = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
    const [row] = await executor
      .insert(orders)
      .values({
        orderSn: `ROL${process.pid}${Date.now()}${++seq}`.padEnd(16, '0'),
        language: 'en',
        userId,
        appId: order.appId,
        gameAccountId,
        orderSource: order.source,
        status: 0,
        currency: order.currency,
        totalAmountMinor: pay,
        payAmountMinor: pay,
        regionCode: order.region,
        thirdChannelName: order.free ? null : pick(['paypal', 'xsolla', 'payermax']),
        ...(order.country === undefined ? {} : localPriceColumns(order.country, order.currency, pay)),
      })
      .returning();
    await executor.insert(orderItems).values(
      lines.map((line) => ({
        orderId: row!.id,
        productId: line.productId,
        name: `p${line.productId}`,
        productVersion: 1,
        categoryId: 1,
        goodsType: 2,
        quantity: line.quantity,
        currency: order.currency,
        priceMinor: line.price,
        originalPriceMinor: line.price,
        voucherAmount: line.voucherAmount,
      })),
    );
    return row!;
  }

  /** The frozen columns of an order sold in `country` at `pay` (ADR 0050). */
  function localPriceColumns(country: string, currency: string, pay: number) {
    const rate = RATES[currency]!;
    return {
      countryCode: country,
      baseCurrency: BASE_CURRENCY,
      baseTotalMinor: toBaseMinor(pay, currency, rate, BASE_CURRENCY),
      basePayMinor: toBaseMinor(pay, currency, rate, BASE_CURRENCY),
      exchangeRate: rate,
      taxModel: 'none',
      taxRateBp: 0,
      taxMinor: 0,
    };
  }

  /** Orders in every state the report knows, moved by the order state machine (payment time chosen), and refunds. */
  async function generate(count: number) {
    const process = shop.services.orderProcess;
    for (let n = 0; n < count; n++) {
      const free = random() < 0.08;
      const order = await placeOrder(db, {
        source: free ? 'gift' : pick(['voucher', 'shop', 'shop']),
        currency: pick(['USD', 'EUR', 'JPY', 'CNY', 'KWD']),
        appId: pick([10030, 10002]),
        region: pick(['CN', 'US', 'DE', null]),
        free,
        // One in four as placed before local prices (no country, no base: its own amount is its base).
        country: random() < 0.25 ? undefined : pick(['CN', 'US', 'DE', 'JP', 'KW']),
      });
      const fate = pick(['delivered', 'delivered', 'paid', 'deliveryError', 'refundedBefore', 'refundedAfter', 'cancelled', 'expired', 'failed', 'unpaid', 'lateRefund']);
      const paidAt = someTime();
      await db.transaction(async (tx) => {
        if (fate === 'cancelled') return void (await process.transition(tx, order.id, 'cancelledByPlayer'));
        if (fate === 'expired') return void (await process.transition(tx, order.id, 'expired'));
        if (fate === 'failed') return void (await process.transition(tx, order.id, 'paymentFailed'));
        if (fate === 'unpaid') return;
        // A voucher pack is credited (ledger purchase) and delivered in the same transaction as its payment.
        await process.transition(tx, order.id, free ? 'giftClaimed' : 'paymentConfirmed', { paidAt });
        if (order.orderSource !== 'voucher' && ['delivered', 'refundedAfter', 'lateRefund'].includes(fate)) await process.transition(tx, order.id, 'delivered');
        if (order.orderSource !== 'voucher' && fate === 'deliveryError') await process.transition(tx, order.id, 'deliveryFailed');
      });
      if (fate === 'refundedBefore' || fate === 'refundedAfter') await shop.services.refunds.complete(order.id);
      if (fate === 'lateRefund') {
        // A refund asked for, completed later (its completion on another local day than the payment).
        // Half of them a part of the payment (its base converted at the rate, not the frozen base payment).
        const amountMinor = random() < 0.5 ? order.payAmountMinor : Math.ceil(order.payAmountMinor / 3);
        await db.insert(refunds).values({ orderId: order.id, provider: 'paypal', status: 'pending', initiatedBy: 'operator', amountMinor, currency: order.currency });
        await db.transaction(async (tx) => {
          await process.transition(tx, order.id, 'refundedAfterDelivery');
          await tx.execute(sql`UPDATE refunds SET status = 'completed', completed_at = ${new Date(paidAt.getTime() + DAY + 3_600_000)} WHERE order_id = ${order.id}`);
        });
      }
    }
  }

  it('every grouping, filter and refund basis equals plain SQL over the raw rows: unfolded, half folded, folded (Asia/Shanghai)', async () => {
    expect(await rebuildSalesRollups(db, 'Asia/Shanghai', { onlyIfZoneDiffers: true })).toBe(true);
    await generate(70);
    expect(await deltaCount(db)).toBeGreaterThan(0);
    await expectReportsExact(db, ranges.slice(0, 3), 'unfolded');
    // Half of the deltas folded, the rest still waiting.
    const waiting = await deltaCount(db);
    await rowsOf(db, sql`SELECT sales_rollup_fold(${Math.floor(waiting / 2)})`);
    expect(await deltaCount(db)).toBe(waiting - Math.floor(waiting / 2));
    await expectReportsExact(db, ranges.slice(1, 4), 'half folded');
    expect(await foldSalesRollups(db, 7)).toBeGreaterThan(0);
    expect(await deltaCount(db)).toBe(0);
    expect(await expectReportsExact(db, ranges.slice(0, 1), 'folded')).toBe(GROUPINGS.length * 7 * 2);
    await expectReportsExact(db, ranges.slice(3), 'folded, whole months');
  }, 300_000);

  it('changes after a fold (rollup + new deltas), and rows changed outside the state machine, stay exact', async () => {
    await generate(25);
    // A sold order written as sold with its lines after it (the lines' triggers add the products), a paid order moved
    // to another day and country, a refund that stops being completed, a ledger purchase credited late, a refund deleted.
    const late = await placeOrder(db, { source: 'voucher', currency: 'USD', appId: 10030, region: 'CN' });
    await db.update(orders).set({ status: 3, paidAt: new Date(firstDay + 16 * 3_600_000) }).where(sql`${orders.id} = ${late.id}`);
    await db.insert(voucherLedger).values({ gameAccountId, amount: 77, balanceAfter: 1_000_000, kind: 'purchase', reference: `late:${late.id}`, orderId: late.id });
    const [paid] = await rowsOf<{ id: string }>(db, sql`SELECT id FROM orders WHERE status = 3 AND id <> ${late.id} ORDER BY id LIMIT 1`);
    await db.update(orders).set({ paidAt: new Date(firstDay + 2 * DAY + 8 * 3_600_000), regionCode: 'DE' }).where(sql`${orders.id} = ${Number(paid!.id)}`);
    // An order sold at local prices whose country and frozen base are corrected (each a column the reports read).
    const [local] = await rowsOf<{ id: string }>(db, sql`SELECT id FROM orders WHERE status IN (3, 9) AND exchange_rate IS NOT NULL AND currency = 'EUR' ORDER BY id DESC LIMIT 1`);
    await db.update(orders).set({ countryCode: 'JP' }).where(sql`${orders.id} = ${Number(local!.id)}`);
    await db.update(orders).set({ basePayMinor: sql`${orders.basePayMinor} + 7` }).where(sql`${orders.id} = ${Number(local!.id)}`);
    await db.update(orders).set({ exchangeRate: '0.5' }).where(sql`${orders.id} = ${Number(local!.id)}`);
    const [completed] = await rowsOf<{ id: string }>(db, sql`SELECT id FROM refunds WHERE status = 'completed' ORDER BY id LIMIT 2`);
    await db.update(refunds).set({ status: 'failed' }).where(sql`${refunds.id} = ${Number(completed!.id)}`);
    const [another] = await rowsOf<{ id: string }>(db, sql`SELECT id FROM refunds WHERE status = 'completed' ORDER BY id DESC LIMIT 1`);
    await db.delete(refunds).where(sql`${refunds.id} = ${Number(another!.id)}`);
    expect(await deltaCount(db)).toBeGreaterThan(0);
    await expectReportsExact(db, ranges.slice(0, 2), 'rollup + deltas');
    await foldSalesRollups(db);
    await expectReportsExact(db, [ranges[0]!, ranges[4]!], 'folded again');
  }, 300_000);

  it('a rebuild from the raw rows gives the rollups incremental maintenance kept, and a new zone moves the days (America/Los_Angeles)', async () => {
    await foldSalesRollups(db);
    const incremental = await rollupContents(db);
    expect(incremental.byOrder.length).toBeGreaterThan(10);
    expect(await rebuildSalesRollups(db, 'Asia/Shanghai', { onlyIfZoneDiffers: true })).toBe(false);
    expect(await rebuildSalesRollups(db, 'Asia/Shanghai')).toBe(true);
    expect(await rollupContents(db)).toEqual(incremental);

    expect(await rebuildSalesRollups(db, 'America/Los_Angeles', { onlyIfZoneDiffers: true })).toBe(true);
    expect(await salesRollupTimeZone(db)).toBe('America/Los_Angeles');
    expect(await rollupContents(db)).not.toEqual(incremental);
    await generate(15);
    await expectReportsExact(db, [...ranges.slice(0, 2), ranges[5]!], 'los angeles');
    await expect(rebuildSalesRollups(db, 'Mars/Olympus_Mons')).rejects.toThrow();
    expect(await salesRollupTimeZone(db)).toBe('America/Los_Angeles');
  }, 300_000);

  it('a transaction that rolls back leaves no delta', async () => {
    await foldSalesRollups(db);
    const before = await deltaCount(db);
    const rollup = await rollupContents(db);
    await expect(
      db.transaction(async (tx) => {
        const order = await placeOrder(tx, { source: 'voucher', currency: 'EUR', appId: 10030, region: 'US' });
        await shop.services.orderProcess.transition(tx, order.id, 'paymentConfirmed', { paidAt: new Date() });
        expect(await deltaCount(tx)).toBeGreaterThan(before);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await deltaCount(db)).toBe(before);
    await foldSalesRollups(db);
    expect(await rollupContents(db)).toEqual(rollup);
  });

  it.skipIf(backend !== 'postgres')(
    'two app instances on one PostgreSQL settle, refund and fold in parallel: the rollups equal the raw rows',
    async () => {
      const second: ShopApp = await buildApp(testConfig(await freePort(), { DATABASE_URL: shop.config.database.url!, REPORT_TIME_ZONE: 'America/Los_Angeles' }), {
        logger: false,
        runJobs: false,
      });
      try {
        const instances = [shop.services, second.services];
        const placed = [];
        for (let n = 0; n < 60; n++) placed.push(await placeOrder(db, { source: n % 3 ? 'shop' : 'voucher', currency: pick(['USD', 'EUR']), appId: 10030, region: pick(['CN', 'US']) }));
        // Every payment reported to both instances at once (the provider's retry racing the first delivery), refunds
        // of a third of them on both at once, and both instances folding all the while.
        let folding = true;
        const folds = instances.map(async (services) => {
          while (folding) await foldSalesRollups(services.db, 5);
        });
        await Promise.all(
          placed.map(async (order, index) => {
            const fact = {
              kind: 'paid' as const,
              order: { orderId: order.id },
              eventKey: `rollup-${order.orderSn}`,
              eventType: 'test.paid',
              payload: {},
              amountMinor: order.payAmountMinor,
              currency: order.currency,
              paymentId: `pay-${order.orderSn}`,
              secondPayment: 'record' as const,
            };
            await Promise.all(instances.map((services) => services.settlement.apply('paypal', fact)));
            if (index % 3 === 0) await Promise.allSettled(instances.map((services) => services.refunds.complete(order.id)));
          }),
        );
        folding = false;
        await Promise.all(folds);
        const settled = await rowsOf<{ n: string }>(db, sql`SELECT count(*) AS n FROM orders WHERE id IN (${sql.join(placed.map((order) => sql`${order.id}`), sql`, `)}) AND status IN (2, 3, 6, 9)`);
        expect(Number(settled[0]!.n)).toBe(placed.length);
        const today = { from: dayText(Date.now() - DAY), to: dayText(Date.now() + DAY) };
        await expectReportsExact(db, [today], 'parallel, partly folded');
        await foldSalesRollups(second.services.db);
        expect(await deltaCount(db)).toBe(0);
        const incremental = await rollupContents(db);
        await rebuildSalesRollups(db, 'America/Los_Angeles');
        expect(await rollupContents(db)).toEqual(incremental);
      } finally {
        await second.app.close();
        await second.services.database.close().catch(() => undefined);
      }
    },
    300_000,
  );
});
