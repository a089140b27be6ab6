import { cancelOrder, listOrders, ORDERS_PAGE_SIZE, type Order, type OrderListTypeCode } from '@shop/contract/orders';
import { deleteOrder, orderItemDetail, refundOrder } from '@shop/contract/shop-orders';
import { call } from '../../../shared/api/client';

export const fetchMyOrders = (type: OrderListTypeCode) => call(listOrders, { query: { type, pageNum: 1, pageSize: ORDERS_PAGE_SIZE } });
export const fetchOrderDetail = (orderId: number) => call(orderItemDetail, { body: { orderId } });
export const cancelMyOrder = (order: Pick<Order, 'id' | 'orderSn'>) => call(cancelOrder, { body: { orderId: order.id, orderSn: order.orderSn } });
export const requestRefund = (orderId: number, reason?: string) => call(refundOrder, { body: { orderId, ...(reason ? { reason } : {}) } });
export const deleteMyOrder = (orderId: number) => call(deleteOrder, { body: { orderId } });
