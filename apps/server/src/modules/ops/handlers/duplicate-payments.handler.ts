import { opsDuplicatePayments } from '@shop/contract/ops';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(opsDuplicatePayments, {
  handle: ({ input, services }) => services.duplicatePayments.list(input.query.status, input.query.limit),
});
