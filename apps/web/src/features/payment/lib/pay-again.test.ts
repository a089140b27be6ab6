import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/contract/orders';
import { setAnalyticsSink } from '../../../shared/analytics/analytics';
import { DEVELOPMENT_CONFIG, setConfig } from '../../../shared/config/runtime-config';
import { startPayment } from '../../../shared/payment/start-payment';
import { payWithChannel, reopenPayment } from '../api/payment-api';
import { payOrderAgain } from './pay-again';

vi.mock('../api/payment-api', () => ({ payWithChannel: vi.fn(), reopenPayment: vi.fn() }));
vi.mock('../../../shared/payment/start-payment', () => ({ startPayment: vi.fn() }));

const order = {
  id: 41,
  orderSn: 'SHOP202505031200000041',
  status: 0,
  currency: 'USD',
  payAmount: 0,
  totalAmount: 9.98,
  orderSource: 'shop',
  thirdChannelName: 'paypal',
  payMethodName: 'PayPal',
  appId: 10030,
  createTime: '2025-05-03T12:00:00.000Z',
  paidTime: null,
  expireTime: null,
  items: [],
} satisfies Order;

describe('paying an order again (/purchaseOrder)', () => {
  const sink = vi.fn();
  beforeEach(() => {
    vi.mocked(reopenPayment).mockResolvedValue({ id: 'PAYPAL-1', links: [] });
    vi.mocked(payWithChannel).mockResolvedValue({
      thirdChannelName: 'payermax',
      thirdPayResponse: '{}',
      ptOrderId: 'PM-1',
      orderId: order.id,
      orderSn: order.orderSn,
      totalAmount: 9.98,
      currency: 'USD',
    });
    setAnalyticsSink(sink);
  });
  afterEach(() => {
    vi.clearAllMocks();
    setAnalyticsSink(undefined);
    setConfig(DEVELOPMENT_CONFIG);
  });

  it("sends the purchase event in production when the payment opens again with the order's provider", async () => {
    setConfig({ ...DEVELOPMENT_CONFIG, environment: 'production' });
    await payOrderAgain(order, { channel: 'paypal', regionCode: 'US' });
    expect(sink).toHaveBeenCalledWith('purchase', { transactionId: order.orderSn, channel: 'paypal', amount: 9.98, currency: 'USD' });
    expect(startPayment).toHaveBeenCalledWith({ orderId: 41, from: 'shop', channel: 'paypal' }, { id: 'PAYPAL-1', links: [] });
    // the event goes out before the player is handed to the provider (a redirect may follow)
    expect(sink.mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(startPayment).mock.invocationCallOrder[0]!);
  });

  it('sends it with the channel the order is paid with after a switch', async () => {
    setConfig({ ...DEVELOPMENT_CONFIG, environment: 'production' });
    await payOrderAgain({ ...order, orderSource: 'voucher' }, { channel: 'paypal', switchTo: { payMethodId: 'pm', thirdChannelId: 'tc' }, regionCode: 'BR' });
    expect(payWithChannel).toHaveBeenCalledWith(41, { payMethodId: 'pm', thirdChannelId: 'tc' }, 'BR');
    expect(sink).toHaveBeenCalledWith('purchase', { transactionId: order.orderSn, channel: 'payermax', amount: 9.98, currency: 'USD' });
    expect(startPayment).toHaveBeenCalledWith({ orderId: 41, from: 'voucher', channel: 'payermax' }, '{}');
  });

  it('sends nothing outside production, and nothing when the payment could not be opened', async () => {
    await payOrderAgain(order, { channel: 'paypal', regionCode: 'US' });
    expect(sink).not.toHaveBeenCalled();
    expect(startPayment).toHaveBeenCalledTimes(1);

    setConfig({ ...DEVELOPMENT_CONFIG, environment: 'production' });
    vi.mocked(reopenPayment).mockRejectedValueOnce(new Error('409 orderNotPayable'));
    await expect(payOrderAgain(order, { channel: 'paypal', regionCode: 'US' })).rejects.toThrow();
    expect(sink).not.toHaveBeenCalled();
  });
});
