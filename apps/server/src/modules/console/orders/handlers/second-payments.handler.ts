import { consoleSecondPayments } from '@shop/contract/console/orders';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleSecondPayments, {
  handle: ({ input, services }) => services.orderQueues.secondPayments(input.query.status, input.query),
});
