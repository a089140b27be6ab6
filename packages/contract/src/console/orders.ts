import { z } from 'zod';
import { entityId, freeText, int4Id, plainString } from '../fields.ts';
import { DuplicatePaymentStatus, DuplicatePaymentView, RefundView } from '../ops.ts';
import { ThirdChannelName } from '../orders.schema.ts';
import { defineRoute } from '../route.ts';
import { Permission } from './access.ts';
import { cursorPaging, LIST_COUNT_CAP, pageLinks, TimedCursor } from './paging.ts';

/**
 * The console's orders (issue 12): search, the order's page, the actions on it (refund through the provider, retry the
 * delivery, answer the player's refund request) and the work queues (delivery errors, refund requests, second payments,
 * orders waiting for reconciliation). Money is in minor units everywhere.
 */

export const ORDER_PAGE_SIZES = [10, 20, 50, 100] as const;

/** An optional filter text: empty means "no filter". */
const filterText = (max: number) => plainString().max(max).optional();

/** Dates of a range: ISO 8601 with a time zone (the console sends UTC). */
const instant = z.iso.datetime({ offset: true });

/** Every list here is paged by keyset: a cursor of (time, id) in the list's order (paging.ts). */
const paging = cursorPaging(TimedCursor);

/** "2" or "2,8": order status codes (0-9). */
const statusList = plainString()
  .max(40)
  .regex(/^[0-9](,[0-9])*$/, 'status codes 0-9, separated by commas')
  .transform((value) => [...new Set(value.split(',').map(Number))]);

export const OrderSearchQuery = z
  .object({
    /**
     * The one search box: an order number (the full one, or its tail from the 13th character as players read it), a
     * provider's transaction id, or the player's e-mail or phone number.
     */
    q: filterText(100),
    /** Order number: full, or its tail from the 13th character. */
    orderSn: filterText(64),
    /** The player's e-mail or phone number (E.164, with or without +). */
    player: filterText(254),
    /** A game role: role id, game account id (the game's ID) or the start of the role name. */
    role: filterText(100),
    /** A provider's id: the order's payment session, a payment, a refund, a second payment. */
    transactionId: filterText(200),
    status: statusList.optional(),
    provider: ThirdChannelName.optional(),
    appId: int4Id.optional(),
    /** Created at or after / at or before. */
    from: instant.optional(),
    to: instant.optional(),
    ...paging,
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), { message: 'from must not be after to', path: ['from'] });
export type OrderSearchQuery = z.input<typeof OrderSearchQuery>;

export const ConsoleOrderRole = z.object({
  gameAccountId: z.number().int(),
  serverId: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  /** The game's account id ("game ID"). */
  accountId: z.string(),
});
export type ConsoleOrderRole = z.infer<typeof ConsoleOrderRole>;

export const ConsoleOrderSummary = z.object({
  id: z.number().int(),
  orderSn: z.string(),
  /** Order status code (contract orders.ts OrderStatus). */
  status: z.number().int(),
  orderSource: z.string(),
  appId: z.number().int(),
  gameName: z.string().nullable(),
  currency: z.string(),
  totalAmountMinor: z.number().int(),
  payAmountMinor: z.number().int(),
  provider: z.string().nullable(),
  payMethodName: z.string().nullable(),
  userId: z.number().int(),
  playerEmail: z.string().nullable(),
  playerMobile: z.string().nullable(),
  role: ConsoleOrderRole.nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type ConsoleOrderSummary = z.infer<typeof ConsoleOrderSummary>;

const page = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    /** Matching rows, counted up to LIST_COUNT_CAP (`totalCapped` when there are more). */
    total: z.number().int(),
    totalCapped: z.boolean(),
    pageSize: z.number().int(),
    ...pageLinks,
  });

export const consoleSearchOrders = defineRoute({
  method: 'GET',
  path: '/console/v1/orders',
  auth: 'operator',
  permission: Permission.ORDERS_READ,
  summary:
    'Searches orders, newest first (by creation time, then id): by order number (full or its tail from the 13th ' +
    'character), player e-mail or phone, game role, provider transaction id, status, provider, game and creation time. ' +
    `Paged by cursor; the total is counted up to ${LIST_COUNT_CAP}.`,
  query: OrderSearchQuery,
  data: page(ConsoleOrderSummary),
});

