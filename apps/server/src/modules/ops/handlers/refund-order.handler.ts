import { opsRefundOrder } from '@shop/contract/ops';
import { defineHandler } from '../../../http/handler.ts';
import { ORDER_ENTITY, refundRequestOf } from '../../payments/order-actions.ts';

/** An empty reason is no reason. */
const requestOf = ({ reason, allowUnrecoveredVouchers }: { reason?: string | undefined; allowUnrecoveredVouchers?: boolean | undefined }) =>
  refundRequestOf({ reason: reason || undefined, allowUnrecoveredVouchers });

export const handler = defineHandler(opsRefundOrder, {
  audit: {
    kind: 'providerCall',
    action: 'order.refund',
    entityType: ORDER_ENTITY,
    prepare: async ({ input, services }) => ({ entityId: input.body.orderId, before: await services.orderActions.refundState(input.body.orderId) }),
    request: ({ body }) => requestOf(body),
    result: (refund) => ({ outcome: refund.status, refund }),
  },
  handle: ({ input, services }) => services.orderActions.refund(input.body.orderId, requestOf(input.body)),
});
