import { z } from 'zod';
import { entityId, freeText } from './fields.ts';
import { defineRoute } from './route.ts';

/**
 * The publisher's operators (support staff, back-office tools) call these with `Authorization: Bearer <OPS_API_TOKEN>`.
 * The spec shows no admin screens; these are the server-side actions the shop's money rules need a person for.
 */

export const RefundStatus = z.enum(['pending', 'completed', 'failed']);

export const RefundView = z.object({
  orderId: z.number().int(),
  orderSn: z.string(),
  orderStatus: z.number().int(),
  provider: z.string(),
  providerRefundId: z.string().nullable(),
  /** pending: asked, waiting for the provider's confirmation; completed: the order is 6 or 9; failed: see lastError. */
  status: RefundStatus,
  initiatedBy: z.enum(['operator', 'provider']),
  amountMinor: z.number().int(),
  currency: z.string(),
  /** Vouchers of a voucher order taken back from the player's balance. */
  vouchersTakenBack: z.number().int(),
  /** Vouchers of a voucher order already spent in the game when it was refunded: not recoverable. */
  vouchersUnrecovered: z.number().int(),
  /** A shop order's goods at the game: pending (being revoked), revoked, not-delivered (never reached it); null for vouchers. */
  gameRevokeStatus: z.enum(['pending', 'revoked', 'not-delivered']).nullable(),
  lastError: z.string().nullable(),
});
export type RefundView = z.infer<typeof RefundView>;

export const OpsRefundBody = z.object({
  orderId: entityId,
  reason: freeText(200).min(1).optional(),
  /** Refund a voucher order although some of its vouchers were spent in the game (409 refundVouchersSpent otherwise). */
  allowUnrecoveredVouchers: z.boolean().optional(),
});

export const opsRefundOrder = defineRoute({
  method: 'POST',
  path: '/ops/v1/orders/refund',
  auth: 'ops',
  summary:
    "Refund a paid order (2, 3 or 8) in full through its provider's refund API; the provider's confirmation completes it " +
    '(6 before delivery, 9 after, vouchers taken back). Repeating the call answers the refund in progress; a failed one may be retried.',
  body: OpsRefundBody,
  data: RefundView,
});

export const opsRejectRefundRequest = defineRoute({
  method: 'POST',
  path: '/ops/v1/orders/refund/reject',
  auth: 'ops',
  summary: "Reject a player's refund request (the order keeps its status)",
  body: z.object({ orderId: entityId }),
  data: z.null(),
});

export const OpsRefundRequest = z.object({
  orderId: z.number().int(),
  orderSn: z.string(),
  orderStatus: z.number().int(),
  provider: z.string().nullable(),
  payAmountMinor: z.number().int(),
  currency: z.string(),
  reason: z.string().nullable(),
  requestedAt: z.string(),
});

export const opsRefundRequests = defineRoute({
  method: 'GET',
  path: '/ops/v1/refund-requests',
  auth: 'ops',
  summary: "Players' refund requests waiting for a decision, oldest first",
  query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
  data: z.array(OpsRefundRequest),
});

export const opsRetryDelivery = defineRoute({
  method: 'POST',
  path: '/ops/v1/orders/delivery/retry',
  auth: 'ops',
  summary: 'Queue the delivery of an order in 8 (Delivery Error) again',
  body: z.object({ orderId: entityId }),
  data: z.object({ orderId: z.number().int(), status: z.number().int() }),
});

export const DuplicatePaymentStatus = z.enum(['open', 'refund_pending', 'refunded', 'refund_failed']);

export const DuplicatePaymentView = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderSn: z.string(),
  /** The provider that took the second payment, and its id there (PayPal capture, Xsolla transaction, PayerMax trade). */
  provider: z.string(),
  paymentId: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  /** open: nobody acted yet; refund_pending: asked, waiting for the provider's confirmation; refund_failed: see lastError. */
  status: DuplicatePaymentStatus,
  providerRefundId: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type DuplicatePaymentView = z.infer<typeof DuplicatePaymentView>;

export const opsDuplicatePayments = defineRoute({
  method: 'GET',
  path: '/ops/v1/payments/duplicates',
  auth: 'ops',
  summary:
    'Second payments: money a provider took for an order another payment had already paid (a session paid after a ' +
    'channel switch). They are never credited or delivered; refund them. Oldest first, by status (default: not refunded).',
  query: z.object({
    status: DuplicatePaymentStatus.optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  data: z.array(DuplicatePaymentView),
});

export const opsRefundDuplicatePayment = defineRoute({
  method: 'POST',
  path: '/ops/v1/payments/duplicates/refund',
  auth: 'ops',
  summary:
    "Refund a second payment in full through its provider's refund API; the order it duplicated is not touched. The " +
    "provider's confirmation marks it refunded. Repeating the call answers the refund in progress; a failed one may be retried.",
  body: z.object({ id: entityId, reason: freeText(200).min(1).optional() }),
  data: DuplicatePaymentView,
});

export const OpsDeliveryError = z.object({
  orderId: z.number().int(),
  orderSn: z.string(),
  appId: z.number().int(),
  orderSource: z.string(),
  paidAt: z.string().nullable(),
  /** The game server's last answer, from the delivery job that gave up. */
  lastError: z.string().nullable(),
});

export const opsDeliveryErrors = defineRoute({
  method: 'GET',
  path: '/ops/v1/orders/delivery-errors',
  auth: 'ops',
  summary: 'Paid orders in 8 (Delivery Error), oldest first, with the game server\'s last answer; retry them with orders/delivery/retry',
  query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
  data: z.array(OpsDeliveryError),
});

export const OpsDeadJob = z.object({
  id: z.number().int(),
  /** What the job does, e.g. order.deliver, payments.reconcile-order, ops.alert. */
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string(),
});

export const opsDeadJobs = defineRoute({
  method: 'GET',
  path: '/ops/v1/jobs/dead',
  auth: 'ops',
  summary: 'Background jobs that gave up after their last attempt (dead letters), most recent first; retry them with jobs/dead/retry',
  query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
  data: z.array(OpsDeadJob),
});

export const opsRetryDeadJob = defineRoute({
  method: 'POST',
  path: '/ops/v1/jobs/dead/retry',
  auth: 'ops',
  summary:
    'Run a dead job once more, now. If it fails again it is dead again (and does what giving up does, e.g. Delivery ' +
    'Error). 404 when the job is not dead (any more).',
  body: z.object({ id: entityId }),
  data: z.object({ id: z.number().int() }),
});