export const consoleOrderFilters = defineRoute({
  method: 'GET',
  path: '/console/v1/orders/filters',
  auth: 'operator',
  permission: Permission.ORDERS_READ,
  summary: 'What the order search can filter by: the games and the payment providers',
  data: z.object({ games: z.array(z.object({ appId: z.number().int(), name: z.string() })), providers: z.array(z.string()) }),
});

// --- the order's page ---------------------------------------------------------------------------------------------

export const ConsoleOrderItem = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  /** The product's English name (for an order placed in English, the name it had then; else the catalogue's now). */
  name: z.string(),
  /** The name the player read when ordering, in the order's language (order.language): what they bought, as they saw it. */
  orderedName: z.string(),
  /** The product's version the line was sold at (the audit log's product.update entries tell what each held). */
  productVersion: z.number().int(),
  goodsType: z.number().int(),
  categoryId: z.number().int(),
  quantity: z.number().int(),
  currency: z.string(),
  priceMinor: z.number().int(),
  originalPriceMinor: z.number().int(),
  voucherAmount: z.number().int(),
});

export const ConsoleStatusChange = z.object({
  id: z.number().int(),
  fromStatus: z.number().int(),
  toStatus: z.number().int(),
  /** The state machine's event (order-state-machine.ts): paymentConfirmed, delivered, deliveryFailed... */
  event: z.string(),
  createdAt: z.string(),
});

export const ConsolePaymentEvent = z.object({
  id: z.number().int(),
  provider: z.string(),
  eventKey: z.string(),
  eventType: z.string(),
  payload: z.unknown(),
  createdAt: z.string(),
});

/** One background job that delivers the order to the game (or takes a refunded order's goods back there). */
export const ConsoleDeliveryAttempt = z.object({
  jobId: z.number().int(),
  kind: z.enum(['deliver', 'revoke']),
  /** waiting: due at runAt; running: an instance works on it; done: the game took it; failed: gave up (dead). */
  state: z.enum(['waiting', 'running', 'done', 'failed']),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  runAt: z.string(),
  doneAt: z.string().nullable(),
  failedAt: z.string().nullable(),
  /** The game server's last refusal or error. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
});

export const ConsoleRefundRequest = z.object({
  orderId: z.number().int(),
  status: z.enum(['requested', 'refunded', 'rejected']),
  /** The player's reason. */
  reason: z.string().nullable(),
  /** The order's status when the player asked. */
  orderStatus: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** An operator's rejection: who, why (from the audit log). */
  rejection: z.object({ by: z.string(), reason: z.string().nullable(), at: z.string() }).nullable(),
});
export type ConsoleRefundRequest = z.infer<typeof ConsoleRefundRequest>;

