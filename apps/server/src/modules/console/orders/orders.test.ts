import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import type { ConsoleOrderDetail, ConsoleOrderSummary, ConsoleQueueCounts } from '@shop/contract/console/orders';
import type { DuplicatePaymentView, RefundView } from '@shop/contract/ops';
import { BACKENDS, startShop, type ApiAnswer, type TestShop } from '../../../../test/harness.ts';
import { asOperator, loginOperator, type TestOperator } from '../../../../test/console.ts';
import { dbState, failDeliveries, playerWithRole } from '../../../../test/game.ts';
import { balanceOf, channelOf, createOrder, newPlayer, orderBody, press, vouchers, waitForStatus, type Player, type ProviderName } from '../../../../test/shopping.ts';
import { postXsolla, xsollaPayment } from '../../../../test/webhooks.ts';
import { signGameRequest } from '../../games/game-server-client.ts';

const OPS_TOKEN = 'ops-token-for-console-orders-tests-0123456789';
const API = '/api/console/v1';

interface Page<T> {
  rows: T[];
  total: number;
  totalCapped: boolean;
  pageSize: number;
  nextCursor: string | null;
  prevCursor: string | null;
}

interface AuditRow {
  operator_id: number | null;
  actor: string;
  action: string;
  entity_type: string;
  entity_id: string;
  before: unknown;
  after: Record<string, unknown> | null;
  ip: string;
}

