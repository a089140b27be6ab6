import { z } from 'zod';
import { defineRoute } from './route.ts';
import { currencyCode, entityId, gameIdText, int4Id, regionCode, text } from './fields.ts';
import { ThirdChannelName } from './orders.schema.ts';
import { IdempotencyHeaders } from './idempotency.schema.ts';
import * as table from './checkout.ts';

export * from './checkout.ts';

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

export const createVoucherOrderSchemas = {
  headers: IdempotencyHeaders,
  body: CreateVoucherOrderBody,
  data: CreateOrderResult,
};
export const createVoucherOrderRoute = defineRoute({ ...table.createVoucherOrder, ...createVoucherOrderSchemas });

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

const orderRef = z.object({ orderId: entityId });

export const xsollaTokenSchemas = {
  body: orderRef,
  data: XsollaPayResponse,
};
export const xsollaTokenRoute = defineRoute({ ...table.xsollaToken, ...xsollaTokenSchemas });

export const payermaxOrderSchemas = {
  body: orderRef,
  data: PayermaxPayResponse,
};
export const payermaxOrderRoute = defineRoute({ ...table.payermaxOrder, ...payermaxOrderSchemas });

export const paypalOrderSchemas = {
  body: orderRef.extend({ orderSn: text(64) }),
  data: z.object({ thirdOrderId: z.string(), payerActionUrl: z.string() }),
};
export const paypalOrderRoute = defineRoute({ ...table.paypalOrder, ...paypalOrderSchemas });

export const paypalCaptureSchemas = {
  body: orderRef.partial().extend({ orderSn: text(64).optional(), thirdOrderId: text(64) }),
  data: z.object({ status: z.number().int(), orderId: z.number().int() }),
};
export const paypalCaptureRoute = defineRoute({ ...table.paypalCapture, ...paypalCaptureSchemas });

/** Where the payment pages come from: `from` of /payment/return and /payment/cancel. */
export const PaymentFrom = z.enum(['voucher', 'shop']);
