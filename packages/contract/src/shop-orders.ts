import { z } from 'zod';
import { defineRoute } from './route.ts';
import { currencyCode, entityId, freeText, int4Id, regionCode, text } from './fields.ts';
import { CreateOrderResult } from './checkout.schema.ts';
import { IdempotencyHeaders } from './idempotency.schema.ts';

/**
 * Shop orders (issue 4): buying gems, VIP passes and other items for a bound game account, and the My Orders actions.
 * `v1/order/list/all`, `v1/order/detail` and `v1/order/cancel` live in ./orders.ts and serve shop orders too
 * (orderSource "shop" or "gift"). Prices always come from the catalogue; a client price that differs is refused (409).
 * Another player's order answers 404 like an order that does not exist.
 */

/** Cart rule of spec section 5: at most 10 items (units, the sum of quantities) per transaction. */
export const MAX_ITEMS_PER_ORDER = 10;
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10;

const appId = int4Id;

/** 1..10, integers only: 0, negatives, 11 and 1.5 are refused with 400 and nothing is written. */
export const Quantity = z.number().int().min(MIN_QUANTITY).max(MAX_QUANTITY);

/** The payment channel picked (from v1/pay/channel/list/{appId}/{regionCode}). */
const channelFields = {
  payMethodId: text(64),
  thirdChannelId: text(64),
  payMethodName: text(100).optional(),
  /** The player's region (user/ip/country); defaults to US. */
  regionCode: regionCode.optional(),
  /** The region picked in the selector, whose channel list was shown; defaults to regionCode. */
  selectedRegionCode: regionCode.optional(),
};

export const CreateProductOrderBody = z.object({
    appId,
    /** The caller's bound game account that receives the goods (v1/role/list `id`). */
    gameAccountId: entityId,
    /** A visible gems, VIP or other product of this game (not free, not a voucher, not hidden, not 9521). */
    productId: int4Id,
    quantity: Quantity,
    ...channelFields,
    /** The unit price the client showed (major units, discounted); refused with 409 when it is not the catalogue's. */
    productPrice: z.number().nonnegative().optional(),
    currency: currencyCode.optional(),
  });
export type CreateProductOrderBody = z.input<typeof CreateProductOrderBody>;

export const createProductOrder = defineRoute({
  method: 'POST',
  path: '/v1/order/product/create',
  auth: 'user',
  summary:
    'Buy one product (quantity 1..10) for a bound game account: order priced from the catalogue, payment opened with the channel\'s provider (same answer as the voucher order), expires unpaid after ORDER_EXPIRY_MINUTES',
  headers: IdempotencyHeaders,
  body: CreateProductOrderBody,
  data: CreateOrderResult,
});

export const CartLine = z.object({ productId: int4Id, quantity: Quantity });

export const CreateCartOrderBody = z.object({
    appId,
    gameAccountId: entityId,
    /** 1..10 lines, each product at most once, at most MAX_ITEMS_PER_ORDER units in all. */
    items: z.array(CartLine).min(1).max(MAX_ITEMS_PER_ORDER),
    ...channelFields,
  });
export type CreateCartOrderBody = z.input<typeof CreateCartOrderBody>;

export const createCartOrder = defineRoute({
  method: 'POST',
  path: '/v1/order/create',
  auth: 'user',
  summary:
    'Create one order from several cart lines (at most 10 items in all, each product once) for a bound game account and open its payment',
  headers: IdempotencyHeaders,
  body: CreateCartOrderBody,
  data: CreateOrderResult,
});

const OrderRef = z.object({ orderId: entityId });

/** The goods of an order (spec: order goods detail productName, productThumbnail, num). */
export const OrderGoods = z.object({
  productId: z.number().int(),
  productName: z.string(),
  productDesc: z.string(),
  productThumbnail: z.string(),
  num: z.number().int(),
  goodsType: z.number().int(),
  productCategoryId: z.number().int(),
  currency: z.string(),
  /** Unit price charged, major units. */
  price: z.number(),
  originalPrice: z.number(),
});

/** A refund request of the player (provider refunds proper are issue 5). */
export const RefundRequestInfo = z.object({
  id: z.number().int(),
  /** requested (waiting for an operator/provider), refunded, rejected */
  status: z.enum(['requested', 'refunded', 'rejected']),
  reason: z.string().nullable(),
  createTime: z.string(),
});
export type RefundRequestInfo = z.infer<typeof RefundRequestInfo>;

