import { routeTable } from './route.ts';
import type * as schema from './checkout.schema.ts';

export type { CreateVoucherOrderBody, CreateOrderResult } from './checkout.schema.ts';

export const createVoucherOrder = routeTable<typeof schema.createVoucherOrderSchemas>()({
  method: 'POST',
  path: '/v1/voucher/create/order',
  auth: 'user',
  summary: 'Create a voucher order (quantity 1, price from the catalogue) and open the payment with its provider',
});

/** PayPal's page where the payer approves the order (PaypalPayResponse's links). */
export const payerActionLink = (response: { links?: { rel: string; href: string }[] }) =>
  response.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;

export const xsollaToken = routeTable<typeof schema.xsollaTokenSchemas>()({
  method: 'POST',
  path: '/api/v1/xsolla/token',
  auth: 'user',
  summary: "A Pay Station token for the caller's unpaid Xsolla order",
});

export const payermaxOrder = routeTable<typeof schema.payermaxOrderSchemas>()({
  method: 'POST',
  path: '/api/v1/payermax/payermaxlOrder',
  auth: 'user',
  summary: "PayerMax hosted checkout for the caller's unpaid order (ORDER_REPEAT with the same redirectUrl when applied before)",
});

export const paypalOrder = routeTable<typeof schema.paypalOrderSchemas>()({
  method: 'POST',
  path: '/v1/pay/paypalOrder',
  auth: 'user',
  summary: "Create (or reuse) the PayPal order for the caller's unpaid order",
});

export const paypalCapture = routeTable<typeof schema.paypalCaptureSchemas>()({
  method: 'POST',
  path: '/v1/pay/paypalCapture',
  auth: 'none',
  summary: 'Capture an approved PayPal order (from the return page); settles the order when the capture completes',
});
