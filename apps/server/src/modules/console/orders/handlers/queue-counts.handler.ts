import { consoleQueueCounts } from '@shop/contract/console/orders';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleQueueCounts, {
  handle: ({ services }) => services.orderQueues.counts(),
});