export const OrderItemDetail = z.object({
  orderId: z.number().int(),
  orderSn: z.string(),
  status: z.number().int(),
  orderSource: z.string(),
  currency: z.string(),
  payAmount: z.number(),
  goods: z.array(OrderGoods),
  /** The game account the goods go to. */
  gameAccount: z
    .object({ id: z.number().int(), gameId: z.string(), roleId: z.string(), roleName: z.string(), serverName: z.string(), gameName: z.string() })
    .nullable(),
  refundRequest: RefundRequestInfo.nullable(),
  /** When the goods reached the game (status 3), else null. */
  deliveredTime: z.string().nullable(),
  /** What the player may do now. */
  actions: z.object({
    pay: z.boolean(),
    cancel: z.boolean(),
    refund: z.boolean(),
    del: z.boolean(),
    /** 8 (Delivery Error): v1/order/confirm with this order's id queues its delivery again. */
    retryDelivery: z.boolean(),
  }),
});
export type OrderItemDetail = z.infer<typeof OrderItemDetail>;

export const orderItemDetail = defineRoute({
  method: 'POST',
  path: '/v1/order/item/detail',
  auth: 'user',
  summary:
    "The goods of one of the caller's orders with the receiving game account, the refund request (if any), delivery time and the actions allowed now (no spinner on the client)",
  body: OrderRef,
  data: OrderItemDetail,
});

export const OrderStatusResult = z.object({ orderId: z.number().int(), orderSn: z.string(), status: z.number().int() });

export const cancelOrderAuto = defineRoute({
  method: 'POST',
  path: '/v1/order/cancel/auto',
  auth: 'user',
  summary:
    "The purchase page's payment countdown ran out: closes the caller's unpaid order (0 -> 4 Close Order); any other status is 409",
  body: OrderRef,
  data: OrderStatusResult,
});

export const confirmOrders = defineRoute({
  method: 'POST',
  path: '/v1/order/confirm',
  auth: 'user',
  summary:
    "How the caller's orders stand after paying (1..10 ids, any unknown or foreign id is 404); the purchase result page " +
    'polls it. With retryDelivery, orders in 8 (Delivery Error) get their delivery queued again (the Retry delivery ' +
    'button; one retry at a time per order); without it the call changes nothing.',
  body: z.object({ ids: z.array(entityId).min(1).max(10), retryDelivery: z.boolean().optional() }),
  data: z.array(OrderStatusResult),
});

export const deleteOrder = defineRoute({
  method: 'POST',
  path: '/v1/order/del',
  auth: 'user',
  summary:
    "Remove one of the caller's finished orders from My Orders (soft delete; allowed in 3, 4, 5, 6, 7, 9 only, else 409)",
  body: OrderRef,
  data: z.object({ orderId: z.number().int() }),
});

/** Pay type map of spec section 3: 0 none, 1 paypal. */
export const PayType = { NONE: 0, PAYPAL: 1 } as const;

export const PayOrderBody = z.object({
    /** One unpaid order of the caller (a list for the spec's payload; paying several at once is not offered: 400). */
    ids: z.array(entityId).min(1).max(1),
    /** 0 keep the order's channel, 1 paypal (spec map). Ignored when a channel is given. */
    payType: z.coerce.number().int().min(0).max(1).optional(),
    /** Pay with another channel than the one chosen at creation (purchase order screen). */
    payMethodId: text(64).optional(),
    thirdChannelId: text(64).optional(),
    selectedRegionCode: regionCode.optional(),
  });

export const payOrder = defineRoute({
  method: 'POST',
  path: '/v1/order/pay',
  auth: 'user',
  summary:
    "Pay (again) for the caller's unpaid order (status 0), optionally with another channel: re-opens the payment with the provider under the same order number (idempotent) and answers like order creation",
  body: PayOrderBody,
  data: CreateOrderResult,
});

export const repeatOrder = defineRoute({
  method: 'POST',
  path: '/v1/order/repeat',
  auth: 'user',
  summary:
    "Pay again after a declined payment: a new order for the same goods and game account as the caller's order in 7 " +
    '(Transaction Failed), priced from the catalogue, with the same payment method while its region offers it (else ' +
    "the region's first), its payment opened as on creation (same answer); any other status is 409",
  headers: IdempotencyHeaders,
  body: OrderRef,
  data: CreateOrderResult,
});

export const refundOrder = defineRoute({
  method: 'POST',
  path: '/v1/order/refund',
  auth: 'user',
  summary:
    "Ask for a refund of the caller's paid order (2, 3 or 8): recorded once (a second request is 409), shown in order detail; the order status moves to 6 or 9 only when the refund is made (issue 5)",
  body: z.object({ orderId: entityId, reason: freeText(500).optional() }),
  data: RefundRequestInfo,
});
