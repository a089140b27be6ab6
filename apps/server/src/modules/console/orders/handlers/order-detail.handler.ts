import { consoleOrderDetail } from '@shop/contract/console/orders';
import { defineHandler } from '../../../../http/handler.ts';
import { orderDetail } from '../order-detail.ts';

export const handler = defineHandler(consoleOrderDetail, {
  handle: ({ input, services }) => orderDetail(services.db, input.params.id),
});
