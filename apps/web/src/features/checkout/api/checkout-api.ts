import { confirmOrders, createCartOrder, createProductOrder, type CreateCartOrderBody, type CreateProductOrderBody } from '@shop/contract/shop-orders';
import { call } from '../../../shared/api/client';

export const createProductOrderCall = (body: CreateProductOrderBody) => call(createProductOrder, { body });
export const createCartOrderCall = (body: CreateCartOrderBody) => call(createCartOrder, { body });
/** How the orders stand after paying (no spinner: the result page shows its own). */
export const confirmOrderStatus = (orderId: number) => call(confirmOrders, { body: { ids: [orderId] }, silent: true, quiet: true });
