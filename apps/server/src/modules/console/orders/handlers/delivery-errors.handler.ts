import { consoleDeliveryErrors } from '@shop/contract/console/orders';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleDeliveryErrors, {
  handle: ({ input, services }) => services.orderQueues.deliveryErrors(input.query),
});
