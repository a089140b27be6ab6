import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import type { OrderList } from '@shop/contract/orders.schema';
import type { z } from 'zod';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import {
  balanceOf,
  channelOf,
  createOrder,
  newPlayer,
  orderBody,
  orderOf,
  press,
  vouchers,
  waitForStatus,
  type ProviderName,
} from '../../../test/shopping.ts';
import { orders, paymentEvents, voucherLedger } from '../../db/schema.ts';

const PROVIDERS: ProviderName[] = ['paypal', 'xsolla', 'payermax'];

describe.each(BACKENDS)('voucher checkout with the sandbox providers (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend);
  });
  afterAll(() => shop.close());

  const ledgerEntries = async (orderId: number) =>
    (await shop.services.db.select({ n: count() }).from(voucherLedger).where(eq(voucherLedger.orderId, orderId)))[0]!.n;

  describe.each(PROVIDERS)('%s', (provider) => {
    it('Pay: the order completes and the vouchers are credited exactly once', async () => {
      const player = await newPlayer(shop);
      const { result, pack } = await createOrder(shop, player, provider);
      expect(result.orderSn.length).toBeGreaterThanOrEqual(13);
      expect(result.totalAmount).toBe(pack.productDiscountPrice);
      expect((await orderOf(shop, player, result.orderId)).status).toBe(0);

      const next = await press(shop, result, 'pay');
      if (provider === 'paypal') {
        // The return page captures; the APPROVED webhook may have captured already. Either way it settles once.
        const token = new URL(next!).searchParams.get('token')!;
        const capture = await shop.api('POST', '/api/v1/pay/paypalCapture', { body: { orderId: result.orderId, thirdOrderId: token } });
        expect(capture.body.code).toBe(200);
      }
      const order = await waitForStatus(shop, player, result.orderId, [3]);
      expect(order.paidTime).not.toBeNull();
      expect(await balanceOf(shop, player)).toBe(pack.voucherAmount);
      expect(await ledgerEntries(result.orderId)).toBe(1);
    });

    it('Decline: the payment does not complete and nothing is credited', async () => {
      const player = await newPlayer(shop);
      const { result } = await createOrder(shop, player, provider);
      const next = await press(shop, result, 'decline');
      if (provider === 'paypal') {
        const token = new URL(next!).searchParams.get('token')!;
        await shop.api('POST', '/api/v1/pay/paypalCapture', { body: { orderId: result.orderId, thirdOrderId: token } });
      }
      // Xsolla reports a failed payment only to the widget (no webhook): the order stays payable until it expires.
      const expected = provider === 'xsolla' ? [0] : [7];
      const order = await waitForStatus(shop, player, result.orderId, expected);
      expect(expected).toContain(order.status);
      expect(await balanceOf(shop, player)).toBe(0);
      expect(await ledgerEntries(result.orderId)).toBe(0);
    });

    it('Cancel: the player comes back, the order stays payable and can be cancelled', async () => {
      const player = await newPlayer(shop);
      const { result } = await createOrder(shop, player, provider);
      await press(shop, result, 'cancel');
      expect((await orderOf(shop, player, result.orderId)).status).toBe(0);
      const cancel = await shop.api('POST', '/api/v1/order/cancel', { token: player.token, body: { orderId: result.orderId, orderSn: result.orderSn } });
      expect(cancel.body.code).toBe(200);
      expect((await orderOf(shop, player, result.orderId)).status).toBe(5);
    });
  });

  it('lists orders by tab with items, newest first', async () => {
    const player = await newPlayer(shop);
    const paid = await createOrder(shop, player, 'xsolla', 0);
    await press(shop, paid.result, 'pay');
    await waitForStatus(shop, player, paid.result.orderId, [3]);
    const open = await createOrder(shop, player, 'payermax', 2);
    const list = async (type: number) =>
      (await shop.api<z.infer<typeof OrderList>>('GET', `/api/v1/order/list/all?type=${type}&pageNum=1&pageSize=50`, { token: player.token })).body.data;
    const all = await list(1);
    expect(all.list.map((o) => o.id)).toEqual([open.result.orderId, paid.result.orderId]);
    expect(all.list[0]!.items[0]).toMatchObject({ productId: open.pack.id, quantity: 1, productName: open.pack.productName });
    expect((await list(2)).list.map((o) => o.id)).toEqual([open.result.orderId]);
    expect((await list(3)).list.map((o) => o.id)).toEqual([paid.result.orderId]);
    expect((await list(4)).list).toEqual([]);
    const tooBig = await shop.api('GET', '/api/v1/order/list/all?type=1&pageNum=1&pageSize=51', { token: player.token });
    expect(tooBig.body.code).toBe(400);
    expect((await shop.api('GET', '/api/v1/order/list/all?type=9', { token: player.token })).body.code).toBe(400);
    expect((await shop.api('GET', '/api/v1/order/list/all')).body.code).toBe(401);
  });

  describe('bad orders are refused and nothing is written', () => {
    const orderCount = async () => (await shop.services.db.select({ n: count() }).from(orders))[0]!.n;

    it.each([
      ['a voucher of the other game', async (body: Record<string, unknown>) => {
        const other = (await vouchers(shop, 10002))[0]!;
        return { ...body, id: other.id, voucherSn: other.productSn };
      }, 400],
      ['a product that is not a voucher', async (body: Record<string, unknown>) => ({ ...body, id: 9521 }), 404],
      ['a product that does not exist', async (body: Record<string, unknown>) => ({ ...body, id: 987654 }), 404],
      ['a voucherSn that does not match', async (body: Record<string, unknown>) => ({ ...body, voucherSn: 'XX-1' }), 404],
      ['a tampered price', async (body: Record<string, unknown>) => ({ ...body, productPrice: 0.01 }), 409],
      ['a tampered currency', async (body: Record<string, unknown>) => ({ ...body, currency: 'EUR' }), 409],
      ['a channel not offered in the region', async (body: Record<string, unknown>) => ({ ...body, payMethodId: 'NOPE' }), 400],
      ['a channel of another region', async (body: Record<string, unknown>) => {
        const pix = await channelOf(shop, 'payermax', 'BR');
        return { ...body, payMethodId: pix.payMethodId, thirdChannelId: pix.thirdChannelId, payMethodName: pix.payMethodName };
      }, 400],
      ['a role that is not the caller’s', async (body: Record<string, unknown>) => ({ ...body, gameRoleId: 'someone-else' }), 403],
      ['quantity 2', async (body: Record<string, unknown>) => ({ ...body, quantity: 2 }), 400],
      ['another order source', async (body: Record<string, unknown>) => ({ ...body, orderSource: 'shop' }), 400],
      ['an unknown game', async (body: Record<string, unknown>) => ({ ...body, appId: 4242 }), 404],
      ['a missing region', async (body: Record<string, unknown>) => ({ ...body, selectedRegionCode: undefined }), 400],
      ['an id of the wrong type', async (body: Record<string, unknown>) => ({ ...body, id: 'one' }), 400],
    ])('refuses %s', async (_name, tamper, status) => {
      const player = await newPlayer(shop);
      const pack = (await vouchers(shop))[1]!;
      const channel = await channelOf(shop, 'paypal');
      const body = await tamper({ ...orderBody(player, pack, channel), productPrice: pack.productDiscountPrice, currency: pack.currency });
      const before = await orderCount();
      const answer = await shop.api('POST', '/api/v1/voucher/create/order', { token: player.token, body });
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ code: status, data: null });
      expect(answer.body.message.length).toBeGreaterThan(3);
      expect(await orderCount()).toBe(before);
    });

    it('refuses to create orders without a session', async () => {
      const before = await orderCount();
      expect((await shop.api('POST', '/api/v1/voucher/create/order', { body: {} })).status).toBe(401);
      expect(await orderCount()).toBe(before);
    });
  });

  describe('order ownership and state', () => {
    it('hides another player’s order and refuses to cancel it', async () => {
      const owner = await newPlayer(shop);
      const intruder = await newPlayer(shop);
      const { result } = await createOrder(shop, owner, 'paypal');
      const detail = await shop.api('POST', '/api/v1/order/detail', { token: intruder.token, body: { orderId: result.orderId } });
      expect(detail.status).toBe(404);
      const cancel = await shop.api('POST', '/api/v1/order/cancel', { token: intruder.token, body: { orderId: result.orderId } });
      expect(cancel.status).toBe(404);
      expect((await orderOf(shop, owner, result.orderId)).status).toBe(0);
      const token = await shop.api('POST', '/api/v1/xsolla/token', { token: intruder.token, body: { orderId: result.orderId } });
      expect(token.status).toBe(404);
    });

    it('refuses to cancel a paid order or one cancelled already', async () => {
      const player = await newPlayer(shop);
      const { result } = await createOrder(shop, player, 'xsolla');
      await press(shop, result, 'pay');
      await waitForStatus(shop, player, result.orderId, [3]);
      const cancel = await shop.api('POST', '/api/v1/order/cancel', { token: player.token, body: { orderId: result.orderId } });
      expect(cancel.status).toBe(409);
      expect((await orderOf(shop, player, result.orderId)).status).toBe(3);

      const second = await createOrder(shop, player, 'xsolla');
      expect((await shop.api('POST', '/api/v1/order/cancel', { token: player.token, body: { orderId: second.result.orderId } })).status).toBe(200);
      expect((await shop.api('POST', '/api/v1/order/cancel', { token: player.token, body: { orderId: second.result.orderId } })).status).toBe(409);
      expect((await shop.api('POST', '/api/v1/order/cancel', { token: player.token, body: { orderId: 99999999 } })).status).toBe(404);
      expect((await shop.api('POST', '/api/v1/order/cancel', { token: player.token, body: { orderId: -1 } })).status).toBe(400);
    });

    it('re-opens the payment of an unpaid order with its own provider only', async () => {
      const player = await newPlayer(shop);
      const x = await createOrder(shop, player, 'xsolla');
      const again = await shop.api<{ token: string }>('POST', '/api/v1/xsolla/token', { token: player.token, body: { orderId: x.result.orderId } });
      expect(again.body.code).toBe(200);
      expect(again.body.data.token).toBeTruthy();
      const wrong = await shop.api('POST', '/api/v1/payermax/payermaxlOrder', { token: player.token, body: { orderId: x.result.orderId } });
      expect(wrong.status).toBe(400);

      const p = await createOrder(shop, player, 'payermax');
      const repeat = await shop.api<{ code: string; data: { redirectUrl?: string } }>('POST', '/api/v1/payermax/payermaxlOrder', {
        token: player.token,
        body: { orderId: p.result.orderId },
      });
      expect(repeat.body.data.code).toBe('ORDER_REPEAT');
      expect(repeat.body.data.data.redirectUrl).toBe(JSON.parse(p.result.thirdPayResponse).data.redirectUrl);

      const pp = await createOrder(shop, player, 'paypal');
      const reopened = await shop.api<{ thirdOrderId: string; payerActionUrl: string }>('POST', '/api/v1/pay/paypalOrder', {
        token: player.token,
        body: { orderId: pp.result.orderId, orderSn: pp.result.orderSn },
      });
      expect(reopened.body.data.thirdOrderId).toBe(JSON.parse(pp.result.thirdPayResponse).id);
    });

    it('closes unpaid orders after the configured time', async () => {
      const quick = await startShop(backend, { ORDER_EXPIRY_MINUTES: '0.002' });
      try {
        const player = await newPlayer(quick);
        const { result } = await createOrder(quick, player, 'paypal');
        await waitForStatus(quick, player, result.orderId, [4], 15_000);
      } finally {
        await quick.close();
      }
    });
  });

  it('settles once when the return page and the webhook arrive at the same moment', async () => {
    const player = await newPlayer(shop);
    const { result, pack } = await createOrder(shop, player, 'paypal');
    const next = await press(shop, result, 'pay');
    const token = new URL(next!).searchParams.get('token')!;
    const captures = await Promise.all(
      Array.from({ length: 5 }, () => shop.api('POST', '/api/v1/pay/paypalCapture', { body: { orderId: result.orderId, thirdOrderId: token } })),
    );
    for (const answer of captures) expect(answer.body.code).toBe(200);
    await waitForStatus(shop, player, result.orderId, [3]);
    expect(await balanceOf(shop, player)).toBe(pack.voucherAmount);
    expect(await ledgerEntries(result.orderId)).toBe(1);
    const events = await shop.services.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, result.orderId));
    expect(events.filter((e) => e.eventType.includes('completed') || e.eventType.includes('COMPLETED')).length).toBeGreaterThanOrEqual(1);
  });

  it('refuses to capture an unknown PayPal order', async () => {
    const answer = await shop.api('POST', '/api/v1/pay/paypalCapture', { body: { thirdOrderId: 'NO-SUCH-ORDER' } });
    expect(answer.status).toBe(404);
  });

  it('gives each order a unique number of at least 13 characters', async () => {
    const player = await newPlayer(shop);
    const results: CreateOrderResult[] = [];
    for (let i = 0; i < 5; i++) results.push((await createOrder(shop, player, 'xsolla')).result);
    expect(new Set(results.map((r) => r.orderSn)).size).toBe(5);
    for (const r of results) expect(r.orderSn).toMatch(/^\d{22}$/);
  });
});
