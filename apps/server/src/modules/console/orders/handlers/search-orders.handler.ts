import { consoleSearchOrders } from '@shop/contract/console/orders';
import { defineHandler } from '../../../../http/handler.ts';
import { searchOrders } from '../order-search.ts';

export const handler = defineHandler(consoleSearchOrders, {
  handle: ({ input, services }) => searchOrders(services.db, input.query),
});
