import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderItemDetail } from '@shop/contract/shop-orders';
import type { Language } from '@shop/contract/languages';
import { call } from '../../../shared/api/client';
import { orderKeys } from '../../../shared/orders/order-keys';

/** An order's goods, receiving account and refund request (no spinner: shared/api/create-client.ts NO_SPINNER_PATHS). */
export const fetchOrderItemDetail = (orderId: number) => call(orderItemDetail, { body: { orderId } });

export const orderItemDetailQuery = (orderId: number, language: Language) =>
  queryOptions({ queryKey: orderKeys.items(orderId, language), queryFn: () => fetchOrderItemDetail(orderId) });

/** orderId null: no order is open. */
export const useOrderItemDetail = (orderId: number | null, language: Language) =>
  useQuery({ ...orderItemDetailQuery(orderId ?? 0, language), enabled: orderId !== null });
