import { opsRejectRefundRequest } from '@shop/contract/ops';
import { defineHandler } from '../../../http/handler.ts';
import { ORDER_ENTITY } from '../../payments/order-actions.ts';

export const handler = defineHandler(opsRejectRefundRequest, {
  handle: ({ input, tx, services }) => services.orderActions.rejectRefundRequest(tx, input.body.orderId),
  audit: {
    kind: 'transaction',
    action: 'order.refundRequest.reject',
    entityType: ORDER_ENTITY,
    describe: ({ body }, { orderSn, reason }) => ({
      entityId: body.orderId,
      before: { orderSn, status: 'requested', reason },
      after: { orderSn, status: 'rejected', answer: null },
    }),
  },
  answer: () => null,
});
