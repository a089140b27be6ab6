import { upperAlnum } from '../shared/ids.ts';

export interface Money {
  currency_code: string;
  value: string;
}

export interface Link {
  href: string;
  rel: string;
  method: string;
}

export interface PurchaseUnit {
  reference_id: string;
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  /** Ids of this unit's completed captures (declined attempts are kept apart, see Capture). */
  captureIds: string[];
}

export interface ExperienceContext {
  returnUrl?: string;
  cancelUrl?: string;
  brandName?: string;
  locale?: string;
}

/** VOIDED exists at PayPal too, but nothing in the stand-in voids an order. */
export type OrderStatus = 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';

export interface Order {
  id: string;
  status: OrderStatus;
  purchaseUnits: PurchaseUnit[];
  experience: ExperienceContext;
  /** The order was created with payment_source.paypal: PayPal then answers PAYER_ACTION_REQUIRED. */
  paypalSource: boolean;
  /** Set when the buyer approves. */
  payerId?: string;
  /** The buyer chose Decline: captures fail with INSTRUMENT_DECLINED until they approve again with Pay. */
  instrumentDeclines: boolean;
  createTime: string;
  updateTime: string;
}

export type CaptureStatus = 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';

export interface Capture {
  id: string;
  orderId: string;
  status: CaptureStatus;
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  /** Sum of the refunds so far, in minor units. */
  refundedMinor: number;
  createTime: string;
  updateTime: string;
}

export interface Refund {
  id: string;
  captureId: string;
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  note_to_payer?: string;
  createTime: string;
}

/** PayPal keeps idempotency keys for 6 hours. */
const REQUEST_ID_TTL_MS = 6 * 60 * 60 * 1000;

/** In-memory state of one PayPal stand-in. */
export class PayPalStore {
  /** Issued access tokens and when they expire (epoch ms). */
  readonly tokens = new Map<string, number>();
  readonly orders = new Map<string, Order>();
  readonly captures = new Map<string, Capture>();
  readonly refunds = new Map<string, Refund>();
  /** Sent webhook events, for GET /v1/notifications/webhooks-events/:id. */
  readonly events = new Map<string, Record<string, unknown>>();
  /** PayPal-Request-Id (scoped by operation) -> id of the resource the first request produced. */
  private readonly requests = new Map<string, { resourceId: string; at: number }>();

  /** The resource a successful earlier request with this key produced, if it is still remembered. */
  recall(key: string, now = Date.now()): string | undefined {
    const entry = this.requests.get(key);
    if (!entry) return undefined;
    if (now - entry.at > REQUEST_ID_TTL_MS) {
      this.requests.delete(key);
      return undefined;
    }
    return entry.resourceId;
  }

  remember(key: string, resourceId: string, now = Date.now()): void {
    this.requests.set(key, { resourceId, at: now });
  }

  /** True when another order already has a paid capture with this invoice id (PayPal's duplicate-invoice rule). */
  invoiceAlreadyPaid(invoiceId: string, exceptOrderId?: string): boolean {
    for (const capture of this.captures.values()) {
      if (capture.invoice_id === invoiceId && capture.status !== 'DECLINED' && capture.orderId !== exceptOrderId) {
        return true;
      }
    }
    return false;
  }
}

/** PayPal's ids: 17 upper-case letters and digits for orders, captures and refunds; 13 for payer ids. */
export const newResourceId = (): string => upperAlnum(17);
export const newPayerId = (): string => upperAlnum(13);
