import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import type { ReceiveResult } from '@shop/contract/products.schema';
import type { RefundsReport, SalesReport } from '@shop/contract/console/reports';
import { BACKENDS, startShop, type ApiAnswer, type TestShop } from '../../../../test/harness.ts';
import { asOperator, loginOperator, type TestOperator } from '../../../../test/console.ts';
import { dbState, playerWithRole } from '../../../../test/game.ts';
import { channelOf, createOrder, newPlayer, press, waitForStatus } from '../../../../test/shopping.ts';
import { orderItems, orders, products, refunds } from '../../../db/schema.ts';
import { minorToDecimalString } from '../../../shared/money.ts';
import { csvDocument, refundEntryCells, refundTotalCells, REFUNDS_CSV_HEADER } from './csv.ts';
import { SOLD_STATUSES } from './reports.service.ts';

const DAY = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Parses our CSV (RFC 4180: quoted fields, doubled quotes, CRLF), after checking and removing the BOM. */
function parseCsv(text: string): string[][] {
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  expect(cell).toBe('');
  expect(row).toEqual([]);
  return rows;
}

interface OrderFacts {
  id: number;
  status: number;
  currency: string;
  pay: number;
  paidAt: Date | null;
  appId: number;
  source: string;
}

describe.each(BACKENDS)('console reports (%s)', (backend) => {
  let shop: TestShop;
  let finance: TestOperator;
  let support: TestOperator;
  let admin: TestOperator;
  const now = Date.now();
  const today = dayOf(now);
  /** The range every report below asks for: two days back to tomorrow (an order paid just after midnight stays inside). */
  const from = dayOf(now - 2 * DAY);
  const to = dayOf(now + DAY);
  let userId: number;
  let gameAccountId: number;
  let seq = 0;
  const facts = { voucherPack: 0, vouchersCredited: 0, refundedVoucherOrder: 0, shopOrder: 0, giftOrder: 0, injectionProduct: 99_001 };

  const get = <T>(operator: TestOperator | null, path: string, query: Record<string, string | number>) => {
    const url = `${path}?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])))}`;
    return operator ? asOperator(shop, operator)<T>('GET', url) : shop.api<T>('GET', url);
  };
  const sales = async (query: Record<string, string | number> = {}) => {
    const answer = await get<SalesReport>(finance, '/api/console/v1/reports/sales', { from, to, ...query });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  };
  const csv = async (path: string, query: Record<string, string | number>, operator: TestOperator | null = finance) => {
    const response = await fetch(`${shop.url}${path}?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])))}`, {
      headers: operator ? { cookie: operator.cookie } : {},
    });
    // Keep the byte-order mark (response.text() drops it) to check that the file starts with it.
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { response, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
  };

  /** An order written straight into the database (currencies, games and states the sandbox catalogue does not sell). */
  async function insertOrder(order: {
    status: number;
    currency: string;
    lines: { productId: number; quantity: number; price: number; voucherAmount?: number }[];
    paidAt: Date | null;
    appId?: number;
    source?: string;
    provider?: string | null;
    region?: string | null;
  }): Promise<number> {
    const pay = order.lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
    const [row] = await shop.services.db
      .insert(orders)
      .values({
        orderSn: `RPT${process.pid}${Date.now()}${++seq}`.padEnd(16, '0'),
        userId,
        appId: order.appId ?? 10030,
        gameAccountId,
        orderSource: order.source ?? 'shop',
        status: order.status,
        currency: order.currency,
        totalAmountMinor: pay,
        payAmountMinor: pay,
        regionCode: order.region === undefined ? 'DE' : order.region,
        thirdChannelName: order.provider === undefined ? 'paypal' : order.provider,
        paidAt: order.paidAt,
        language: 'en',
        createdAt: order.paidAt ?? new Date(),
      })
      .returning({ id: orders.id });
    await shop.services.db.insert(orderItems).values(
      order.lines.map((line) => ({
        orderId: row!.id,
        productId: line.productId,
        name: `product ${line.productId}`,
        productVersion: 1,
        categoryId: 1,
        goodsType: 2,
        quantity: line.quantity,
        currency: order.currency,
        priceMinor: line.price,
        originalPriceMinor: line.price,
        voucherAmount: line.voucherAmount ?? 0,
      })),
    );
    return row!.id;
  }

  async function insertRefund(orderId: number, refund: { status: 'pending' | 'completed' | 'failed'; amount: number; currency: string; completedAt: Date | null; unrecovered?: number }) {
    await shop.services.db.insert(refunds).values({
      orderId,
      provider: 'paypal',
      status: refund.status,
      initiatedBy: 'operator',
      amountMinor: refund.amount,
      currency: refund.currency,
      vouchersUnrecovered: refund.unrecovered ?? 0,
      createdAt: refund.completedAt ?? new Date(),
      completedAt: refund.completedAt,
    });
  }

  beforeAll(async () => {
    shop = await startShop(backend);
    [finance, support, admin] = await Promise.all([loginOperator(shop, 'finance'), loginOperator(shop, 'support'), loginOperator(shop, 'admin')]);

    // Voucher orders paid through the sandbox (webhooks): delivered (3), vouchers credited through the ledger.
    const player = await newPlayer(shop);
    const paid: CreateOrderResult[] = [];
    for (const [provider, pack] of [
      ['xsolla', 1],
      ['payermax', 2],
      ['xsolla', 3],
    ] as const) {
      const { result, pack: bought } = await createOrder(shop, player, provider, pack);
      if (pack === 1) facts.voucherPack = bought.voucherAmount;
      await press(shop, result, 'pay');
      await waitForStatus(shop, player, result.orderId, [3]);
      paid.push(result);
    }
    // One of them refunded after delivery (9): its vouchers are taken back.
    facts.refundedVoucherOrder = paid[0]!.orderId;
    expect((await shop.services.refunds.complete(paid[0]!.orderId)).status).toBe(9);

    // Orders that never became sales: unpaid (0), expired (4), cancelled (5), payment failed (7).
    const unpaid = await createOrder(shop, player, 'paypal', 4);
    for (const event of ['expired', 'cancelledByPlayer', 'paymentFailed'] as const) {
      const { result } = await createOrder(shop, player, 'xsolla', 5);
      expect(await shop.services.db.transaction((tx) => shop.services.orderProcess.transition(tx, result.orderId, event))).toBeTruthy();
    }
    expect(unpaid.result.orderId).toBeGreaterThan(0);

    // A shop order (VIP pass) paid and delivered, and a free gift claimed (an order of zero money).
    const { player: shopper, account } = await playerWithRole(shop);
    const xsolla = await channelOf(shop, 'xsolla');
    const created = await shop.api<CreateOrderResult>('POST', '/api/v1/order/product/create', {
      token: shopper.token,
      body: { appId: 10030, gameAccountId: account.id, productId: 1021, quantity: 1, payMethodId: xsolla.payMethodId, thirdChannelId: xsolla.thirdChannelId },
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    await press(shop, created.body.data, 'pay');
    await waitForStatus(shop, shopper, created.body.data.orderId, [3]);
    facts.shopOrder = created.body.data.orderId;
    const gift = await shop.api<ReceiveResult>('POST', '/api/v1/product/receive', { token: shopper.token, body: { productId: 1041, gameAccountId: account.id } });
    expect(gift.body.code, JSON.stringify(gift.body)).toBe(200);
    facts.giftOrder = gift.body.data.orderId;

    const [someone] = await shop.services.db.select({ userId: orders.userId, gameAccountId: orders.gameAccountId }).from(orders).limit(1);
    userId = someone!.userId;
    gameAccountId = someone!.gameAccountId!;

    // A product whose name a spreadsheet would run as a formula (the CSV must keep it text).
    const [template] = await shop.services.db.select().from(products).where(sql`${products.id} = 1021`);
    await shop.services.db.insert(products).values({
      ...template!,
      id: facts.injectionProduct,
      productSn: 'RPT-INJECTION',
      names: { en: '=HYPERLINK("http://evil.example","click, here")' },
    });

    // Other currencies, another game, other days, refunds of several kinds (straight into the database).
    const yesterday = new Date(now - DAY);
    await insertOrder({ status: 3, currency: 'EUR', lines: [{ productId: 1011, quantity: 2, price: 617 }], paidAt: yesterday, region: 'FR' });
    await insertOrder({ status: 8, currency: 'EUR', lines: [{ productId: facts.injectionProduct, quantity: 1, price: 5678 }], paidAt: new Date(now) });
    const refundedEur = await insertOrder({ status: 6, currency: 'EUR', lines: [{ productId: 1012, quantity: 1, price: 999 }], paidAt: yesterday, provider: 'xsolla' });
    await insertRefund(refundedEur, { status: 'completed', amount: 999, currency: 'EUR', completedAt: new Date(now) });
    // Sold at local prices (ADR 0050): 9.99 EUR at 0.92 per dollar froze 10.86 USD; the other orders are from before
    // local prices (no base columns: their own amounts are their base).
    await shop.services.db
      .update(orders)
      .set({ countryCode: 'DE', baseCurrency: 'USD', baseTotalMinor: 1086, basePayMinor: 1086, exchangeRate: '0.92' })
      .where(sql`${orders.id} = ${refundedEur}`);
    await insertOrder({ status: 3, currency: 'JPY', lines: [{ productId: 2011, quantity: 3, price: 500 }], paidAt: yesterday, appId: 10002, region: 'JP', provider: 'payermax' });
    // Paid long before the range, refunded inside it: a refund of the range (refunded basis), not of its sales (ordered basis).
    const oldJpy = await insertOrder({ status: 9, currency: 'JPY', lines: [{ productId: 2012, quantity: 1, price: 1200 }], paidAt: new Date(now - 30 * DAY), appId: 10002, region: 'JP' });
    await insertRefund(oldJpy, { status: 'completed', amount: 1200, currency: 'JPY', completedAt: yesterday, unrecovered: 7 });
    // Refunds that did not happen (yet): never subtracted.
    const pendingRefund = await insertOrder({ status: 3, currency: 'EUR', lines: [{ productId: 1013, quantity: 1, price: 1299 }], paidAt: new Date(now), region: null });
    await insertRefund(pendingRefund, { status: 'pending', amount: 1299, currency: 'EUR', completedAt: null });
    const failedRefund = await insertOrder({ status: 3, currency: 'USD', lines: [{ productId: 1014, quantity: 1, price: 2999 }], paidAt: yesterday });
    await insertRefund(failedRefund, { status: 'failed', amount: 2999, currency: 'USD', completedAt: null });
    // Outside the range entirely, and an unpaid EUR order inside it.
    await insertOrder({ status: 3, currency: 'EUR', lines: [{ productId: 1011, quantity: 1, price: 100_000 }], paidAt: new Date(now - 10 * DAY) });
    await insertOrder({ status: 0, currency: 'EUR', lines: [{ productId: 1011, quantity: 1, price: 70_000 }], paidAt: null });
  }, 120_000);
  afterAll(() => shop?.close());

  /** Every order of the database, to compute the expected figures independently of the report's SQL. */
  async function allOrders(): Promise<OrderFacts[]> {
    const rows = await shop.services.db
      .select({ id: orders.id, status: orders.status, currency: orders.currency, pay: orders.payAmountMinor, paidAt: orders.paidAt, appId: orders.appId, source: orders.orderSource })
      .from(orders);
    return rows;
  }
  const inRange = (time: Date | null) => time !== null && time.getTime() >= Date.parse(`${from}T00:00:00Z`) && time.getTime() < Date.parse(`${to}T00:00:00Z`) + DAY;

  it('totals per currency equal the sums of the paid orders, the completed refunds and the ledger, to the cent', async () => {
    const report = await sales();
    const all = await allOrders();
    // The statuses that never count are present in the database, with money.
    expect(new Set(all.filter((order) => order.pay > 0).map((order) => order.status))).toEqual(new Set([0, 3, 4, 5, 6, 7, 8, 9]));
    const sold = all.filter((order) => [2, 3, 6, 8, 9].includes(order.status) && inRange(order.paidAt));
    const refundRows = await shop.services.db.select().from(refunds);
    const ledger = (await shop.services.db.execute(sql`SELECT sum(amount) AS credited FROM voucher_ledger WHERE kind = 'purchase'`)) as unknown as { rows: { credited: unknown }[] };

    const currencies = [...new Set(sold.map((order) => order.currency))].sort();
    expect(report.totals.map((totals) => totals.currency)).toEqual(currencies);
    expect(currencies).toEqual(['EUR', 'JPY', 'USD']);
    for (const totals of report.totals) {
      const mine = sold.filter((order) => order.currency === totals.currency);
      const completed = refundRows.filter((refund) => refund.status === 'completed' && refund.currency === totals.currency && inRange(refund.completedAt));
      const refunded = completed.reduce((sum, refund) => sum + refund.amountMinor, 0);
      expect(totals).toMatchObject({
        orders: mine.length,
        freeOrders: mine.filter((order) => order.pay === 0).length,
        gross: mine.reduce((sum, order) => sum + order.pay, 0),
        refundCount: completed.length,
        refunds: refunded,
        net: mine.reduce((sum, order) => sum + order.pay, 0) - refunded,
        quantity: null,
      });
    }
    expect(report.orderCount).toBe(sold.length);
    const byCurrency = Object.fromEntries(report.totals.map((totals) => [totals.currency, totals]));
    // The same, written out: EUR 2 x 6.17 + 56.78 + 9.99 + 12.99 (100.00 outside the range, 700.00 unpaid), refund 9.99.
    expect(byCurrency.EUR).toMatchObject({ orders: 4, gross: 1234 + 5678 + 999 + 1299, refundCount: 1, refunds: 999, net: 1234 + 5678 + 1299 });
    // In USD: the local-price order at its frozen 10.86 (sold and refunded whole), the others at their own amounts.
    expect(byCurrency.EUR).toMatchObject({ baseGross: 1234 + 5678 + 1086 + 1299, baseRefunds: 1086, baseNet: 1234 + 5678 + 1299 });
    expect(report.baseTotals).toEqual({
      currency: 'USD',
      gross: report.totals.reduce((sum, totals) => sum + totals.baseGross, 0),
      refunds: report.totals.reduce((sum, totals) => sum + totals.baseRefunds, 0),
      net: report.totals.reduce((sum, totals) => sum + totals.baseNet, 0),
    });
    // JPY: 3 x 500 sold; the refund of an order paid 30 days ago is money that went back in the range.
    expect(byCurrency.JPY).toMatchObject({ orders: 1, gross: 1500, refundCount: 1, refunds: 1200, net: 300 });
    // USD: three voucher packs, the VIP pass, the failed-refund order and the free gift (an order, zero money).
    expect(byCurrency.USD).toMatchObject({ orders: 6, freeOrders: 1, refundCount: 1 });
    expect(byCurrency.USD!.vouchersCredited).toBe(Number(ledger.rows[0]!.credited));
    expect(byCurrency.USD!.vouchersCredited).toBeGreaterThan(0);
    expect(report.currencyDigits).toEqual({ EUR: 2, JPY: 0, USD: 2 });
  });

  it('unpaid, expired, cancelled and failed orders are never sales', async () => {
    const report = await sales({ groupBy: 'source' });
    const all = await allOrders();
    const excluded = all.filter((order) => [0, 1, 4, 5, 7].includes(order.status));
    expect(excluded.length).toBeGreaterThanOrEqual(5);
    const counted = report.rows.reduce((sum, row) => sum + row.orders, 0);
    expect(counted).toBe(all.filter((order) => SOLD_STATUSES.includes(order.status) && inRange(order.paidAt)).length);
    // Filtering by a currency only the unpaid orders have gives nothing.
    expect((await sales({ currency: 'GBP' })).totals).toEqual([]);
  });

  it('every grouping adds up to the same totals; products come from the order lines', async () => {
    const base = await sales();
    for (const groupBy of ['day', 'game', 'product', 'provider', 'currency', 'country', 'source'] as const) {
      const report = await sales({ groupBy });
      expect(report.groupBy).toBe(groupBy);
      expect(report.totals).toEqual(base.totals);
      for (const totals of report.totals) {
        const rows = report.rows.filter((row) => row.currency === totals.currency);
        const sum = (field: 'gross' | 'refunds' | 'refundCount' | 'net' | 'vouchersCredited') => rows.reduce((total, row) => total + row[field], 0);
        expect({ gross: sum('gross'), refunds: sum('refunds'), net: sum('net'), vouchersCredited: sum('vouchersCredited') }, `${groupBy} ${totals.currency}`).toEqual({
          gross: totals.gross,
          refunds: totals.refunds,
          net: totals.net,
          vouchersCredited: totals.vouchersCredited,
        });
        if (groupBy !== 'product') expect(rows.reduce((total, row) => total + row.orders, 0)).toBe(totals.orders);
      }
    }
    const byGame = await sales({ groupBy: 'game' });
    expect(byGame.rows.map((row) => [row.key, row.currency])).toEqual([
      ['10002', 'JPY'],
      ['10030', 'EUR'],
      ['10030', 'USD'],
    ]);
    expect(byGame.rows[0]!.label).not.toBe('10002');
    const byProduct = await sales({ groupBy: 'product', currency: 'EUR' });
    expect(byProduct.rows.find((row) => row.key === '1011')).toMatchObject({ quantity: 2, gross: 1234, orders: 1 });
    expect(byProduct.rows.find((row) => row.key === String(facts.injectionProduct))!.label).toMatch(/^=HYPERLINK/);
    const byCountry = await sales({ groupBy: 'country', currency: 'EUR' });
    expect(byCountry.rows.map((row) => row.key)).toEqual(['', 'DE', 'FR']);
    expect(byCountry.rows.find((row) => row.key === 'FR')!.label).toBe('France');
    const bySource = await sales({ groupBy: 'source', currency: 'USD' });
    expect(bySource.rows.map((row) => row.key)).toEqual(['gift', 'shop', 'voucher']);
    expect(bySource.rows[0]).toMatchObject({ orders: 1, freeOrders: 1, gross: 0 });
    expect(bySource.rows[2]!.vouchersCredited).toBe(bySource.totals[0]!.vouchersCredited);
    const byDay = await sales({ groupBy: 'day', currency: 'EUR' });
    expect(byDay.rows.map((row) => row.key)).toEqual([dayOf(now - DAY), today]);
    expect(byDay.daily.map((row) => row.day)).toEqual([dayOf(now - DAY), today]);
  });

  it('filters by game, provider, source and country; the refund basis can be the order date', async () => {
    expect((await sales({ appId: 10002 })).totals.map((totals) => totals.currency)).toEqual(['JPY']);
    // An unknown game is a filter that matches nothing, not an error.
    expect(await sales({ appId: 999_999 })).toMatchObject({ totals: [], rows: [], daily: [], orderCount: 0 });
    expect((await sales({ provider: 'none' })).totals).toEqual([expect.objectContaining({ currency: 'USD', orders: 1, gross: 0 })]);
    const voucher = await sales({ source: 'voucher' });
    expect(voucher.totals).toEqual([expect.objectContaining({ currency: 'USD', orders: 3, refundCount: 1 })]);
    expect((await sales({ country: 'JP' })).totals.map((totals) => totals.currency)).toEqual(['JPY']);
    // The ordered basis: the old JPY order's refund is not a refund of this range's sales.
    const ordered = await sales({ refundBasis: 'ordered' });
    const jpy = ordered.totals.find((totals) => totals.currency === 'JPY')!;
    expect(jpy).toMatchObject({ gross: 1500, refunds: 0, net: 1500 });
    expect(ordered.totals.find((totals) => totals.currency === 'EUR')).toMatchObject({ refunds: 999 });
  });

  it('refunds reduce net: refunding one more order moves exactly its amount', async () => {
    const before = await sales();
    const usd = before.totals.find((totals) => totals.currency === 'USD')!;
    const [order] = await shop.services.db.select().from(orders).where(sql`${orders.id} = ${facts.shopOrder}`);
    await shop.services.refunds.complete(facts.shopOrder);
    const after = (await sales()).totals.find((totals) => totals.currency === 'USD')!;
    expect(after).toMatchObject({ gross: usd.gross, orders: usd.orders, refundCount: usd.refundCount + 1, refunds: usd.refunds + order!.payAmountMinor, net: usd.net - order!.payAmountMinor });
  });

  it('the CSV has the same numbers as the JSON, with minor and major units, and is safe for spreadsheets', async () => {
    for (const groupBy of ['day', 'product', 'game', 'country'] as const) {
      const json = await sales({ groupBy });
      const { response, text, bytes } = await csv('/api/console/v1/reports/sales.csv', { from, to, groupBy });
      expect(response.status).toBe(200);
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="sales-by-${groupBy}-${from}-${to}.csv"`);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const [header, ...lines] = parseCsv(text);
      expect(header).toEqual([
        groupBy,
        'name',
        'currency',
        'orders',
        'free_orders',
        'quantity',
        'gross_minor',
        'gross',
        'refund_count',
        'refunds_minor',
        'refunds',
        'net_minor',
        'net',
        'vouchers_credited',
        'base_currency',
        'base_gross',
        'base_refunds',
        'base_net',
      ]);
      expect(lines.length).toBe(json.rows.length + json.totals.length);
      const expected = [...json.rows, ...json.totals.map((totals) => ({ ...totals, key: 'TOTAL', label: '' }))];
      lines.forEach((line, index) => {
        const row = expected[index]!;
        expect(line.length).toBe(header!.length);
        const label = row.label.startsWith('=') ? `'${row.label}` : row.label;
        expect(line).toEqual([
          row.key,
          label,
          row.currency,
          String(row.orders),
          String(row.freeOrders),
          row.quantity === null ? '' : String(row.quantity),
          String(row.gross),
          minorToDecimalString(row.gross, row.currency),
          String(row.refundCount),
          String(row.refunds),
          minorToDecimalString(row.refunds, row.currency),
          String(row.net),
          minorToDecimalString(row.net, row.currency),
          String(row.vouchersCredited),
          'USD',
          minorToDecimalString(row.baseGross, 'USD'),
          minorToDecimalString(row.baseRefunds, 'USD'),
          minorToDecimalString(row.baseNet, 'USD'),
        ]);
      });
    }
    const { text } = await csv('/api/console/v1/reports/sales.csv', { from, to, groupBy: 'product', currency: 'EUR' });
    // The formula-like product name is quoted (comma, quotes) and starts with an apostrophe; JPY has no decimals.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click, here"")"`);
    const jpy = parseCsv((await csv('/api/console/v1/reports/sales.csv', { from, to, groupBy: 'currency' })).text).find((line) => line[0] === 'TOTAL' && line[2] === 'JPY')!;
    expect(jpy.slice(6, 13)).toEqual(['1500', '1500', '1', '1200', '1200', '300', '300']);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('the refunds report lists and totals refunds by status, with vouchers taken back and unrecovered', async () => {
    // A refunded shop order's items are revoked in the game by a job (game_revoke_status pending -> revoked): wait for
    // it, so that the JSON report and the CSV read later list the same refunds in the same state.
    await expect.poll(async () => (await shop.services.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.gameRevokeStatus, 'pending'))).length, { timeout: 15_000 }).toBe(0);
    const answer = await get<RefundsReport>(finance, '/api/console/v1/reports/refunds', { from, to });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = answer.body.data;
    const rows = (await shop.services.db.select().from(refunds)).filter((refund) => inRange(refund.completedAt ?? refund.createdAt));
    const ordersOf = new Map((await shop.services.db.select().from(orders)).map((order) => [order.id, order]));
    // A whole refund of a local-price order is its frozen base payment; of an order before local prices, its amount.
    const baseOf = (refund: (typeof rows)[number]) => ordersOf.get(refund.orderId)!.basePayMinor ?? refund.amountMinor;
    expect(report.baseCurrency).toBe('USD');
    expect(report.total).toBe(rows.length);
    expect(report.entries.length).toBe(rows.length);
    for (const totals of report.totals) {
      const mine = rows.filter((refund) => refund.currency === totals.currency && refund.status === totals.status);
      expect(totals).toEqual({
        currency: totals.currency,
        status: totals.status,
        count: mine.length,
        amount: mine.reduce((sum, refund) => sum + refund.amountMinor, 0),
        baseAmount: mine.reduce((sum, refund) => sum + baseOf(refund), 0),
        vouchersTakenBack: mine.reduce((sum, refund) => sum + refund.vouchersTakenBack, 0),
        vouchersUnrecovered: mine.reduce((sum, refund) => sum + refund.vouchersUnrecovered, 0),
      });
    }
    expect(report.totals.map((totals) => `${totals.currency} ${totals.status}`)).toEqual(['EUR completed', 'EUR pending', 'JPY completed', 'USD completed', 'USD failed']);
    const voucherRefund = report.entries.find((entry) => entry.orderId === facts.refundedVoucherOrder)!;
    expect(voucherRefund).toMatchObject({ status: 'completed', initiatedBy: 'operator', provider: 'manual', vouchersTakenBack: facts.voucherPack, vouchersUnrecovered: 0 });
    // The ledger agrees: what the refunds took back is what the ledger's refund entries debited.
    const ledger = (await shop.services.db.execute(sql`SELECT coalesce(sum(-amount), 0) AS taken FROM voucher_ledger WHERE kind = 'refund'`)) as unknown as { rows: { taken: unknown }[] };
    expect(report.totals.find((totals) => totals.currency === 'USD' && totals.status === 'completed')!.vouchersTakenBack).toBe(Number(ledger.rows[0]!.taken));
    expect(report.totals.find((totals) => totals.currency === 'JPY')!.vouchersUnrecovered).toBe(7);
    // Newest first, a page at a time by cursor (forward to the end, back to the start: no refund skipped or repeated).
    const forward: number[] = [];
    let page = (await get<RefundsReport>(finance, '/api/console/v1/reports/refunds', { from, to, pageSize: 2 })).body.data;
    forward.push(...page.entries.map((entry) => entry.id));
    while (page.nextCursor) {
      page = (await get<RefundsReport>(finance, '/api/console/v1/reports/refunds', { from, to, pageSize: 2, cursor: page.nextCursor })).body.data;
      expect(page.total).toBe(report.total);
      forward.push(...page.entries.map((entry) => entry.id));
    }
    expect(forward).toEqual(report.entries.map((entry) => entry.id));
    const backward = page.entries.map((entry) => entry.id);
    while (page.prevCursor) {
      page = (await get<RefundsReport>(finance, '/api/console/v1/reports/refunds', { from, to, pageSize: 2, cursor: page.prevCursor })).body.data;
      backward.unshift(...page.entries.map((entry) => entry.id));
    }
    expect(backward).toEqual(forward);
    const pending = await get<RefundsReport>(finance, '/api/console/v1/reports/refunds', { from, to, status: 'pending' });
    expect(pending.body.data.entries.map((entry) => entry.status)).toEqual(['pending']);
    const game = await get<RefundsReport>(finance, '/api/console/v1/reports/refunds', { from, to, appId: 10002 });
    expect(game.body.data.totals).toEqual([expect.objectContaining({ currency: 'JPY', amount: 1200 })]);
    expect(report.totals.find((totals) => totals.currency === 'EUR' && totals.status === 'completed')).toMatchObject({ amount: 999, baseAmount: 1086 });

    // The CSV: every refund and the same totals.
    const { response, text } = await csv('/api/console/v1/reports/refunds.csv', { from, to });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="refunds-${from}-${to}.csv"`);
    // Streamed in batches, the file is byte for byte the whole document the export wrote before it streamed.
    expect(text).toBe(csvDocument([REFUNDS_CSV_HEADER, ...report.entries.map(refundEntryCells), ...report.totals.map(refundTotalCells)]));
    expect(text.startsWith('\uFEFFrefund_id,count,order_sn,game,order_source,provider,provider_refund_id,status,initiated_by,currency,amount_minor,amount,')).toBe(true);
    const [header, ...lines] = parseCsv(text);
    expect(lines.every((line) => line.length === header!.length)).toBe(true);
    const entries = lines.filter((line) => line[0] !== 'TOTAL');
    expect(entries.map((line) => Number(line[0]))).toEqual(report.entries.map((entry) => entry.id));
    const totals = lines.filter((line) => line[0] === 'TOTAL');
    expect(totals.map((line) => [line[9], line[7], Number(line[1]), Number(line[10]), Number(line[12]), Number(line[13]), line[18], line[19]])).toEqual(
      report.totals.map((total) => [
        total.currency,
        total.status,
        total.count,
        total.amount,
        total.vouchersTakenBack,
        total.vouchersUnrecovered,
        'USD',
        minorToDecimalString(total.baseAmount, 'USD'),
      ]),
    );
    expect(header!.slice(-2)).toEqual(['base_currency', 'base_amount']);
  });

  it('refuses a support operator (403) and a caller without a session (401), as the envelope, CSV routes too', async () => {
    for (const path of ['/api/console/v1/reports/sales', '/api/console/v1/reports/refunds', '/api/console/v1/reports/sales.csv', '/api/console/v1/reports/refunds.csv']) {
      for (const [operator, status] of [
        [support, 403],
        [null, 401],
      ] as const) {
        const { response, text } = await csv(path, { from, to }, operator);
        expect(response.status, path).toBe(status);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        expect(JSON.parse(text)).toMatchObject({ code: status, data: null });
      }
      const { response } = await csv(path, { from, to }, admin);
      expect(response.status).toBe(200);
    }
  });

  it('refuses bad ranges and values with a 400 envelope, on the JSON and the CSV routes, and changes nothing', async () => {
    const longAgo = dayOf(now - 400 * DAY);
    const bad: [Record<string, string>, RegExp?][] = [
      [{ from: today, to: dayOf(now - DAY) }, /start date is after the end date/],
      [{ from: longAgo, to: today }, /at most 400 days/],
      [{ from: '2024-02-30', to: '2024-03-01' }],
      [{ from: '2023-02-29', to: '2023-03-01' }],
      [{ from: '2024-13-01', to: '2024-12-01' }],
      [{ from: '2024-1-1', to: '2024-01-02' }],
      [{ from: 'yesterday', to: today }],
      [{ from: '', to: today }],
      [{ to: today }],
      [{ from: '9999-12-31', to: '9999-12-31' }],
      [{ from: `2024-01-01\u0000`, to: today }],
      [{ from: 'x'.repeat(5000), to: today }],
      [{ from, to, groupBy: 'week' }],
      [{ from, to, groupBy: "day'; DROP TABLE orders; --" }],
      [{ from, to, appId: '99999999999' }],
      [{ from, to, appId: 'abc' }],
      [{ from, to, currency: 'DOLLARS' }],
      [{ from, to, provider: 'stripe' }],
      [{ from, to, refundBasis: 'whenever' }],
    ];
    const before = await dbState(shop);
    for (const [query, message] of bad) {
      for (const path of ['/api/console/v1/reports/sales', '/api/console/v1/reports/sales.csv', '/api/console/v1/reports/refunds', '/api/console/v1/reports/refunds.csv']) {
        if (path.includes('refunds') && ('groupBy' in query || 'refundBasis' in query || 'provider' in query)) continue;
        const { response, text } = await csv(path, query);
        expect(response.status, `${path} ${JSON.stringify(query)}: ${text}`).toBe(400);
        expect(response.headers.get('content-type')).toMatch(/^application\/json/);
        const body = JSON.parse(text) as ApiAnswer['body'];
        expect(body).toMatchObject({ code: 400, data: null });
        expect(body.message.length).toBeGreaterThan(0);
        if (message) expect(body.message).toMatch(message);
      }
    }
    for (const query of [{ cursor: 'n_1' }, { pageSize: '1000' }, { status: 'done' }, { initiatedBy: 'nobody' }, { provider: 'stripe' }] as Record<string, string>[]) {
      const answer = await get(finance, '/api/console/v1/reports/refunds', { from, to, ...query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.code).toBe(400);
    }
    // Exactly 400 days is allowed; a Chinese console gets the message in Chinese.
    expect((await get(finance, '/api/console/v1/reports/sales', { from: dayOf(now - 399 * DAY), to: today })).status).toBe(200);
    const zh = await asOperator(shop, finance)('GET', `/api/console/v1/reports/sales?from=${today}&to=${from}`, { headers: { 'accept-language': 'zh' } });
    expect(zh.body.message).toBe('开始日期晚于结束日期');
    expect(await dbState(shop)).toBe(before);
  });

  it('documents every report route in OpenAPI, the CSV routes as text/csv with their query', async () => {
    const document = (await (await fetch(`${shop.url}/api/docs/json`)).json()) as { paths: Record<string, Record<string, { parameters?: { name: string }[]; responses: Record<string, { content?: Record<string, unknown> }> }>> };
    for (const path of ['/api/console/v1/reports/sales', '/api/console/v1/reports/refunds', '/api/console/v1/reports/sales.csv', '/api/console/v1/reports/refunds.csv']) {
      const operation = document.paths[path]?.get;
      expect(operation, path).toBeDefined();
      expect(operation!.parameters!.map((parameter) => parameter.name)).toEqual(expect.arrayContaining(['from', 'to']));
    }
    expect(Object.keys(document.paths['/api/console/v1/reports/sales.csv']!.get!.responses['200']!.content!)).toEqual(['text/csv']);
  });
});
