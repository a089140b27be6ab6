import { OrderListType, orderFooter, type Order, type OrderFooter, type OrderListTypeCode } from '@shop/contract/orders';

export const ORDER_TABS: readonly { type: OrderListTypeCode; label: string }[] = [
  { type: OrderListType.ALL, label: 'orders.tabAll' },
  { type: OrderListType.PENDING, label: 'orders.tabPending' },
  { type: OrderListType.COMPLETE, label: 'orders.tabComplete' },
  { type: OrderListType.CANCELLED, label: 'orders.tabCancelled' },
];

/** The `type` query parameter as a tab (All when missing or not one of 1-4). */
export function tabFromQuery(value: string | null): OrderListTypeCode {
  const type = Number(value);
  return ORDER_TABS.some((tab) => tab.type === type) ? (type as OrderListTypeCode) : OrderListType.ALL;
}

/** The footer label and the amount it shows: the order total while unpaid, what was paid afterwards. */
export function footerOf(order: Pick<Order, 'status' | 'payAmount' | 'totalAmount'>): {
  footer: OrderFooter;
  amount: number;
} {
  const footer = orderFooter(order.status);
  const amount = footer === 'orderTotal' ? order.totalAmount : order.payAmount || order.totalAmount;
  return { footer, amount };
}

/** Status 0-9 as an i18n key; anything else is shown as unknown. */
export const statusKey = (status: number) =>
  Number.isInteger(status) && status >= 0 && status <= 9 ? `status.${status}` : 'status.unknown';