describe.each(BACKENDS)('console: orders and work queues (%s)', (backend) => {
  let shop: TestShop;
  let admin: TestOperator;
  let finance: TestOperator;
  let support: TestOperator;

  beforeAll(async () => {
    shop = await startShop(backend, { OPS_API_TOKEN: OPS_TOKEN, DELIVERY_MAX_ATTEMPTS: '1', DELIVERY_RETRY_BASE_MS: '50' });
    [admin, finance, support] = await Promise.all([loginOperator(shop, 'admin'), loginOperator(shop, 'finance'), loginOperator(shop, 'support')]);
  });
  afterAll(() => shop?.close());

  const as = (operator: TestOperator) => asOperator(shop, operator);
  const get = <T>(operator: TestOperator, path: string) => as(operator)<T>('GET', `${API}${path}`);
  const post = <T>(operator: TestOperator, path: string, body: unknown = {}) => as(operator)<T>('POST', `${API}${path}`, { body });
  const search = (operator: TestOperator, query: Record<string, string | number | undefined>) =>
    get<Page<ConsoleOrderSummary>>(
      operator,
      `/orders?${new URLSearchParams(Object.entries(query).flatMap(([key, value]): [string, string][] => (value === undefined ? [] : [[key, String(value)]])))}`,
    );
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await shop.services.db.execute(query)) as unknown as { rows: T[] }).rows;
  const auditOf = (entityType: string, entityId: number) =>
    rows<AuditRow>(sql`SELECT operator_id, actor, action, entity_type, entity_id, before, after, ip FROM audit_log WHERE entity_type = ${entityType} AND entity_id = ${String(entityId)} ORDER BY id`);
  const auditCount = async () => Number((await rows<{ n: string }>(sql`SELECT count(*) AS n FROM audit_log`))[0]!.n);

  async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
    const end = Date.now() + 10_000;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A refused console call: the envelope with this status, nothing changed (shop tables and the audit log). */
  async function expectRefused(status: number, send: () => Promise<ApiAnswer>, message?: string | RegExp): Promise<ApiAnswer> {
    const [before, audits] = await Promise.all([dbState(shop), auditCount()]);
    const answer = await send();
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body).toMatchObject({ code: status, data: null });
    expect(answer.body.message.length).toBeGreaterThan(0);
    if (message) expect(answer.body.message).toMatch(message);
    expect(await dbState(shop)).toBe(before);
    expect(await auditCount()).toBe(audits);
    return answer;
  }

  async function paidVoucherOrder(provider: ProviderName, player?: Player) {
    const buyer = player ?? (await newPlayer(shop));
    const { result, pack } = await createOrder(shop, buyer, provider);
    const back = await press(shop, result, 'pay');
    if (provider === 'paypal') {
      await shop.api('POST', '/api/v1/pay/paypalCapture', {
        token: buyer.token,
        body: { orderId: result.orderId, orderSn: result.orderSn, thirdOrderId: new URL(back!).searchParams.get('token') },
      });
    }
    await waitForStatus(shop, buyer, result.orderId, [3]);
    return { player: buyer, orderId: result.orderId, orderSn: result.orderSn, vouchers: pack.voucherAmount };
  }

  /** A paid shop order (a VIP pass through Xsolla) the game server refused: Delivery Error (8). */
  async function failedShopOrder() {
    const { player, account } = await playerWithRole(shop);
    const xsolla = await channelOf(shop, 'xsolla');
    await failDeliveries(shop, true);
    try {
      const created = await shop.api<CreateOrderResult>('POST', '/api/v1/order/product/create', {
        token: player.token,
        body: { appId: 10030, gameAccountId: account.id, productId: 1021, quantity: 1, payMethodId: xsolla.payMethodId, thirdChannelId: xsolla.thirdChannelId },
      });
      expect(created.body.code, JSON.stringify(created.body)).toBe(200);
      await press(shop, created.body.data, 'pay');
      await waitForStatus(shop, player, created.body.data.orderId, [8]);
      return { player, account, orderId: created.body.data.orderId, orderSn: created.body.data.orderSn };
    } finally {
      await failDeliveries(shop, false);
    }
  }

  /** Spends vouchers of a quick-login player's role through the games' signed API. */
  async function spend(player: Player, amount: number) {
    const raw = JSON.stringify({ serverId: '10001', roleId: player.roleId, transactionId: randomUUID(), amount, itemId: 'vip-30' });
    const timestamp = Math.floor(Date.now() / 1000);
    const answer = await shop.api('POST', '/api/game/v1/vouchers/spend', {
      rawBody: raw,
      headers: { 'x-game-app-id': '10030', 'x-game-timestamp': String(timestamp), 'x-game-signature': signGameRequest(shop.config.gameServer.secrets[10030]!, timestamp, raw) },
    });
    expect(answer.status).toBe(200);
  }

  // --- search ---------------------------------------------------------------------------------------------------------

  it('finds an order by its full number and by its tail from the 13th character (as players read it), also with spaces', async () => {
    const { orderId, orderSn } = await paidVoucherOrder('payermax');
    const tail = orderSn.slice(12);
    expect(tail).toHaveLength(10);
    for (const query of [{ q: orderSn }, { q: tail }, { q: ` ${tail.slice(0, 5)} ${tail.slice(5)} ` }, { orderSn }, { orderSn: tail }]) {
      const answer = await search(support, query);
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.rows.map((row) => row.id)).toEqual([orderId]);
      expect(answer.body.data).toMatchObject({ total: 1, totalCapped: false, nextCursor: null, prevCursor: null });
    }
    const [row] = (await search(support, { q: tail })).body.data.rows;
    expect(row).toMatchObject({ orderSn, status: 3, provider: 'payermax', currency: 'USD', payAmountMinor: expect.any(Number), appId: 10030, gameName: expect.any(String) });
    expect(row!.role).toMatchObject({ roleId: expect.any(String), serverId: expect.any(String) });
    // a part of the tail, or another number, finds nothing
    expect((await search(support, { q: tail.slice(1) })).body.data.rows).toEqual([]);
    expect((await search(support, { orderSn: '9'.repeat(22) })).body.data).toMatchObject({ rows: [], total: 0 });
  });

  it('finds orders by the player e-mail or phone, the game role and the provider transaction id', async () => {
    const player = await newPlayer(shop);
    const xsollaOrder = await paidVoucherOrder('xsolla', player);
    const [owner] = await rows<{ user_id: number; game_account_id: number }>(sql`SELECT user_id, game_account_id FROM orders WHERE id = ${xsollaOrder.orderId}`);
    const { user_id: userId, game_account_id: gameAccountId } = owner!;
    const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
    const email = `Player.${unique}@Example.com`;
    const mobile = `+4915${unique}`;
    await shop.services.db.execute(sql`UPDATE users SET email = ${email.toLowerCase()}, mobile = ${mobile} WHERE id = ${userId}`);
    const ids = async (query: Record<string, string | number | undefined>) => {
      const answer = await search(finance, query);
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data.rows.map((row) => row.id);
    };
    for (const query of [{ player: email }, { q: email }, { player: mobile }, { player: `00${mobile.slice(1)}` }, { q: `+49 15 ${unique}` }]) {
      expect(await ids(query), JSON.stringify(query)).toEqual([xsollaOrder.orderId]);
    }
    const [account] = await rows<{ role_id: string; account_id: string; role_name: string }>(sql`SELECT role_id, account_id, role_name FROM game_accounts WHERE id = ${gameAccountId}`);
    expect(await ids({ role: account!.role_id })).toEqual([xsollaOrder.orderId]);
    expect(await ids({ role: account!.account_id })).toEqual([xsollaOrder.orderId]);
    expect(await ids({ role: account!.role_name, player: email })).toEqual([xsollaOrder.orderId]);
    // the Xsolla transaction that paid it (payment_events: payment:<transaction id>)
    const [event] = await rows<{ event_key: string }>(sql`SELECT event_key FROM payment_events WHERE order_id = ${xsollaOrder.orderId} AND event_key LIKE 'payment:%'`);
    const transactionId = event!.event_key.slice('payment:'.length);
    expect(await ids({ transactionId })).toEqual([xsollaOrder.orderId]);
    expect(await ids({ q: transactionId })).toEqual([xsollaOrder.orderId]);
    // the PayPal capture of another order, and its refund id once refunded
    const paypalOrder = await paidVoucherOrder('paypal');
    const [capture] = await rows<{ event_key: string }>(sql`SELECT event_key FROM payment_events WHERE order_id = ${paypalOrder.orderId} AND event_key LIKE 'capture:%'`);
    expect(await ids({ transactionId: capture!.event_key.slice('capture:'.length) })).toEqual([paypalOrder.orderId]);
    expect((await post<RefundView>(finance, `/orders/${paypalOrder.orderId}/refund`, { reason: 'test' })).body.code).toBe(200);
    const [refund] = await waitFor(
      () => rows<{ provider_refund_id: string | null }>(sql`SELECT provider_refund_id FROM refunds WHERE order_id = ${paypalOrder.orderId}`),
      (list) => Boolean(list[0]?.provider_refund_id),
      'the refund id',
    );
    expect(await ids({ transactionId: refund!.provider_refund_id! })).toEqual([paypalOrder.orderId]);
    // nothing for unknown values
    expect(await ids({ player: 'nobody@example.com' })).toEqual([]);
    expect(await ids({ player: 'not a phone' })).toEqual([]);
    expect(await ids({ role: 'no-such-role-anywhere' })).toEqual([]);
    expect(await ids({ transactionId: 'no-such-transaction' })).toEqual([]);
  });

  it('filters by status, provider, game and creation time; pages newest first without overlap', async () => {
    const first = await paidVoucherOrder('payermax');
    const second = await paidVoucherOrder('payermax');
    const unpaid = await createOrder(shop, await newPlayer(shop), 'paypal');
    const hour = 3_600_000;
    const window = { from: new Date(Date.now() - hour).toISOString(), to: new Date(Date.now() + hour).toISOString() };
    const list = async (query: Record<string, string | number>) => {
      const answer = await search(admin, { pageSize: 100, ...query });
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
      return answer.body.data;
    };
    const complete = await list({ status: '3', provider: 'payermax', appId: 10030, ...window });
    expect(complete.rows.every((row) => row.status === 3 && row.provider === 'payermax' && row.appId === 10030)).toBe(true);
    expect(complete.rows.map((row) => row.id)).toEqual(expect.arrayContaining([first.orderId, second.orderId]));
    expect(complete.rows.map((row) => row.id)).not.toContain(unpaid.result.orderId);
    const several = await list({ status: '0,3', ...window });
    expect(several.rows.map((row) => row.id)).toEqual(expect.arrayContaining([first.orderId, unpaid.result.orderId]));
    expect((await list({ provider: 'paypal', status: '0' })).rows.map((row) => row.id)).toContain(unpaid.result.orderId);
    expect((await list({ appId: 99_999 })).rows).toEqual([]);
    expect((await list({ to: new Date(Date.now() - hour).toISOString() })).rows.map((row) => row.id)).not.toContain(first.orderId);
    expect((await list({ from: new Date(Date.now() + hour).toISOString() })).rows).toEqual([]);
    // newest first by (creation time, id); several orders created in the same microsecond keep a total order
    await shop.services.db.execute(sql`UPDATE orders SET created_at = date_trunc('second', now()) WHERE id IN (${first.orderId}, ${second.orderId}, ${unpaid.result.orderId})`);
    const all = await list({ ...window });
    const ids = all.rows.map((row) => row.id);
    const key = (row: ConsoleOrderSummary) => [Date.parse(row.createdAt), row.id] as const;
    expect(all.rows.map(key)).toEqual([...all.rows.map(key)].sort((a, b) => b[0] - a[0] || b[1] - a[1]));
    expect(ids.length).toBeGreaterThanOrEqual(4);
    // pages of 2 by cursor: forward to the end, then back to the start, never a row skipped or repeated
    const forward: number[][] = [];
    let page = (await search(admin, { ...window, pageSize: 2 })).body.data;
    expect(page.prevCursor).toBeNull();
    forward.push(page.rows.map((row) => row.id));
    while (page.nextCursor) {
      page = (await search(admin, { ...window, pageSize: 2, cursor: page.nextCursor })).body.data;
      expect(page.total).toBe(all.total);
      forward.push(page.rows.map((row) => row.id));
    }
    expect(forward.flat()).toEqual(ids);
    const backward: number[][] = [page.rows.map((row) => row.id)];
    while (page.prevCursor) {
      page = (await search(admin, { ...window, pageSize: 2, cursor: page.prevCursor })).body.data;
      backward.unshift(page.rows.map((row) => row.id));
    }
    expect(backward).toEqual(forward);
    // filters combine with the cursor: the next page of a status filter stays within it
    const completeFirst = (await search(admin, { ...window, status: '3', pageSize: 1 })).body.data;
    const completeNext = (await search(admin, { ...window, status: '3', pageSize: 1, cursor: completeFirst.nextCursor! })).body.data;
    expect([...completeFirst.rows, ...completeNext.rows].map((row) => row.id)).toEqual(ids.filter((id) => all.rows.find((row) => row.id === id)!.status === 3).slice(0, 2));
  });

  it('answers 400 with the envelope for a cursor that is not one (tampered, truncated, another list\'s), never 5xx', async () => {
    const valid = (await search(admin, { pageSize: 1 })).body.data.nextCursor;
    expect(valid).toEqual(expect.any(String));
    for (const cursor of [
      'x',
      `${valid}0`.replace(/_/, '__'),
      'n_2026-02-30T10:00:00.000000Z_5',
      'n_2026-01-01T25:00:00.000000Z_5',
      'n_5',
      'q_2026-01-01T00:00:00.000000Z_5',
      'n_2026-01-01T00:00:00.000000Z_0',
      'n_2026-01-01T00:00:00.000000Z_99999999999999999',
      "n_2026-01-01T00:00:00.000000Z_1' OR 1=1",
      'n'.repeat(65),
    ]) {
      const answer = await search(admin, { cursor });
      expect(answer.status, cursor).toBe(400);
      expect(answer.body).toMatchObject({ code: 400, data: null });
    }
    await expectRefused(400, () => get(support, '/order-queues/delivery-errors?cursor=n_12'));
  });

  it('refuses bad search input with 400 (bad dates, from after to, NUL, too long, wrong types, bad cursor) and no session with 401', async () => {
    const now = Date.now();
    const bad: Record<string, string>[] = [
      { from: 'yesterday' },
      { to: '2026-13-45T00:00:00Z' },
      { from: new Date(now).toISOString(), to: new Date(now - 1000).toISOString() },
      { q: 'abc\u0000def' },
      { orderSn: '\u0000' },
      { q: 'x'.repeat(101) },
      { status: 'paid' },
      { status: '10' },
      { provider: 'stripe' },
      { appId: '99999999999' },
      { appId: '-1' },
      { pageSize: '0' },
      { pageSize: '1000' },
      { pageSize: '1e400' },
      { cursor: 'not-a-cursor' },
    ];
    for (const query of bad) {
      await expectRefused(400, () => search(support, query));
    }
    await expectRefused(401, () => shop.api('GET', `${API}/orders`));
    await expectRefused(401, () => shop.api('GET', `${API}/orders`, { headers: { cookie: 'console_session=forged-session-token' } }));
  });

  // --- the order's page ----------------------------------------------------------------------------------------------

  it("shows the order's page: header, items, history with the state machine's events, payment events, ledger, vouchers", async () => {
    const { orderId, orderSn, vouchers } = await paidVoucherOrder('xsolla');
    const answer = await get<ConsoleOrderDetail>(support, `/orders/${orderId}`);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    const detail = answer.body.data;
    expect(detail.order).toMatchObject({ id: orderId, orderSn, status: 3, provider: 'xsolla', currency: 'USD', paidAt: expect.any(String), deliveredAt: null });
    expect(detail.player.userId).toBe(detail.order.userId);
    expect(detail.items).toEqual([expect.objectContaining({ quantity: 1, voucherAmount: vouchers, name: expect.any(String), productVersion: expect.any(Number) })]);
    // placed in English: the English name is the one the player read
    expect(detail.order.language).toBe('en');
    expect(detail.items[0]!.orderedName).toBe(detail.items[0]!.name);
    expect(detail.history.map((change) => [change.fromStatus, change.toStatus, change.event])).toEqual([
      [0, 2, 'paymentConfirmed'],
      [2, 3, 'delivered'],
    ]);
    expect(detail.paymentEvents).toEqual([expect.objectContaining({ provider: 'xsolla', eventKey: expect.stringMatching(/^payment:/), payload: expect.any(Object) })]);
    expect(detail.ledger).toEqual([expect.objectContaining({ amount: vouchers, kind: 'purchase' })]);
    expect(detail.vouchers).toEqual({ credited: vouchers, balance: vouchers, spent: 0 });
    expect(detail.actions).toEqual({ refund: true, retryDelivery: false, answerRefundRequest: false });
    expect(detail).toMatchObject({ refund: null, refundRequest: null, secondPayments: [], deliveries: [] });

    await expectRefused(404, () => get(support, '/orders/987654321'), 'Order not found');
    for (const id of ['9007199254740993', '99999999999999999999', 'abc', '-1', '0', '1.5', '%00', '1%00']) {
      await expectRefused(400, () => get(support, `/orders/${id}`));
    }
    await expectRefused(401, () => shop.api('GET', `${API}/orders/${orderId}`));
  });

  it("shows a German order's line by the product's English name now and by the name the player read, with the version sold", async () => {
    const player = await newPlayer(shop);
    const pack = (await vouchers(shop))[2]!;
    const created = await shop.api<CreateOrderResult>('POST', '/api/v1/voucher/create/order', {
      token: player.token,
      headers: { 'accept-language': 'de' },
      body: orderBody(player, pack, await channelOf(shop, 'xsolla')),
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const [product] = await rows<{ names: Record<string, string>; version: number }>(sql`SELECT names, version FROM products WHERE id = ${pack.id}`);
    await shop.services.db.execute(sql`UPDATE products SET names = names || '{"en": "Renamed pack"}'::jsonb WHERE id = ${pack.id}`);
    try {
      const detail = (await get<ConsoleOrderDetail>(support, `/orders/${created.body.data.orderId}`)).body.data;
      expect(detail.order.language).toBe('de');
      expect(detail.items).toEqual([
        expect.objectContaining({ productId: pack.id, name: 'Renamed pack', orderedName: product!.names.de, productVersion: product!.version }),
      ]);
    } finally {
      await shop.services.db.execute(sql`UPDATE products SET names = ${JSON.stringify(product!.names)}::jsonb WHERE id = ${pack.id}`);
    }
  });

  it("shows what an order in Germany was sold at: the country, its worth in USD at the frozen rate and the VAT inside it; an order from before local prices says so", async () => {
    const player = await newPlayer(shop);
    const pack = (await shop.api<{ id: number; productSn: string; productDiscountPrice: number; currency: string }[]>('POST', '/api/v1/voucher/list/10030?regionCode=DE')).body.data[1]!;
    const created = await shop.api<CreateOrderResult>('POST', '/api/v1/voucher/create/order', {
      token: player.token,
      body: { ...orderBody(player, pack as Parameters<typeof orderBody>[1], await channelOf(shop, 'xsolla', 'DE'), 'DE'), productPrice: pack.productDiscountPrice, currency: 'EUR' },
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(200);
    const orderId = created.body.data.orderId;
    const [frozen] = await rows<{ base_pay_minor: number; tax_minor: number; tax_rate_bp: number; exchange_rate: string }>(
      sql`SELECT base_pay_minor, tax_minor, tax_rate_bp, exchange_rate::text FROM orders WHERE id = ${orderId}`,
    );
    const detail = (await get<ConsoleOrderDetail>(support, `/orders/${orderId}`)).body.data;
    expect(detail.order.currency).toBe('EUR');
    expect(detail.order.pricing).toEqual({
      countryCode: 'DE',
      baseCurrency: 'USD',
      baseTotalMinor: expect.any(Number),
      basePayMinor: frozen!.base_pay_minor,
      exchangeRate: String(Number(frozen!.exchange_rate)),
      taxModel: 'inclusive',
      taxRateBp: frozen!.tax_rate_bp,
      taxMinor: frozen!.tax_minor,
    });
    expect(frozen!.tax_minor).toBeGreaterThan(0);
    await shop.services.db.execute(sql`UPDATE orders SET base_currency = NULL, exchange_rate = NULL WHERE id = ${orderId}`);
    expect((await get<ConsoleOrderDetail>(support, `/orders/${orderId}`)).body.data.order.pricing).toBeNull();
  });

  // --- refund through the provider --------------------------------------------------------------------------------------

  it.each(['paypal', 'xsolla', 'payermax'] as const)('%s: finance refunds an order through the provider; the order, the balance and the audit log show it', async (provider) => {
    const { player, orderId, vouchers } = await paidVoucherOrder(provider);
    expect(await balanceOf(shop, player)).toBe(vouchers);
    const answer = await post<RefundView>(finance, `/orders/${orderId}/refund`, { reason: 'Player asked' });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({ orderId, provider, status: expect.stringMatching(/pending|completed/) });
    await waitForStatus(shop, player, orderId, [9]);
    expect(await balanceOf(shop, player)).toBe(0);
    const detail = (await get<ConsoleOrderDetail>(finance, `/orders/${orderId}`)).body.data;
    expect(detail.refund).toMatchObject({ status: 'completed', vouchersTakenBack: vouchers, vouchersUnrecovered: 0, reason: 'Player asked', initiatedBy: 'operator' });
    expect(detail.history.at(-1)).toMatchObject({ fromStatus: 3, toStatus: 9, event: 'refundedAfterDelivery' });
    expect(detail.ledger.map((entry) => entry.amount)).toEqual([vouchers, -vouchers]);
    expect(detail.actions.refund).toBe(false);
    const audit = await auditOf('order', orderId);
    expect(audit.map((entry) => entry.action)).toEqual(['order.refund.request', 'order.refund.result']);
    expect(audit[0]).toMatchObject({ operator_id: finance.id, actor: finance.email, after: { reason: 'Player asked' }, before: { status: 3, refund: null } });
    expect(audit[1]!.after).toMatchObject({ outcome: expect.stringMatching(/pending|completed/), refund: { orderId } });
    expect(detail.operatorActions.map((entry) => entry.action)).toEqual(['order.refund.result', 'order.refund.request']);
  });

  it('refuses the refund to support (403, the button is theirs to not see) and without a session (401); nothing is written', async () => {
    const { player, orderId, vouchers } = await paidVoucherOrder('payermax');
    const refused = await expectRefused(403, () => post(support, `/orders/${orderId}/refund`, { reason: 'Support tries' }));
    expect(refused.body.message).toBe('Your role does not allow this action');
    await expectRefused(401, () => shop.api('POST', `${API}/orders/${orderId}/refund`, { body: {} }));
    await expectRefused(403, () => post(support, '/order-queues/second-payments/1/refund'));
    // support's session carries no refund permission in /me either (the console hides the button)
    const me = await get<{ permissions: string[] }>(support, '/auth/me');
    expect(me.body.data.permissions).not.toContain('orders.refund');
    expect(await balanceOf(shop, player)).toBe(vouchers);
  });

  it('refuses refunds the order cannot take with a clear message: unpaid, vouchers spent (unless accepted), unknown, bad bodies', async () => {
    const unpaid = await createOrder(shop, await newPlayer(shop), 'paypal');
    const before = await dbState(shop);
    const notPaid = await post(finance, `/orders/${unpaid.result.orderId}/refund`, {});
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.message).toBe('Only a paid order (Payment complete, Order Complete or Delivery Error) can be refunded through its payment provider');
    expect(await dbState(shop)).toBe(before);
    // the attempt is audited (request and refusal), nothing else
    expect((await auditOf('order', unpaid.result.orderId)).map((entry) => [entry.action, entry.after?.['outcome'] ?? null])).toEqual([
      ['order.refund.request', null],
      ['order.refund.result', 'refused'],
    ]);

    const { player, orderId, vouchers } = await paidVoucherOrder('payermax');
    await spend(player, 100);
    const detail = (await get<ConsoleOrderDetail>(finance, `/orders/${orderId}`)).body.data;
    expect(detail.vouchers).toEqual({ credited: vouchers, balance: vouchers - 100, spent: 100 });
    const spentState = await dbState(shop);
    const spent = await post(finance, `/orders/${orderId}/refund`, {});
    expect(spent.status).toBe(409);
    expect(spent.body.message).toBe(`Vouchers of this order already spent in the game: 100 of ${vouchers}. They cannot be taken back. Accept that loss to refund anyway.`);
    expect(await dbState(shop)).toBe(spentState);
    expect((await post(finance, `/orders/${orderId}/refund`, { allowUnrecoveredVouchers: true })).body.code).toBe(200);
    await waitForStatus(shop, player, orderId, [9]);
    expect((await get<ConsoleOrderDetail>(finance, `/orders/${orderId}`)).body.data.refund).toMatchObject({ vouchersTakenBack: vouchers - 100, vouchersUnrecovered: 100 });

    await expectRefused(404, () => post(finance, '/orders/987654321/refund', {}), 'Order not found');
    for (const body of [{ reason: 'r'.repeat(201) }, { reason: 'a\u0000b' }, { reason: '' }, { allowUnrecoveredVouchers: 'yes' }, { reason: 42 }]) {
      await expectRefused(400, () => post(finance, `/orders/${unpaid.result.orderId}/refund`, body));
    }
    await expectRefused(400, () => post(finance, '/orders/99999999999999999999/refund', {}));
  });

  // --- retry delivery, delivery errors queue -----------------------------------------------------------------------------

  it("support sees a delivery error with the game's answer, retries it, and the order completes; the retry is audited", async () => {
    const { player, orderId, orderSn } = await failedShopOrder();
    const counts = (await get<ConsoleQueueCounts>(support, '/order-queues/counts')).body.data;
    expect(counts.deliveryErrors).toBeGreaterThanOrEqual(1);
    const queue = await get<Page<{ order: ConsoleOrderSummary; lastError: string | null; attempts: number; retryQueued: boolean }>>(support, '/order-queues/delivery-errors?pageSize=100');
    expect(queue.body.code, JSON.stringify(queue.body)).toBe(200);
    expect(queue.body.data.total).toBe(counts.deliveryErrors);
    const row = queue.body.data.rows.find((entry) => entry.order.id === orderId);
    expect(row).toMatchObject({ order: { orderSn, status: 8 }, lastError: expect.stringContaining('503'), attempts: 1, retryQueued: false });
    const detail = (await get<ConsoleOrderDetail>(support, `/orders/${orderId}`)).body.data;
    expect(detail.deliveries).toEqual([expect.objectContaining({ kind: 'deliver', state: 'failed', lastError: expect.stringContaining('503') })]);
    expect(detail.actions).toMatchObject({ retryDelivery: true, refund: true });

    await expectRefused(403, () => post(finance, `/orders/${orderId}/retry-delivery`));
    const retried = await post<{ orderId: number; status: number }>(support, `/orders/${orderId}/retry-delivery`);
    expect(retried.body).toMatchObject({ code: 200, data: { orderId, status: 8 } });
    await waitForStatus(shop, player, orderId, [3]);
    const audit = await auditOf('order', orderId);
    expect(audit).toEqual([
      expect.objectContaining({
        operator_id: support.id,
        actor: support.email,
        action: 'order.retryDelivery',
        before: { orderSn, status: 8 },
        after: { orderSn, status: 8, deliveryQueued: true },
      }),
    ]);
    const after = await waitFor(
      async () => (await get<ConsoleOrderDetail>(support, `/orders/${orderId}`)).body.data,
      (detail) => detail.deliveries.map((delivery) => delivery.state).join() === 'failed,done',
      'the retried delivery',
    );
    expect(after.order.deliveredAt).toEqual(expect.any(String));
    // not in Delivery Error any more: a clear 409, nothing written
    await expectRefused(409, () => post(support, `/orders/${orderId}/retry-delivery`), 'Only an order in Delivery Error can be delivered again');
    await expectRefused(404, () => post(support, '/orders/987654321/retry-delivery'), 'Order not found');
    await expectRefused(400, () => post(support, '/orders/abc/retry-delivery'));
  });

  // --- refund requests ------------------------------------------------------------------------------------------------

  it("support rejects a player's refund request with a reason; finance approves another by refunding it", async () => {
    const rejected = await failedShopOrder();
    expect((await shop.api('POST', '/api/v1/order/refund', { token: rejected.player.token, body: { orderId: rejected.orderId, reason: 'wrong item' } })).body.code).toBe(200);
    const approved = await paidVoucherOrder('payermax');
    expect((await shop.api('POST', '/api/v1/order/refund', { token: approved.player.token, body: { orderId: approved.orderId, reason: 'changed my mind' } })).body.code).toBe(200);

    const queue = await get<Page<{ order: ConsoleOrderSummary; reason: string | null; refundable: boolean }>>(support, '/order-queues/refund-requests?pageSize=100');
    expect(queue.body.code).toBe(200);
    expect(queue.body.data.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ order: expect.objectContaining({ id: rejected.orderId }), reason: 'wrong item', refundable: true }),
        expect.objectContaining({ order: expect.objectContaining({ id: approved.orderId }), reason: 'changed my mind', refundable: true }),
      ]),
    );
    expect((await get<ConsoleQueueCounts>(support, '/order-queues/counts')).body.data.refundRequests).toBe(queue.body.data.total);

    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'a\u0000' }]) {
      await expectRefused(400, () => post(support, `/orders/${rejected.orderId}/refund-request/reject`, body));
    }
    const answer = await post<{ status: string; rejection: { by: string; reason: string } }>(support, `/orders/${rejected.orderId}/refund-request/reject`, {
      reason: 'The pass was used already',
    });
    expect(answer.body).toMatchObject({ code: 200, data: { status: 'rejected', rejection: { by: support.email, reason: 'The pass was used already' } } });
    expect(await auditOf('order', rejected.orderId)).toEqual([
      expect.objectContaining({
        actor: support.email,
        action: 'order.refundRequest.reject',
        before: expect.objectContaining({ status: 'requested', reason: 'wrong item' }),
        after: expect.objectContaining({ status: 'rejected', answer: 'The pass was used already' }),
      }),
    ]);
    const detail = (await get<ConsoleOrderDetail>(support, `/orders/${rejected.orderId}`)).body.data;
    expect(detail.refundRequest).toMatchObject({ status: 'rejected', reason: 'wrong item', rejection: { reason: 'The pass was used already' } });
    expect(detail.actions.answerRefundRequest).toBe(false);
    await expectRefused(404, () => post(support, `/orders/${rejected.orderId}/refund-request/reject`, { reason: 'again' }), 'no refund request waiting');
    await expectRefused(404, () => post(support, '/orders/987654321/refund-request/reject', { reason: 'x' }), 'Order not found');

    // approving is the refund itself (finance): the request becomes refunded
    expect((await post<RefundView>(finance, `/orders/${approved.orderId}/refund`, {})).body.code).toBe(200);
    await waitForStatus(shop, approved.player, approved.orderId, [9]);
    const approvedDetail = (await get<ConsoleOrderDetail>(finance, `/orders/${approved.orderId}`)).body.data;
    expect(approvedDetail.refundRequest).toMatchObject({ status: 'refunded', rejection: null });
    const remaining = (await get<Page<{ order: ConsoleOrderSummary }>>(support, '/order-queues/refund-requests?pageSize=100')).body.data.rows.map((row) => row.order.id);
    expect(remaining).not.toContain(rejected.orderId);
    expect(remaining).not.toContain(approved.orderId);
  });

  // --- second payments ------------------------------------------------------------------------------------------------

  it('lists a second payment and finance refunds it through the provider; the order it duplicated stays as it is', async () => {
    const player = await newPlayer(shop);
    const { result, pack } = await createOrder(shop, player, 'payermax');
    // the player switches to Xsolla and pays there, then pays the PayerMax page kept open as well
    const xsolla = await channelOf(shop, 'xsolla');
    const switched = await shop.api('POST', '/api/v1/order/pay', { token: player.token, body: { ids: [result.orderId], payMethodId: xsolla.payMethodId, thirdChannelId: xsolla.thirdChannelId } });
    expect(switched.body.code, JSON.stringify(switched.body)).toBe(200);
    expect((await postXsolla(shop, xsollaPayment(result.orderSn, result.totalAmount, 'USD', Math.floor(Math.random() * 1e9)))).status).toBe(204);
    await waitForStatus(shop, player, result.orderId, [3]);
    await press(shop, result, 'pay');
    const queue = await waitFor(
      async () => (await get<Page<DuplicatePaymentView & { playerEmail: string | null; orderStatus: number }>>(finance, '/order-queues/second-payments?pageSize=100')).body.data,
      (page) => page.rows.some((row) => row.orderId === result.orderId),
      'the second payment',
    );
    const second = queue.rows.find((row) => row.orderId === result.orderId)!;
    expect(second).toMatchObject({ provider: 'payermax', status: 'open', orderStatus: 3, orderSn: result.orderSn });
    expect((await get<ConsoleQueueCounts>(finance, '/order-queues/counts')).body.data.secondPayments).toBeGreaterThanOrEqual(1);

    await expectRefused(403, () => post(support, `/order-queues/second-payments/${second.id}/refund`));
    await expectRefused(404, () => post(finance, '/order-queues/second-payments/987654321/refund'), 'Second payment not found');
    await expectRefused(400, () => post(finance, `/order-queues/second-payments/${second.id}/refund`, { reason: 'r'.repeat(201) }));
    const refunded = await post<DuplicatePaymentView>(finance, `/order-queues/second-payments/${second.id}/refund`, { reason: 'Paid twice' });
    expect(refunded.body.code, JSON.stringify(refunded.body)).toBe(200);
    await waitFor(
      async () => (await get<ConsoleOrderDetail>(finance, `/orders/${result.orderId}`)).body.data.secondPayments[0]?.status,
      (status) => status === 'refunded',
      'the PayerMax refund notification',
    );
    expect((await get<ConsoleOrderDetail>(finance, `/orders/${result.orderId}`)).body.data.order.status).toBe(3);
    expect(await balanceOf(shop, player)).toBe(pack.voucherAmount);
    const audit = await auditOf('secondPayment', second.id);
    expect(audit.map((entry) => [entry.actor, entry.action])).toEqual([
      [finance.email, 'secondPayment.refund.request'],
      [finance.email, 'secondPayment.refund.result'],
    ]);
    expect(audit[0]!.after).toEqual({ reason: 'Paid twice' });
    const detail = (await get<ConsoleOrderDetail>(support, `/orders/${result.orderId}`)).body.data;
    expect(detail.operatorActions.map((entry) => entry.action)).toContain('secondPayment.refund.request');
    // a refunded one is no longer listed by default, but by its status
    expect((await get<Page<{ id: number }>>(finance, '/order-queues/second-payments?pageSize=100')).body.data.rows.map((row) => row.id)).not.toContain(second.id);
    expect((await get<Page<{ id: number }>>(finance, '/order-queues/second-payments?status=refunded&pageSize=100')).body.data.rows.map((row) => row.id)).toContain(second.id);
    await expectRefused(400, () => get(finance, '/order-queues/second-payments?status=nope'));
  });

  // --- reconciliation -------------------------------------------------------------------------------------------------

  it('lists orders waiting for reconciliation with what it does next and when', async () => {
    const startedAt = Date.now();
    const expired = await createOrder(shop, await newPlayer(shop), 'paypal');
    const processing = await createOrder(shop, await newPlayer(shop), 'xsolla');
    // unpaid past its payment time (the expiry job has not closed it), and a payment the provider holds (1)
    await shop.services.db.execute(sql`UPDATE orders SET expires_at = now() - interval '1 minute' WHERE id = ${expired.result.orderId}`);
    await shop.services.db.execute(sql`UPDATE orders SET status = 1, updated_at = now() WHERE id = ${processing.result.orderId}`);
    // a PayerMax refund asked for and not confirmed: its notification is awaited
    const refunding = await paidVoucherOrder('payermax');
    await shop.services.db.execute(sql`
      INSERT INTO refunds (order_id, provider, status, initiated_by, amount_minor, currency)
      SELECT id, 'payermax', 'pending', 'operator', pay_amount_minor, currency FROM orders WHERE id = ${refunding.orderId}`);

    const answer = await get<{
      rows: { order: ConsoleOrderSummary; reason: string; nextStep: string; nextAt: string | null; since: string }[];
      total: number;
      nextSweepAt: string | null;
      intervalSeconds: number;
      minAgeSeconds: number;
    }>(support, '/order-queues/reconciliation?pageSize=100');
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
    const byId = new Map(answer.body.data.rows.map((row) => [row.order.id, row]));
    expect(byId.get(expired.result.orderId)).toMatchObject({ reason: 'unpaidPastExpiry', nextStep: 'askPayment', nextAt: expect.any(String) });
    expect(byId.get(processing.result.orderId)).toMatchObject({ reason: 'paymentProcessing', nextStep: 'askPayment', nextAt: expect.any(String) });
    expect(byId.get(refunding.orderId)).toMatchObject({ reason: 'refundPending', nextStep: 'awaitNotification', nextAt: null });
    // not asked before the minimum age
    const minAge = answer.body.data.minAgeSeconds * 1000;
    expect(Date.parse(byId.get(expired.result.orderId)!.nextAt!)).toBeGreaterThanOrEqual(startedAt + minAge - 5_000);
    expect(answer.body.data.intervalSeconds).toBeGreaterThan(0);
    expect((await get<ConsoleQueueCounts>(support, '/order-queues/counts')).body.data.reconciliation).toBe(answer.body.data.total);
    await expectRefused(400, () => get(support, '/order-queues/reconciliation?pageSize=0'));
    await expectRefused(401, () => shop.api('GET', `${API}/order-queues/reconciliation`));
  });

  // --- the machine routes are audited too --------------------------------------------------------------------------------

  it("the ops token's changes are audited with the actor ops-token", async () => {
    const ops = <T>(path: string, body: unknown) => shop.api<T>('POST', `/api/ops/v1/${path}`, { body, headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    const { orderId, player } = await failedShopOrder();
    expect((await ops('orders/delivery/retry', { orderId })).body.code).toBe(200);
    await waitForStatus(shop, player, orderId, [3]);
    expect((await shop.api('POST', '/api/v1/order/refund', { token: player.token, body: { orderId } })).body.code).toBe(200);
    expect((await ops('orders/refund/reject', { orderId })).body.code).toBe(200);
    const paid = await paidVoucherOrder('payermax');
    expect((await ops('orders/refund', { orderId: paid.orderId })).body.code).toBe(200);
    const audit = [...(await auditOf('order', orderId)), ...(await auditOf('order', paid.orderId))];
    expect(audit.map((entry) => [entry.operator_id, entry.actor, entry.action])).toEqual([
      [null, 'ops-token', 'order.retryDelivery'],
      [null, 'ops-token', 'order.refundRequest.reject'],
      [null, 'ops-token', 'order.refund.request'],
      [null, 'ops-token', 'order.refund.result'],
    ]);
    expect(audit.every((entry) => entry.ip.length > 0)).toBe(true);
  });
});
