import { consoleOrderFilters } from '@shop/contract/console/orders';
import { ThirdChannelName } from '@shop/contract/orders.schema';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleOrderFilters, {
  handle: async ({ services }) => ({ games: await services.games.names(), providers: [...ThirdChannelName.options] }),
});
