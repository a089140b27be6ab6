import type { IncomingHttpHeaders } from 'node:http';
import type { Language } from '@shop/contract/languages';
import type { ThirdChannelNameValue } from '@shop/contract/orders.schema';
import type { ProviderError } from './provider-error.ts';

/** The payment providers the shop takes money with (the spec's thirdChannelName). */
export type ProviderName = ThirdChannelNameValue;

/** What opening a payment needs to know of an order (the order row need not exist yet: its id is taken first). */
export interface PaymentToOpen {
  orderId: number;
  orderSn: string;
  userId: number;
  amountMinor: number;
  currency: string;
  /** The item names, in the player's language: the provider shows it on its page. */
  description: string;
  language: Language;
  /** The player's country (the region they picked). */
  country: string;
  /** Where the provider sends the player back after paying, and after giving up. */
  returnUrl: string;
  cancelUrl: string;
  /** Where the provider posts its notifications. */
  notifyUrl: string;
  /** How long the payment may stay open at the provider. */
  expireSeconds: number;
}

export interface OpenedPayment {
  /** What the client needs to go on (the spec's thirdPayResponse): a token, a payer-action link, a redirect URL. */
  clientAnswer: string;
  /** The provider's id of this payment session, when it has one we must remember (PayPal order, PayerMax trade token). */
  sessionId?: string;
}

/** Which order a fact is about: by our id, by our order number (what we gave the provider), or by its session id. */
export type OrderReference = { orderId: number } | { orderSn: string } | { sessionId: string };

interface FactBase {
  order: OrderReference;
  /** Unique per provider for this fact, from the provider's own event-key function: the same fact is applied once. */
  eventKey: string;
  /** What happened, in the provider's words (kept with the event for operators). */
  eventType: string;
  /** The provider's message or answer, kept as it came. */
  payload: unknown;
}

/** Money arrived for an order. `secondPayment`: what to do when another payment had already paid it. */
export interface PaidFact extends FactBase {
  kind: 'paid';
  amountMinor: number;
  currency: string;
  /** The provider's id of this payment (PayPal capture, Xsolla transaction, PayerMax trade). */
  paymentId: string;
  /** The payment session it belongs to, when the provider names one. */
  sessionId?: string;
  /**
   * `record` the money as a second payment for an operator's refund (it has moved), or `refuse` it so the provider does
   * not complete it (Xsolla asks before it takes the money).
   */
  secondPayment: 'record' | 'refuse';
}

/** The payer approved, and the provider waits for us to take the money (PayPal's capture). */
export interface ApprovedFact extends FactBase {
  kind: 'approved';
  sessionId: string;
}

/** Money went back to the player: the order's payment, or a second payment it names. */
export interface RefundedFact extends FactBase {
  kind: 'refunded';
  amountMinor: number;
  currency: string;
  refundId?: string;
  /** The payment refunded, when the provider names it. */
  refundedPaymentId?: string;
  /** The second payment (duplicate_payments.id) this refund closes, when the provider's refund number names it. */
  secondPaymentId?: number;
}

/** A refund we asked for failed at the provider: the order's refund, or a second payment's. */
export interface RefundFailedFact {
  kind: 'refund-failed';
  refund: RefundSubject;
  reason: string;
}

/** Held for review (pending), refused (failed), or a fact we acknowledge and keep, that moves nothing (noted). */
export interface StatusFact extends FactBase {
  kind: 'pending' | 'failed' | 'noted';
}

/** The provider asks whether a player exists before it takes their money (Xsolla's user validation). */
export interface PlayerCheckFact {
  kind: 'player-check';
  userId: number;
}

/** What a provider tells us, in the shop's words: the settlement acts on these and nothing else. */
export type PaymentFact = PaidFact | ApprovedFact | RefundedFact | RefundFailedFact | StatusFact | PlayerCheckFact;

/** Whose refund: the order's own payment, or a second payment (duplicate_payments). */
export type RefundSubject = { kind: 'order'; orderSn: string } | { kind: 'second-payment'; id: number };

