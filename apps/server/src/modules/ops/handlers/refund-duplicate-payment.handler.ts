import { opsRefundDuplicatePayment } from '@shop/contract/ops';
import { defineHandler } from '../../../http/handler.ts';
import { SECOND_PAYMENT_ENTITY } from '../../payments/order-actions.ts';

export const handler = defineHandler(opsRefundDuplicatePayment, {
  audit: {
    kind: 'providerCall',
    action: 'secondPayment.refund',
    entityType: SECOND_PAYMENT_ENTITY,
    prepare: async ({ input, services }) => ({ entityId: input.body.id, before: await services.orderActions.secondPaymentState(input.body.id) }),
    // An empty reason is no reason.
    request: ({ body }) => ({ reason: body.reason || null }),
    result: (payment) => ({ outcome: payment.status, payment }),
  },
  handle: ({ input, services }) => services.orderActions.refundSecondPayment(input.body.id, input.body.reason || undefined),
});
