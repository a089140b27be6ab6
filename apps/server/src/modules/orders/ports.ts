import type { Language } from '@shop/contract/languages';
import type { Executor } from '../../db/client.ts';

/** What opening an order's payment needs: the order is not written yet, its id and number are taken. */
export interface PaymentDraft {
  orderId: number;
  orderSn: string;
  userId: number;
  provider: string;
  currency: string;
  amountMinor: number;
}

export interface PaymentContext {
  language: Language;
  /** What the provider shows on its page. */
  description: string;
  /** Where the player came from: the voucher page or the shop (the return page leads back there). */
  from: 'voucher' | 'shop';
  country: string;
}

export interface OpenedOrderPayment {
  /** The spec's thirdPayResponse: what the client needs to go on, or the message it shows when the provider failed. */
  clientAnswer: string;
  /** The provider's id of the session (PayPal order, PayerMax trade token), kept as the order's thirdOrderId. */
  sessionId?: string;
}

/**
 * How orders open payments, without knowing the providers (payments/ implements it; the wiring hands it in): a provider
 * failure is an answer the client shows, never a throw, so the order stays payable and the player can try again.
 */
export interface PaymentOpener {
  open(draft: PaymentDraft, context: PaymentContext): Promise<OpenedOrderPayment>;
  /** Whether the provider can charge a payment in this currency (its documented list): else the order sells at base prices. */
  charges(provider: string, currency: string): boolean;
}

/**
 * Records the answer of a request made with an Idempotency-Key in the transaction that creates the order (http/
 * idempotency.ts), so the order and its recorded answer exist together or not at all.
 */
export interface AnswerRecorder {
  complete(tx: Executor, answer: unknown): Promise<void>;
}
