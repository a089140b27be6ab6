import { consoleRejectRefundRequest } from '@shop/contract/console/orders';
import { defineHandler } from '../../../../http/handler.ts';
import { ORDER_ENTITY } from '../../../payments/order-actions.ts';
import { inConsoleWords } from '../console-words.ts';
import { refundRequestView } from '../order-detail.ts';

/** The operator's answer is kept in the audit entry; the request's view (read after the commit) shows it. */
export const handler = defineHandler(consoleRejectRefundRequest, {
  handle: ({ input, tx, services }) => services.orderActions.rejectRefundRequest(tx, input.params.id),
  audit: {
    kind: 'transaction',
    action: 'order.refundRequest.reject',
    entityType: ORDER_ENTITY,
    describe: ({ params, body }, { orderSn, reason }) => ({
      entityId: params.id,
      before: { orderSn, status: 'requested', reason },
      after: { orderSn, status: 'rejected', answer: body.reason ?? null },
    }),
  },
  answer: async (_rejected, { input, services }) => (await refundRequestView(services.db, input.params.id))!,
  rephrase: inConsoleWords,
});
