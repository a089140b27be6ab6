import { z } from 'zod';
import { defineRoute } from './route.ts';
import { currencyCode, entityId, gameIdText, int4Id, regionCode, text } from './fields.ts';
import { ThirdChannelName } from './orders.ts';
import { IdempotencyHeaders } from './idempotency.ts';

export const CreateVoucherOrderBody = z.object({
  appId: int4Id,
  /** The game's roleId of the caller's game account. */
  gameRoleId: gameIdText,
  regionCode,
  selectedRegionCode: regionCode,
  /** Voucher product id. */
  id: int4Id,
  payMethodName: text(100),
  payMethodId: text(64),
  quantity: z.literal(1),
  thirdChannelId: text(64),
  voucherSn: text(64),
  orderSource: z.literal('voucher'),
  /** The price the client showed (the discounted price, productDiscountPrice); when sent it must equal our catalogue's, but it is never what we charge. */
  productPrice: z.number().nonnegative().optional(),
  currency: currencyCode.optional(),
});
export type CreateVoucherOrderBody = z.input<typeof CreateVoucherOrderBody>;

export const CreateOrderResult = z.object({
  thirdChannelName: ThirdChannelName,
  /** The provider's answer as a JSON string: see XsollaPayResponse, PaypalPayResponse, PayermaxPayResponse. */
  thirdPayResponse: z.string(),
  ptOrderId: z.string(),
  orderId: z.number().int(),
  orderSn: z.string(),
  totalAmount: z.number(),
  currency: z.string(),
});
export type CreateOrderResult = z.infer<typeof CreateOrderResult>;

export const createVoucherOrder = defineRoute({
  method: 'POST',
  path: '/v1/voucher/create/order',
  auth: 'user',
  summary: 'Create a voucher order (quantity 1, price from the catalogue) and open the payment with its provider',
  headers: IdempotencyHeaders,
  body: CreateVoucherOrderBody,
  data: CreateOrderResult,
});

/** thirdPayResponse for xsolla: a Pay Station token, or the reason none could be had. */
export const XsollaPayResponse = z.object({ token: z.string().optional(), errorMessage: z.string().optional() });
/** thirdPayResponse for paypal: the PayPal order (id, status, links with rel payer-action), or an error message. */
export const PaypalPayResponse = z.object({
  id: z.string().optional(),
  status: z.string().optional(),
  links: z.array(z.object({ rel: z.string(), href: z.string(), method: z.string().optional() })).optional(),
  errorMessage: z.string().optional(),
});
/** thirdPayResponse for payermax: PayerMax's orderAndPay answer as it came. */
export const PayermaxPayResponse = z.object({
  code: z.string(),
  msg: z.string().optional(),
  data: z.object({ redirectUrl: z.string().optional(), outTradeNo: z.string().optional() }).nullish(),
});

export const payerActionLink = (response: z.infer<typeof PaypalPayResponse>) =>
  response.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;

const orderRef = z.object({ orderId: entityId });

export const xsollaToken = defineRoute({
  method: 'POST',
  path: '/api/v1/xsolla/token',
  auth: 'user',
  summary: "A Pay Station token for the caller's unpaid Xsolla order",
  body: orderRef,
  data: XsollaPayResponse,
});

export const payermaxOrder = defineRoute({
  method: 'POST',
  path: '/api/v1/payermax/payermaxlOrder',
  auth: 'user',
  summary: "PayerMax hosted checkout for the caller's unpaid order (ORDER_REPEAT with the same redirectUrl when applied before)",
  body: orderRef,
  data: PayermaxPayResponse,
});

export const paypalOrder = defineRoute({
  method: 'POST',
  path: '/v1/pay/paypalOrder',
  auth: 'user',
  summary: "Create (or reuse) the PayPal order for the caller's unpaid order",
  body: orderRef.extend({ orderSn: text(64) }),
  data: z.object({ thirdOrderId: z.string(), payerActionUrl: z.string() }),
});

export const paypalCapture = defineRoute({
  method: 'POST',
  path: '/v1/pay/paypalCapture',
  auth: 'none',
  summary: 'Capture an approved PayPal order (from the return page); settles the order when the capture completes',
  body: orderRef.partial().extend({ orderSn: text(64).optional(), thirdOrderId: text(64) }),
  data: z.object({ status: z.number().int(), orderId: z.number().int() }),
});

/** Where the payment pages come from: `from` of /payment/return and /payment/cancel. */
export const PaymentFrom = z.enum(['voucher', 'shop']);
