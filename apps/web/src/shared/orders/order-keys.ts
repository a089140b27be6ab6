import type { OrderListTypeCode } from '@shop/contract/orders';
import type { Language } from '@shop/contract/languages';
import { queryClient } from '../query/query-client';

/**
 * The query keys of the player's orders, shared by Order history, My Orders, the purchase order and the result screens:
 * a payment, a cancellation or a refund request changes an order's lists and details alike.
 */
export const orderKeys = {
  all: ['orders'] as const,
  lists: ['orders', 'list'] as const,
  list: (type: OrderListTypeCode, language: Language) => ['orders', 'list', type, language] as const,
  detail: (orderId: number) => ['orders', 'detail', orderId] as const,
  items: (orderId: number, language: Language) => ['orders', 'items', orderId, language] as const,
};

/** After a payment, a cancellation, a refund request or a delivery retry: every order list and detail is asked for again. */
export const invalidateOrders = () => queryClient.invalidateQueries({ queryKey: orderKeys.all });

/** After deleting an order: its lists (its detail is gone, asking for it again would only answer 404). */
export const invalidateOrderLists = () => queryClient.invalidateQueries({ queryKey: orderKeys.lists });
