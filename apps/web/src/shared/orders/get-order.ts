import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderDetail } from '@shop/contract/orders';
import { call } from '../api/client';
import { orderKeys } from './order-keys';

/** v1/order/detail: an order with its items, payment and refund. */
export const fetchOrder = (orderId: number) => call(orderDetail, { body: { orderId } });

export const orderQuery = (orderId: number) => queryOptions({ queryKey: orderKeys.detail(orderId), queryFn: () => fetchOrder(orderId) });

/** The order (null: nothing to load yet, e.g. an invalid id in the address). */
export const useOrder = (orderId: number | null) => useQuery({ ...orderQuery(orderId ?? 0), enabled: orderId !== null });
