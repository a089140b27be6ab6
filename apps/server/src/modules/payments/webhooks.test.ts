import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { BACKENDS, startShop, type TestShop } from '../../../test/harness.ts';
import { balanceOf, createOrder, newPlayer, orderOf, type Player } from '../../../test/shopping.ts';
import {
  payermaxPayment,
  paypalCaptureCompleted,
  postPayermax,
  postPaypal,
  postXsolla,
  xsollaPayment,
} from '../../../test/webhooks.ts';
import { paymentEvents, voucherLedger } from '../../db/schema.ts';

describe.each(BACKENDS)('provider webhooks (%s)', (backend) => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startShop(backend);
  });
  afterAll(() => shop.close());

  const eventsOf = async (orderId: number) =>
    (await shop.services.db.select({ n: count() }).from(paymentEvents).where(eq(paymentEvents.orderId, orderId)))[0]!.n;
  const ledgerOf = async (orderId: number) =>
    (await shop.services.db.select({ n: count() }).from(voucherLedger).where(eq(voucherLedger.orderId, orderId)))[0]!.n;

  async function unpaid(provider: 'paypal' | 'xsolla' | 'payermax') {
    const player = await newPlayer(shop);
    const { result } = await createOrder(shop, player, provider);
    return { player, result };
  }
  async function expectUntouched(player: Player, orderId: number) {
    expect((await orderOf(shop, player, orderId)).status).toBe(0);
    expect(await eventsOf(orderId)).toBe(0);
    expect(await ledgerOf(orderId)).toBe(0);
    expect(await balanceOf(shop, player)).toBe(0);
  }

  describe('xsolla', () => {
    it.each([
      ['a missing signature', null],
      ['a wrong signature', `Signature ${'0'.repeat(40)}`],
      ['a malformed signature header', 'Bearer abc'],
    ])('refuses %s with INVALID_SIGNATURE', async (_name, signature) => {
      const { player, result } = await unpaid('xsolla');
      const answer = await postXsolla(shop, xsollaPayment(result.orderSn, result.totalAmount), signature);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({ error: { code: 'INVALID_SIGNATURE', message: expect.any(String) } });
      await expectUntouched(player, result.orderId);
    });

    it('refuses an unknown order, a wrong amount and a wrong currency', async () => {
      const { player, result } = await unpaid('xsolla');
      const unknown = await postXsolla(shop, xsollaPayment('9999999999999999999999', result.totalAmount));
      expect(JSON.parse(unknown.text).error.code).toBe('INCORRECT_INVOICE');
      const amount = await postXsolla(shop, xsollaPayment(result.orderSn, result.totalAmount - 0.01));
      expect(JSON.parse(amount.text).error.code).toBe('INCORRECT_AMOUNT');
      const currency = await postXsolla(shop, xsollaPayment(result.orderSn, result.totalAmount, 'EUR'));
      expect(JSON.parse(currency.text).error.code).toBe('INCORRECT_AMOUNT');
      await expectUntouched(player, result.orderId);
    });

    it('answers user_validation by whether the player exists', async () => {
      const ok = await postXsolla(shop, { notification_type: 'user_validation', settings: xsollaPayment('x', 1).settings, user: { id: '1' } });
      expect(ok.status).toBe(204);
      const missing = await postXsolla(shop, { notification_type: 'user_validation', settings: xsollaPayment('x', 1).settings, user: { id: '987654321' } });
      expect(JSON.parse(missing.text).error.code).toBe('INVALID_USER');
    });

    it('applies the same payment delivered ten times at once exactly once', async () => {
      const { player, result } = await unpaid('xsolla');
      const body = xsollaPayment(result.orderSn, result.totalAmount);
      const answers = await Promise.all(Array.from({ length: 10 }, () => postXsolla(shop, body)));
      for (const answer of answers) expect(answer.status).toBe(204);
      expect((await orderOf(shop, player, result.orderId)).status).toBe(3);
      expect(await ledgerOf(result.orderId)).toBe(1);
      expect(await eventsOf(result.orderId)).toBe(1);
      const again = await postXsolla(shop, body);
      expect(again.status).toBe(204);
      expect(await ledgerOf(result.orderId)).toBe(1);
    });
  });

  describe('payermax', () => {
    it.each(['missing', 'wrong'] as const)('refuses a %s signature', async (sign) => {
      const { player, result } = await unpaid('payermax');
      const answer = await postPayermax(shop, payermaxPayment(result.orderSn, result.totalAmount), sign);
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.text).code).not.toBe('SUCCESS');
      await expectUntouched(player, result.orderId);
    });

    it('refuses an unknown order and a wrong amount or currency', async () => {
      const { player, result } = await unpaid('payermax');
      expect((await postPayermax(shop, payermaxPayment('NOPE000000000', result.totalAmount))).status).toBe(404);
      expect((await postPayermax(shop, payermaxPayment(result.orderSn, result.totalAmount + 1))).status).toBe(422);
      expect((await postPayermax(shop, payermaxPayment(result.orderSn, result.totalAmount, 'JPY'))).status).toBe(422);
      await expectUntouched(player, result.orderId);
    });

    it('replies exactly {"code":"SUCCESS","msg":"Success"} and applies ten parallel copies once', async () => {
      const { player, result } = await unpaid('payermax');
      const body = payermaxPayment(result.orderSn, result.totalAmount);
      const answers = await Promise.all(Array.from({ length: 10 }, () => postPayermax(shop, body)));
      for (const answer of answers) expect(answer.text).toBe('{"code":"SUCCESS","msg":"Success"}');
      expect((await orderOf(shop, player, result.orderId)).status).toBe(3);
      expect(await ledgerOf(result.orderId)).toBe(1);
    });

    it('refuses a notification signed long ago or ahead of our clock, and takes one as old as its last retry', async () => {
      const { player, result } = await unpaid('payermax');
      const notifiedAt = (offsetMs: number) => ({ ...payermaxPayment(result.orderSn, result.totalAmount), notifyTime: new Date(Date.now() + offsetMs).toISOString() });
      for (const body of [notifiedAt(-3 * 86_400_000), notifiedAt(-25 * 3_600_000), notifiedAt(60 * 60_000), { ...notifiedAt(0), notifyTime: 'not a time' }]) {
        const answer = await postPayermax(shop, body);
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.text)).toEqual({ code: 'FAIL', msg: expect.stringContaining('notifyTime') });
      }
      await expectUntouched(player, result.orderId);
      // PayerMax's last retry comes about 13 h after the first try and may resend the first try's body.
      const lastRetry = await postPayermax(shop, notifiedAt(-14 * 3_600_000));
      expect(lastRetry.text).toBe('{"code":"SUCCESS","msg":"Success"}');
      expect((await orderOf(shop, player, result.orderId)).status).toBe(3);
    });

    it('marks a FAILED payment as Transaction Failed', async () => {
      const { player, result } = await unpaid('payermax');
      await postPayermax(shop, payermaxPayment(result.orderSn, result.totalAmount, 'USD', 'FAILED'));
      expect((await orderOf(shop, player, result.orderId)).status).toBe(7);
      expect(await balanceOf(shop, player)).toBe(0);
    });
  });

  describe('paypal', () => {
    it.each(['missing', 'wrong'] as const)('refuses a %s signature', async (signature) => {
      const { player, result } = await unpaid('paypal');
      const answer = await postPaypal(shop, paypalCaptureCompleted(result.orderSn, result.totalAmount.toFixed(2)), signature);
      expect(answer.status).toBe(400);
      await expectUntouched(player, result.orderId);
    });

    it('refuses an unknown order and a wrong amount', async () => {
      const { player, result } = await unpaid('paypal');
      expect((await postPaypal(shop, paypalCaptureCompleted('0000000000000', result.totalAmount.toFixed(2)))).status).toBe(404);
      expect((await postPaypal(shop, paypalCaptureCompleted(result.orderSn, '0.01'))).status).toBe(422);
      expect((await postPaypal(shop, paypalCaptureCompleted(result.orderSn, 'abc'))).status).toBe(422);
      await expectUntouched(player, result.orderId);
    });

    it('refuses a transmission signed long ago or ahead of our clock without asking PayPal, and takes a fresh retry', async () => {
      const { player, result } = await unpaid('paypal');
      const event = paypalCaptureCompleted(result.orderSn, result.totalAmount.toFixed(2));
      const verify = vi.spyOn(shop.services.paymentClients.paypal, 'verifyWebhook');
      try {
        for (const offsetMs of [-3 * 86_400_000, -11 * 60_000, 10 * 60_000]) {
          const answer = await postPaypal(shop, event, 'valid', new Date(Date.now() + offsetMs));
          expect(answer.status).toBe(400);
          expect(JSON.parse(answer.text).name).toBe('STALE_TRANSMISSION');
        }
        expect(verify).not.toHaveBeenCalled();
      } finally {
        verify.mockRestore();
      }
      await expectUntouched(player, result.orderId);
      // PayPal's retry of the same event is a new transmission, signed with its own time.
      expect((await postPaypal(shop, event, 'valid', new Date(Date.now() - 60_000))).status).toBe(200);
      expect((await orderOf(shop, player, result.orderId)).status).toBe(3);
    });

    it('applies the same capture webhook delivered ten times at once exactly once', async () => {
      const { player, result } = await unpaid('paypal');
      const event = paypalCaptureCompleted(result.orderSn, result.totalAmount.toFixed(2));
      const answers = await Promise.all(Array.from({ length: 10 }, () => postPaypal(shop, event)));
      for (const answer of answers) expect(answer.status).toBe(200);
      expect((await orderOf(shop, player, result.orderId)).status).toBe(3);
      expect(await ledgerOf(result.orderId)).toBe(1);
    });
  });

  it('settles a payment that arrives after the order was closed, without losing it', async () => {
    const { player, result } = await unpaid('xsolla');
    await shop.api('POST', '/api/v1/order/cancel', { token: player.token, body: { orderId: result.orderId } });
    expect((await orderOf(shop, player, result.orderId)).status).toBe(5);
    expect((await postXsolla(shop, xsollaPayment(result.orderSn, result.totalAmount))).status).toBe(204);
    expect((await orderOf(shop, player, result.orderId)).status).toBe(3);
    expect(await ledgerOf(result.orderId)).toBe(1);
  });
});
