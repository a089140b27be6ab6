import { opsDeliveryErrors } from '@shop/contract/ops';
import { defineHandler } from '../../../http/handler.ts';
import { deliveryErrors } from '../ops-queues.ts';

export const handler = defineHandler(opsDeliveryErrors, {
  handle: ({ input, services }) => deliveryErrors(services.db, input.query.limit),
});
