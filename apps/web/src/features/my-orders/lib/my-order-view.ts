import { OrderListType, OrderStatus, type OrderListTypeCode } from '@shop/contract/orders';

export const MY_ORDER_TABS: readonly { type: OrderListTypeCode; label: string; key: string }[] = [
  { type: OrderListType.ALL, label: 'orders.tabAll', key: 'all' },
  { type: OrderListType.PENDING, label: 'orders.tabPending', key: 'pending' },
  { type: OrderListType.COMPLETE, label: 'orders.tabComplete', key: 'complete' },
  { type: OrderListType.CANCELLED, label: 'orders.tabCancelled', key: 'cancelled' },
];

export function myOrderTab(value: string | null): OrderListTypeCode {
  const type = Number(value);
  return MY_ORDER_TABS.some((tab) => tab.type === type) ? (type as OrderListTypeCode) : OrderListType.ALL;
}

export interface OrderActions {
  pay: boolean;
  cancel: boolean;
  refund: boolean;
  del: boolean;
  retryDelivery: boolean;
}

const REFUNDABLE: number[] = [OrderStatus.PAYMENT_COMPLETE, OrderStatus.ORDER_COMPLETE, OrderStatus.DELIVERY_ERROR];
const DELETABLE: number[] = [
  OrderStatus.ORDER_COMPLETE,
  OrderStatus.CLOSED,
  OrderStatus.CANCELLED,
  OrderStatus.REFUND_COMPLETE,
  OrderStatus.TRANSACTION_FAILED,
  OrderStatus.REFUNDED_AFTER_DELIVERY,
];

/**
 * What a list card offers before the detail (whose `actions` from the server are authoritative) is loaded: pay and
 * cancel while unpaid, a refund request once paid (free gifts cost nothing to refund), delete once finished, and the
 * delivery again after a Delivery Error (the order's delivery attempts have all failed by then).
 */
export function actionsOf(order: { status: number; totalAmount: number; orderSource: string; refundRequest?: unknown }): OrderActions {
  const unpaid = order.status === OrderStatus.AWAITING_PAYMENT;
  return {
    pay: unpaid,
    cancel: unpaid,
    refund: REFUNDABLE.includes(order.status) && order.totalAmount > 0 && !order.refundRequest,
    del: DELETABLE.includes(order.status),
    retryDelivery: order.status === OrderStatus.DELIVERY_ERROR,
  };
}
