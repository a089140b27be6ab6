import { queryOptions, useQuery } from '@tanstack/react-query';
import { listOrders, ORDERS_PAGE_SIZE, type OrderListTypeCode } from '@shop/contract/orders';
import type { Language } from '@shop/contract/languages';
import { call } from '../../../shared/api/client';
import { orderKeys } from '../../../shared/orders/order-keys';

/** Up to 50 orders of one tab (page 1). */
export const fetchMyOrders = (type: OrderListTypeCode) => call(listOrders, { query: { type, pageNum: 1, pageSize: ORDERS_PAGE_SIZE } });

export const myOrdersQuery = (type: OrderListTypeCode, language: Language) =>
  queryOptions({ queryKey: orderKeys.list(type, language), queryFn: () => fetchMyOrders(type) });

export const useMyOrders = (type: OrderListTypeCode, language: Language) => useQuery(myOrdersQuery(type, language));