/** What the shop did with a webhook's facts, for the provider's reply. */
export type WebhookOutcome =
  | 'accepted'
  | 'player-exists'
  | 'unknown-player'
  | 'unknown-order'
  | 'amount-mismatch'
  /** A second payment the provider may still refuse (Xsolla): refused so the player is not charged twice. */
  | 'second-payment-refused'
  /** Something the webhook needs from the provider (PayPal's capture) did not answer: it resends later. */
  | 'provider-unavailable';

export interface WebhookReply {
  status: number;
  body?: unknown;
}

export interface WebhookRequest {
  rawBody: string;
  headers: IncomingHttpHeaders;
}

/** A webhook the provider sent: its facts, or a refusal in the provider's own format (bad signature, stale, unreadable). */
export type ParsedWebhook = { facts: PaymentFact[] } | { refuse: WebhookReply };

/** One payment session of an order to ask the provider about (reconciliation). */
export interface SessionToQuery {
  orderId: number;
  orderSn: string;
  sessionId: string | null;
}

export interface RefundToMake {
  subject: RefundSubject;
  orderSn: string;
  /** The provider's id of the payment to refund. */
  paymentId: string;
  amountMinor: number;
  currency: string;
  reason: string;
}

/** What the provider said when asked to refund: its refund id, and facts when it completed at once. */
export interface RefundStarted {
  refundId?: string;
  facts: PaymentFact[];
}

export interface RefundToQuery {
  subject: RefundSubject;
  orderId: number;
  orderSn: string;
  refundId: string | null;
  /** The payment refunded (a second payment's; for the order's own refund, the order's payment). */
  paymentId: string | null;
}

/**
 * One payment provider, implemented once in its folder (as Vendure's PaymentMethodHandler and Medusa's payment
 * providers): open and reopen a payment, turn webhooks into neutral facts, answer reconciliation's questions, refund.
 * Everything provider-specific lives behind this; the rest of the shop names a provider only to look it up in the
 * registry.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * How reconciliation asks about an order's sessions: one question per order (by our order number, which covers every
   * session) or one per session (PayPal, asked per PayPal order).
   */
  readonly queryScope: 'order' | 'session';
  /**
   * The ISO 4217 codes the provider can charge a payment in, as its documentation lists them. Opening a payment in
   * any other currency is refused before the provider is called (ProviderError 'rejected', CURRENCY_NOT_SUPPORTED).
   */
  readonly chargeableCurrencies: ReadonlySet<string>;

  /** Opens a payment; the same order opened again reuses the provider's idempotency key (no second charge). Throws ProviderError. */
  open(payment: PaymentToOpen): Promise<OpenedPayment>;
  /** The client's answer when opening failed: the message in the shape the client reads for this provider. */
  openFailure(error: ProviderError, message: string): string;

  /** Verifies a webhook on its raw bytes and reads its facts. */
  parseWebhook(request: WebhookRequest): Promise<ParsedWebhook>;
  /** The reply the provider expects for what the shop did with its webhook. */
  webhookReply(outcome: WebhookOutcome): WebhookReply;

  /**
   * The fact of a payer back on our return page after approving the payment at the provider (PayPal): an approval the
   * settlement completes by capturing. Providers that take the money themselves have none.
   */
  returnApproval?(session: { orderId: number; sessionId: string }): PaymentFact;
  /** Takes the money of an approved payment (PayPal's capture); providers that take it themselves have none. */
  capture?(session: { orderId: number; orderSn: string; sessionId: string }): Promise<PaymentFact[]>;
  /** What the provider knows of a session: money taken, refused, still open. Throws ProviderError. */
  query(session: SessionToQuery): Promise<PaymentFact[]>;

  /** Asks the provider to refund a payment. Throws ProviderError. */
  refund(refund: RefundToMake): Promise<RefundStarted>;
  /** What the provider knows of a refund we asked for; 'pending' while it does not know yet; undefined: cannot be asked. */
  queryRefund?(refund: RefundToQuery): Promise<PaymentFact[] | 'pending'>;
}
