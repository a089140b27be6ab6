import { OrderStatus, orderDetail } from '@shop/contract/orders';
import { confirmOrders } from '@shop/contract/shop-orders';
import { call } from '../api/client';
import { pollStatus } from '../lib/poll-status';

/**
 * Delivery Error (8), the player's way out (My Orders, the purchase result): v1/order/confirm with the order's id and
 * retryDelivery queues its delivery to the game again. The answer is the status as it is now, still 8 until the queued job has run.
 */
export async function queueDeliveryRetry(orderId: number): Promise<void> {
  await call(confirmOrders, { body: { ids: [orderId], retryDelivery: true } });
}

/**
 * After a retry was queued: the order's status once it left 8 (3 when the game took the goods), or the last one seen
 * after about 30 s (still 8: the game has not taken them yet).
 */
export async function waitForRetriedDelivery(orderId: number, signal?: AbortSignal): Promise<number | undefined> {
  const { value } = await pollStatus({
    load: () => call(orderDetail, { body: { orderId }, silent: true, quiet: true }),
    statusOf: (order) => order.status,
    until: (status) => status !== OrderStatus.DELIVERY_ERROR,
    signal,
  });
  return value?.status;
}
