import { cancelOrder, type Order } from '@shop/contract/orders';
import { deleteOrder, refundOrder } from '@shop/contract/shop-orders';
import { call } from '../../../shared/api/client';
import { invalidateOrderLists, invalidateOrders } from '../../../shared/orders/order-keys';

/** Runs a change to an order, then has every order list and detail asked for again. */
async function changing<T>(request: Promise<T>): Promise<T> {
  const answer = await request;
  void invalidateOrders();
  return answer;
}

export const cancelMyOrder = (order: Pick<Order, 'id' | 'orderSn'>) => changing(call(cancelOrder, { body: { orderId: order.id, orderSn: order.orderSn } }));
export const requestRefund = (orderId: number, reason?: string) => changing(call(refundOrder, { body: { orderId, ...(reason ? { reason } : {}) } }));
export async function deleteMyOrder(orderId: number) {
  const answer = await call(deleteOrder, { body: { orderId } });
  void invalidateOrderLists();
  return answer;
}
