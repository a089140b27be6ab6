import { routeTable } from './route.ts';
import type * as schema from './orders.schema.ts';

export type { ThirdChannelNameValue, OrderItem, Order } from './orders.schema.ts';

/** Order status codes of spec section 4. */
export const OrderStatus = {
  AWAITING_PAYMENT: 0,
  PAYMENT_PROCESSING: 1,
  PAYMENT_COMPLETE: 2,
  ORDER_COMPLETE: 3,
  CLOSED: 4,
  CANCELLED: 5,
  REFUND_COMPLETE: 6,
  TRANSACTION_FAILED: 7,
  DELIVERY_ERROR: 8,
  REFUNDED_AFTER_DELIVERY: 9,
} as const;
export type OrderStatusCode = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUS_CODES = Object.values(OrderStatus) as OrderStatusCode[];

/** Tabs of the order list (`type`): All 1, Pending 2, Complete 3, Cancelled 4. */
export const OrderListType = { ALL: 1, PENDING: 2, COMPLETE: 3, CANCELLED: 4 } as const;
export type OrderListTypeCode = (typeof OrderListType)[keyof typeof OrderListType];

/** Which statuses each tab shows. Refunds sit with the cancelled ones (the spec footers cancelled orders "Refund Order"). */
export const ORDER_LIST_TYPE_STATUSES: Record<OrderListTypeCode, readonly OrderStatusCode[] | null> = {
  1: null,
  2: [OrderStatus.AWAITING_PAYMENT, OrderStatus.PAYMENT_PROCESSING],
  3: [OrderStatus.PAYMENT_COMPLETE, OrderStatus.ORDER_COMPLETE, OrderStatus.DELIVERY_ERROR],
  4: [
    OrderStatus.CLOSED,
    OrderStatus.CANCELLED,
    OrderStatus.REFUND_COMPLETE,
    OrderStatus.TRANSACTION_FAILED,
    OrderStatus.REFUNDED_AFTER_DELIVERY,
  ],
};

/**
 * Footer of an order card by status. The spec: awaiting/processing Order Total, complete Total Paid, cancelled Refund
 * Order. "Refund Order" is said only of an order that was paid and refunded (6, 9): a closed, cancelled or declined
 * order (4, 5, 7) was never paid, so it shows its Order Total like an unpaid one, not a refund that never happened.
 */
export type OrderFooter = 'orderTotal' | 'totalPaid' | 'refundOrder';
const REFUNDED: readonly number[] = [OrderStatus.REFUND_COMPLETE, OrderStatus.REFUNDED_AFTER_DELIVERY];
export function orderFooter(status: number): OrderFooter {
  if (ORDER_LIST_TYPE_STATUSES[3]!.includes(status as OrderStatusCode)) return 'totalPaid';
  if (REFUNDED.includes(status)) return 'refundOrder';
  return 'orderTotal';
}

/** An unpaid order the player can still pay or cancel. */
export const isPayable = (status: number) => status === OrderStatus.AWAITING_PAYMENT;

/** The order number is shown from its 13th character on (spec section 9). */
export const ORDER_SN_DISPLAY_FROM = 12;
export const displayOrderSn = (orderSn: string) => orderSn.slice(ORDER_SN_DISPLAY_FROM);

export const ORDERS_PAGE_SIZE = 50;

export const listOrders = routeTable<typeof schema.listOrdersSchemas>()({
  method: 'GET',
  path: '/v1/order/list/all',
  auth: 'user',
  summary: "The caller's orders, newest first, filtered by tab type",
});

export const orderDetail = routeTable<typeof schema.orderDetailSchemas>()({
  method: 'POST',
  path: '/v1/order/detail',
  auth: 'user',
  summary: "One of the caller's orders",
});

export const cancelOrder = routeTable<typeof schema.cancelOrderSchemas>()({
  method: 'POST',
  path: '/v1/order/cancel',
  auth: 'user',
  summary: "Cancel the caller's unpaid order (status 0 -> 5)",
});
