import { consoleRetryDelivery } from '@shop/contract/console/orders';
import { defineHandler } from '../../../../http/handler.ts';
import { ORDER_ENTITY } from '../../../payments/order-actions.ts';
import { inConsoleWords } from '../console-words.ts';

export const handler = defineHandler(consoleRetryDelivery, {
  handle: ({ input, tx, services }) => services.orderActions.retryDelivery(tx, input.params.id),
  audit: { kind: 'transaction', action: 'order.retryDelivery', entityType: ORDER_ENTITY, describe: (_input, { orderId, before, after }) => ({ entityId: orderId, before, after }) },
  answer: ({ orderId, status }) => ({ orderId, status }),
  rephrase: inConsoleWords,
});
