import { consolePlayerOrders } from '@shop/contract/console/players';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consolePlayerOrders, {
  handle: ({ input, services }) => services.playerDirectory.orders(input.params.id, input.query),
});
