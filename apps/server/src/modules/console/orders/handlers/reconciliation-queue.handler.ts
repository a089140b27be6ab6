import { consoleReconciliationQueue } from '@shop/contract/console/orders';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleReconciliationQueue, {
  handle: ({ input, services }) => services.orderQueues.reconciliationQueue(input.query),
});
