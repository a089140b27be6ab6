import { consoleRefundSecondPayment } from '@shop/contract/console/orders';
import { defineHandler } from '../../../../http/handler.ts';
import { SECOND_PAYMENT_ENTITY } from '../../../payments/order-actions.ts';
import { inConsoleWords } from '../console-words.ts';

export const handler = defineHandler(consoleRefundSecondPayment, {
  audit: {
    kind: 'providerCall',
    action: 'secondPayment.refund',
    entityType: SECOND_PAYMENT_ENTITY,
    prepare: async ({ input, services }) => ({ entityId: input.params.id, before: await services.orderActions.secondPaymentState(input.params.id) }),
    request: ({ body }) => ({ reason: body.reason ?? null }),
    result: (payment) => ({ outcome: payment.status, payment }),
  },
  handle: ({ input, services }) => services.orderActions.refundSecondPayment(input.params.id, input.body.reason),
  rephrase: inConsoleWords,
});
