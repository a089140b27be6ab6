import type { ThirdChannelNameValue } from '@shop/contract/orders';
import type { RuntimeConfig } from '@shop/contract/runtime-config';
import type { PaymentTarget } from '../paths';

/** A payment provider's name: the thirdChannelName of the pay channels and of the orders. */
export type ProviderName = ThirdChannelNameValue;

/** What to do after an order was created (or re-opened) with a provider (spec section 7). */
export type PaymentAction =
  | { kind: 'toast'; text: string }
  | { kind: 'toastKey'; key: 'payment.closeOrder' | 'payment.startFailed' }
  | { kind: 'redirect'; url: string }
  | { kind: 'iframe'; url: string }
  // the provider's own widget on our page: the provider of that name opens it (openWidget)
  | { kind: ProviderName; token: string };

/** What the providers read of the runtime configuration. */
export type PaymentContext = Pick<RuntimeConfig, 'iframePayment' | 'xsolla'>;

/** Where a provider's pay frame (the /pay route) says the player goes next. */
export type FrameOutcome = 'return' | 'cancel';

/**
 * One payment provider as the web sees it (the server's counterpart: apps/server/src/modules/payments/payment-provider.ts).
 * Only the provider map (provider-map.ts) knows which providers exist; the pages ask it by the channel's name.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** The next step once the server opened the payment, from its answer (thirdPayResponse, parsed from JSON). */
  decide(answer: unknown, context: PaymentContext): PaymentAction;
  /** Opens the payment of an unpaid order again; answers in the shape of thirdPayResponse. */
  reopen(order: { id: number; orderSn: string }): Promise<unknown>;
  /** Opens the provider's own widget on our page (the action of kind `name`); it sends the player to the result pages. */
  openWidget?(token: string, target: PaymentTarget, context: PaymentContext): Promise<void>;
  /** The provider's own status on its return address, upper case: a hint to stop waiting, never the outcome. */
  returnStatus?(query: URLSearchParams): string | undefined;
  /** The approval the return address carries, which must be captured before the money moves. */
  approvalOf?(query: URLSearchParams): string | null;
  capture?(orderId: number, approval: string): Promise<unknown>;
  /** Reads a message of the provider's pay frame (the /pay route); undefined for any other message. */
  frameOutcome?(message: unknown): FrameOutcome | undefined;
  /** The amount charged may differ from the price shown (local taxes, exchange rates): the checkout says so. */
  readonly amountMayVary?: boolean;
}
