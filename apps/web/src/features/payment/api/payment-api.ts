import { paymentOutcome, type PaymentOutcome } from '@shop/contract/payment-return';
import { orderDetail, type Order } from '@shop/contract/orders';
import { cancelOrderAuto, payOrder } from '@shop/contract/shop-orders';
import { call } from '../../../shared/api/client';
import { findProvider } from '../../../shared/payment/providers/provider-map';

/**
 * How a payment ended, for the return page: by the provider's return reference (no session needed: the checkout may
 * have been handed to another browser), else by the order id with the session. Never sends anyone to /login.
 */
export async function fetchPaymentOutcome(target: { ref: string | null; orderId: number }): Promise<PaymentOutcome> {
  if (target.ref) return call(paymentOutcome, { body: { ref: target.ref }, silent: true, quiet: true });
  const order = await call(orderDetail, { body: { orderId: target.orderId }, silent: true, quiet: true, authRedirect: false });
  return { status: order.status, payAmount: order.payAmount || order.totalAmount, currency: order.currency };
}

/** Re-opens the payment of an unpaid order with its provider; answers in the shape of thirdPayResponse. */
export async function reopenPayment(order: Pick<Order, 'id' | 'orderSn' | 'thirdChannelName'>): Promise<unknown> {
  const provider = findProvider(order.thirdChannelName);
  if (!provider) throw new Error(`no provider for ${order.thirdChannelName ?? 'this order'}`);
  return provider.reopen(order);
}

/** Pays an unpaid order with another channel than the one it was created with (v1/order/pay); answers like order creation. */
export const payWithChannel = (orderId: number, channel: { payMethodId: string; thirdChannelId: string }, selectedRegionCode: string) =>
  call(payOrder, {
    body: { ids: [orderId], payType: 0, payMethodId: channel.payMethodId, thirdChannelId: channel.thirdChannelId, selectedRegionCode },
  });

/** The payment countdown ran out: the order closes (0 -> 4); an order the expiry job already closed answers 409, quietly. */
export const closeExpiredOrder = (orderId: number) => call(cancelOrderAuto, { body: { orderId }, quiet: true, silent: true });
