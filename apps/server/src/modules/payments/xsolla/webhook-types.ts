import { z } from 'zod';

/**
 * Xsolla webhook bodies, as much as the shop reads of them. Objects are loose: Xsolla adds fields over time and a
 * field we do not know must never make a genuine payment fail. Amounts are JSON numbers in major units (4.99).
 */

const Amount = z.looseObject({ currency: z.string().length(3), amount: z.number().finite() });

const Settings = z.looseObject({ project_id: z.number().int(), merchant_id: z.number().int() });

const User = z.looseObject({
  id: z.string().min(1),
  email: z.string().nullish(),
  country: z.string().nullish(),
});

const Transaction = z.looseObject({
  id: z.number().int(),
  /** Our order number, as sent in the token's settings.external_id. */
  external_id: z.string().min(1),
  /** 1 for a test payment (sandbox mode), 0 for real money. */
  dry_run: z.number().int().optional(),
  payment_date: z.string().optional(),
  payment_method: z.number().int().optional(),
});

/** `checkout` is the amount we put in the token; `total` is what Xsolla settled. At least one is present. */
const Purchase = z
  .looseObject({ checkout: Amount.optional(), total: Amount.optional() })
  .refine((purchase) => Boolean(purchase.checkout || purchase.total), 'purchase.checkout or purchase.total is required');

export const XsollaUserValidation = z.looseObject({
  notification_type: z.literal('user_validation'),
  settings: Settings,
  user: User,
});

export const XsollaPaymentNotification = z.looseObject({
  notification_type: z.literal('payment'),
  settings: Settings,
  purchase: Purchase,
  user: User,
  transaction: Transaction,
  custom_parameters: z.record(z.string(), z.unknown()).optional(),
});

export const XsollaRefundNotification = z.looseObject({
  notification_type: z.literal('refund'),
  settings: Settings,
  purchase: Purchase,
  user: User,
  transaction: Transaction,
  refund_details: z
    .looseObject({ code: z.number().int().optional(), reason: z.string().optional(), author: z.string().optional() })
    .optional(),
});

/** Newer projects' order events: `order.invoice_id` is the transaction id and amounts may come as strings. */
const Order = z.looseObject({
  id: z.number().int(),
  status: z.string(),
  amount: z.union([z.number(), z.string()]).optional(),
  currency: z.string().optional(),
  invoice_id: z.union([z.string(), z.number()]).nullish(),
});
const OrderUser = z.looseObject({ external_id: z.string().optional(), email: z.string().nullish() });

export const XsollaOrderPaid = z.looseObject({
  notification_type: z.literal('order_paid'),
  order: Order,
  user: OrderUser,
  custom_parameters: z.record(z.string(), z.unknown()).optional(),
});

export const XsollaOrderCanceled = z.looseObject({
  notification_type: z.literal('order_canceled'),
  order: Order,
  user: OrderUser,
});

/** Any webhook the shop handles; other notification types fail to parse and should be acknowledged without action. */
export const XsollaNotification = z.discriminatedUnion('notification_type', [
  XsollaUserValidation,
  XsollaPaymentNotification,
  XsollaRefundNotification,
  XsollaOrderPaid,
  XsollaOrderCanceled,
]);

export type XsollaUserValidation = z.infer<typeof XsollaUserValidation>;
export type XsollaPaymentNotification = z.infer<typeof XsollaPaymentNotification>;
export type XsollaRefundNotification = z.infer<typeof XsollaRefundNotification>;
export type XsollaOrderPaid = z.infer<typeof XsollaOrderPaid>;
export type XsollaOrderCanceled = z.infer<typeof XsollaOrderCanceled>;
export type XsollaNotification = z.infer<typeof XsollaNotification>;
