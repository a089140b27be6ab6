import { cancelOrder, type Order } from '@shop/contract/orders';
import { call } from '../../../shared/api/client';
import { invalidateOrders } from '../../../shared/orders/order-keys';

/** Cancels an unpaid order; every order list and detail is asked for again. */
export async function cancelPayment(order: Pick<Order, 'id' | 'orderSn'>) {
  const answer = await call(cancelOrder, { body: { orderId: order.id, orderSn: order.orderSn } });
  void invalidateOrders();
  return answer;
}
