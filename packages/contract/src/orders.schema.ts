import { z } from 'zod';
import { defineRoute } from './route.ts';
import { entityId, plainString } from './fields.ts';
import * as table from './orders.ts';
import { OrderListType, ORDERS_PAGE_SIZE } from './orders.ts';

export * from './orders.ts';

export const ThirdChannelName = z.enum(['xsolla', 'paypal', 'payermax']);
export type ThirdChannelNameValue = z.infer<typeof ThirdChannelName>;

export const OrderItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  desc: z.string(),
  thumb: z.string(),
  productCategoryId: z.number().int(),
  goodsType: z.number().int(),
  quantity: z.number().int(),
  currency: z.string(),
  price: z.number(),
  originalPrice: z.number(),
  voucherAmount: z.number().int(),
});
export type OrderItem = z.infer<typeof OrderItem>;

export const Order = z.object({
  id: z.number().int(),
  orderSn: z.string(),
  status: z.number().int(),
  currency: z.string(),
  payAmount: z.number(),
  totalAmount: z.number(),
  orderSource: z.string(),
  thirdChannelName: z.string().nullable(),
  payMethodName: z.string().nullable(),
  appId: z.number().int(),
  createTime: z.string(),
  paidTime: z.string().nullable(),
  expireTime: z.string().nullable(),
  items: z.array(OrderItem),
  /** Shop orders: the player's refund request (v1/order/refund), if any; detail only. */
  refundRequest: z.object({ status: z.string(), createTime: z.string() }).nullable().optional(),
  /**
   * A completed refund (status 6 or 9); detail only. Voucher orders: the vouchers taken back from the balance and those
   * already spent in the game, which stay with the player.
   */
  refund: z.object({ vouchersTakenBack: z.number().int(), vouchersUnrecovered: z.number().int(), completeTime: z.string() }).nullable().optional(),
});
export type Order = z.infer<typeof Order>;

export const OrderListQuery = z.object({
  type: z.coerce.number().int().min(1).max(4).default(OrderListType.ALL),
  pageNum: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ORDERS_PAGE_SIZE).default(ORDERS_PAGE_SIZE),
});

export const OrderList = z.object({
  list: z.array(Order),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});

export const listOrdersSchemas = {
  query: OrderListQuery,
  data: OrderList,
};
export const listOrdersRoute = defineRoute({ ...table.listOrders, ...listOrdersSchemas });

export const orderDetailSchemas = {
  body: z.object({ orderId: entityId }),
  data: Order,
};
export const orderDetailRoute = defineRoute({ ...table.orderDetail, ...orderDetailSchemas });

export const cancelOrderSchemas = {
  body: z.object({ orderId: entityId, orderSn: plainString().min(13).max(64).optional() }),
  data: Order,
};
export const cancelOrderRoute = defineRoute({ ...table.cancelOrder, ...cancelOrderSchemas });
