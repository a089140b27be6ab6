import { opsRetryDelivery } from '@shop/contract/ops';
import { defineHandler } from '../../../http/handler.ts';
import { ORDER_ENTITY } from '../../payments/order-actions.ts';

export const handler = defineHandler(opsRetryDelivery, {
  handle: ({ input, tx, services }) => services.orderActions.retryDelivery(tx, input.body.orderId),
  audit: { kind: 'transaction', action: 'order.retryDelivery', entityType: ORDER_ENTITY, describe: (_input, { orderId, before, after }) => ({ entityId: orderId, before, after }) },
  answer: ({ orderId, status }) => ({ orderId, status }),
});