export const ConsoleRefund = RefundView.extend({
  reason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

export const ConsoleLedgerEntry = z.object({
  id: z.number().int(),
  gameAccountId: z.number().int(),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  kind: z.string(),
  reference: z.string(),
  createdAt: z.string(),
});

export const ConsoleOperatorAction = z.object({
  id: z.number().int(),
  actor: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});

/**
 * The vouchers a voucher order credited and what the role holds now: when the order is complete and the balance is
 * below the credit, `spent` vouchers cannot be taken back by a refund (the operator must accept that loss).
 */
export const ConsoleVoucherPosition = z.object({ credited: z.number().int(), balance: z.number().int().nullable(), spent: z.number().int() });
export type ConsoleVoucherPosition = z.infer<typeof ConsoleVoucherPosition>;

export const ConsoleOrderDetail = z.object({
  order: ConsoleOrderSummary.extend({
    thirdOrderId: z.string().nullable(),
    payMethodId: z.string().nullable(),
    payChannelId: z.number().int().nullable(),
    regionCode: z.string().nullable(),
    selectedRegionCode: z.string().nullable(),
    /**
     * What the order was sold at (ADR 0050): its country, its amount in the base currency at the frozen rate (units of
     * its currency per base unit), and the tax inside the paid amount. Null for orders placed before local prices:
     * sold in USD at their own amount.
     */
    pricing: z
      .object({
        countryCode: z.string().nullable(),
        baseCurrency: z.string(),
        baseTotalMinor: z.number().int(),
        basePayMinor: z.number().int(),
        exchangeRate: z.string(),
        taxModel: z.string(),
        taxRateBp: z.number().int(),
        taxMinor: z.number().int(),
      })
      .nullable(),
    /** The player's language when ordering: the items' orderedName is in it. */
    language: z.string(),
    expiresAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
    /** Removed from the player's My Orders (the row stays). */
    deletedAt: z.string().nullable(),
    updatedAt: z.string(),
  }),
  player: z.object({ userId: z.number().int(), email: z.string().nullable(), mobile: z.string().nullable(), blocked: z.boolean() }),
  items: z.array(ConsoleOrderItem),
  history: z.array(ConsoleStatusChange),
  paymentEvents: z.array(ConsolePaymentEvent),
  deliveries: z.array(ConsoleDeliveryAttempt),
  refundRequest: ConsoleRefundRequest.nullable(),
  refund: ConsoleRefund.nullable(),
  secondPayments: z.array(DuplicatePaymentView),
  ledger: z.array(ConsoleLedgerEntry),
  vouchers: ConsoleVoucherPosition,
  operatorActions: z.array(ConsoleOperatorAction),
  /** What the order's state allows (the operator's role is checked separately). */
  actions: z.object({ refund: z.boolean(), retryDelivery: z.boolean(), answerRefundRequest: z.boolean() }),
});
export type ConsoleOrderDetail = z.infer<typeof ConsoleOrderDetail>;

const orderIdParams = z.object({ id: entityId });

export const consoleOrderDetail = defineRoute({
  method: 'GET',
  path: '/console/v1/orders/:id',
  auth: 'operator',
  permission: Permission.ORDERS_READ,
  summary:
    "An order's page: header, items, status history, payment events (with payloads), deliveries with the game's answers, " +
    'refund request, refund, second payments, voucher ledger entries and the operator actions on it',
  params: orderIdParams,
  data: ConsoleOrderDetail,
});

// --- actions ---------------------------------------------------------------------------------------------------------

export const ConsoleRefundBody = z.object({
  reason: freeText(200).min(1).optional(),
  /** Refund a voucher order although some of its vouchers were spent in the game (refused otherwise). */
  allowUnrecoveredVouchers: z.boolean().optional(),
});

export const consoleRefundOrder = defineRoute({
  method: 'POST',
  path: '/console/v1/orders/:id/refund',
  auth: 'operator',
  permission: Permission.ORDERS_REFUND,
  summary:
    "Refunds a paid order (2, 3 or 8) in full through its provider's refund API; the provider's confirmation completes it " +
    '(6 before delivery, 9 after, vouchers taken back). Approving a refund request is this call. Audited (request and result).',
  params: orderIdParams,
  body: ConsoleRefundBody,
  data: RefundView,
});

export const consoleRetryDelivery = defineRoute({
  method: 'POST',
  path: '/console/v1/orders/:id/retry-delivery',
  auth: 'operator',
  permission: Permission.ORDERS_RETRY_DELIVERY,
  summary: 'Queues the delivery of an order in 8 (Delivery Error) to the game again. Audited.',
  params: orderIdParams,
  data: z.object({ orderId: z.number().int(), status: z.number().int() }),
});

export const consoleRejectRefundRequest = defineRoute({
  method: 'POST',
  path: '/console/v1/orders/:id/refund-request/reject',
  auth: 'operator',
  permission: Permission.REFUND_REQUESTS_ANSWER,
  summary: "Rejects the player's refund request with a reason (the order keeps its status). Audited.",
  params: orderIdParams,
  body: z.object({ reason: freeText(500).min(1) }),
  data: ConsoleRefundRequest,
});

// --- work queues -----------------------------------------------------------------------------------------------------

const queuePaging = z.object(paging);

export const ConsoleQueueCounts = z.object({
  deliveryErrors: z.number().int(),
  refundRequests: z.number().int(),
  /** Second payments that need an operator: open, or whose refund failed. */
  secondPayments: z.number().int(),
  reconciliation: z.number().int(),
});
export type ConsoleQueueCounts = z.infer<typeof ConsoleQueueCounts>;

export const consoleQueueCounts = defineRoute({
  method: 'GET',
  path: '/console/v1/order-queues/counts',
  auth: 'operator',
  permission: Permission.ORDERS_READ,
  summary: 'How many orders wait in each work queue',
  data: ConsoleQueueCounts,
});

export const ConsoleDeliveryErrorRow = z.object({
  order: ConsoleOrderSummary,
  /** Delivery jobs of the order so far, the last one's attempts and the game server's last answer. */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** A retry is queued or running. */
  retryQueued: z.boolean(),
});

export const consoleDeliveryErrors = defineRoute({
  method: 'GET',
  path: '/console/v1/order-queues/delivery-errors',
  auth: 'operator',
  permission: Permission.ORDERS_READ,
  summary: "Paid orders in 8 (Delivery Error), longest waiting first, with the game server's last answer",
  query: queuePaging,
  data: page(ConsoleDeliveryErrorRow),
});

export const ConsoleRefundRequestRow = z.object({
  order: ConsoleOrderSummary,
  reason: z.string().nullable(),
  requestedAt: z.string(),
  /** The order can be refunded through its provider now (paid, provider known, no refund under way). */
  refundable: z.boolean(),
  vouchers: ConsoleVoucherPosition,
});

export const consoleRefundRequests = defineRoute({
  method: 'GET',
  path: '/console/v1/order-queues/refund-requests',
  auth: 'operator',
  permission: Permission.ORDERS_READ,
  summary: "Players' refund requests waiting for an answer, oldest first",
  query: queuePaging,
  data: page(ConsoleRefundRequestRow),
});

export const ConsoleSecondPaymentRow = DuplicatePaymentView.extend({
  userId: z.number().int(),
  playerEmail: z.string().nullable(),
  orderStatus: z.number().int(),
});

export const consoleSecondPayments = defineRoute({
  method: 'GET',
  path: '/console/v1/order-queues/second-payments',
  auth: 'operator',
  permission: Permission.ORDERS_READ,
  summary:
    'Second payments: money a provider took for an order another payment had already paid. Never credited; refund them. ' +
    'Oldest first; by status (default: every one not refunded).',
  query: z.object({ status: DuplicatePaymentStatus.optional(), ...paging }),
  data: page(ConsoleSecondPaymentRow),
});

export const consoleRefundSecondPayment = defineRoute({
  method: 'POST',
  path: '/console/v1/order-queues/second-payments/:id/refund',
  auth: 'operator',
  permission: Permission.ORDERS_REFUND,
  summary:
    "Refunds a second payment in full through the provider that took it; the order it duplicated is not touched. Audited " +
    '(request and result).',
  params: z.object({ id: entityId }),
  body: z.object({ reason: freeText(200).min(1).optional() }),
  data: DuplicatePaymentView,
});

/**
 * Why an order waits for reconciliation: unpaid although its payment time is over (4 was not reached: the provider may
 * still report money), a payment the provider holds but has not confirmed (1), or a refund asked for and not confirmed.
 */
export const ReconciliationReason = z.enum(['unpaidPastExpiry', 'paymentProcessing', 'refundPending']);
/**
 * What reconciliation does next: ask the provider whether the order was paid; ask about the refund; nothing, PayerMax's
 * REFUND notification is awaited (no refund query); nothing, the look-back period is over (an operator decides).
 */
export const ReconciliationStep = z.enum(['askPayment', 'askRefund', 'awaitNotification', 'operatorDecides']);

export const ConsoleReconciliationRow = z.object({
  order: ConsoleOrderSummary,
  reason: ReconciliationReason,
  /** Since when it waits: the payment deadline, the last status change, or when the refund was asked for. */
  since: z.string(),
  nextStep: ReconciliationStep,
  /** When: a job already queued for the order, or the next sweep; null when nothing is planned. */
  nextAt: z.string().nullable(),
  /** The last time reconciliation asked about it, and the provider's error if that failed. */
  lastCheckAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

export const consoleReconciliationQueue = defineRoute({
  method: 'GET',
  path: '/console/v1/order-queues/reconciliation',
  auth: 'operator',
  permission: Permission.ORDERS_READ,
  summary:
    'Orders waiting for reconciliation with their provider (unpaid past expiry, payment processing, refund not confirmed), ' +
    'longest waiting first, with what reconciliation does next and when',
  query: queuePaging,
  data: page(ConsoleReconciliationRow).extend({
    /** The next sweep (from the jobs table), and the schedule it follows. */
    nextSweepAt: z.string().nullable(),
    intervalSeconds: z.number().int(),
    minAgeSeconds: z.number().int(),
    lookbackHours: z.number().int(),
  }),
});
