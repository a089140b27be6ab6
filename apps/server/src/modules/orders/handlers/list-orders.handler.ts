import { listOrdersRoute, type OrderListTypeCode } from '@shop/contract/orders.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(listOrdersRoute, {
  handle: ({ input: { query }, ctx: { user, language }, services }) => services.orders.list(user.userId, query.type as OrderListTypeCode, query.pageNum, query.pageSize, language),
});
