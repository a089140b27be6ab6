import { opsRefundRequests } from '@shop/contract/ops';
import { defineHandler } from '../../../http/handler.ts';
import { openRefundRequests } from '../ops-queues.ts';

export const handler = defineHandler(opsRefundRequests, {
  handle: ({ input, services }) => openRefundRequests(services.db, input.query.limit),
});
