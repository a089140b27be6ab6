import { OrderStatus } from '@shop/contract/orders';
import { repeatOrder } from '@shop/contract/shop-orders';
import { call } from '../api/client';

/**
 * Where "Pay again" leads: to a payable order on the purchase order screen. An unpaid order (0: cancelled at the
 * provider, or a card the provider declined and still takes payment for) is paid again itself; a declined one (7) is final, so
 * the server places a new order for the same goods (v1/order/repeat) and that one is paid.
 */
export async function payAgainPath(order: { id: number; status: number }): Promise<string> {
  if (order.status !== OrderStatus.TRANSACTION_FAILED) return `/purchaseOrder?id=${order.id}`;
  const repeated = await call(repeatOrder, { body: { orderId: order.id } });
  return `/purchaseOrder?id=${repeated.orderId}`;
}

/** The statuses after which "Pay again" is offered: still unpaid, or declined. */
export const canPayAgain = (status: number | undefined) =>
  status === OrderStatus.AWAITING_PAYMENT || status === OrderStatus.TRANSACTION_FAILED;
