import { cancelOrder, listOrders, ORDERS_PAGE_SIZE, type Order, type OrderListTypeCode } from '@shop/contract/orders';
import { call } from '../../../shared/api/client';

/** Up to 50 orders of one tab (page 1). */
export const fetchOrders = (type: OrderListTypeCode) =>
  call(listOrders, { query: { type, pageNum: 1, pageSize: ORDERS_PAGE_SIZE } });

export const cancelPayment = (order: Pick<Order, 'id' | 'orderSn'>) =>
  call(cancelOrder, { body: { orderId: order.id, orderSn: order.orderSn } });
