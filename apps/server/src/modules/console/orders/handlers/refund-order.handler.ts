import { consoleRefundOrder } from '@shop/contract/console/orders';
import { defineHandler } from '../../../../http/handler.ts';
import { ORDER_ENTITY, refundRequestOf } from '../../../payments/order-actions.ts';
import { inConsoleWords } from '../console-words.ts';

export const handler = defineHandler(consoleRefundOrder, {
  audit: {
    kind: 'providerCall',
    action: 'order.refund',
    entityType: ORDER_ENTITY,
    prepare: async ({ input, services }) => ({ entityId: input.params.id, before: await services.orderActions.refundState(input.params.id) }),
    request: ({ body }) => refundRequestOf(body),
    result: (refund) => ({ outcome: refund.status, refund }),
  },
  handle: ({ input, services }) => services.orderActions.refund(input.params.id, refundRequestOf(input.body)),
  rephrase: inConsoleWords,
});
