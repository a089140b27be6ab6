import { consoleRefundRequests } from '@shop/contract/console/orders';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleRefundRequests, {
  handle: ({ input, services }) => services.orderQueues.refundRequests(input.query),
});
