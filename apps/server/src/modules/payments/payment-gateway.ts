import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { translate } from '../../i18n/messages.ts';
import type { OpenedOrderPayment, PaymentContext, PaymentDraft, PaymentOpener } from '../orders/ports.ts';
import type { PaymentProviders } from './provider-registry.ts';
import { ProviderError } from './provider-error.ts';
import { paymentReturnRef } from './payment-return.ts';

/**
 * Opens orders' payments at their providers (the orders module's PaymentOpener). Every call carries an idempotency key
 * derived from the order (PayPal-Request-Id, external_id, outTradeNo), so opening again after a timeout cannot open two
 * payments; a provider's failure becomes the answer the client shows, never a throw.
 */
export class PaymentGateway implements PaymentOpener {
  constructor(
    private readonly config: Pick<AppConfig, 'publicUrl' | 'webhookBaseUrl' | 'orderExpiryMs' | 'jwtSecret'>,
    private readonly providers: PaymentProviders,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The return address: `ref` lets the return page show the outcome in a browser without the session (another one). */
  returnUrl(order: { orderId: number; provider: string }, from: string, page: 'return' | 'cancel'): string {
    const query = new URLSearchParams({
      from,
      channel: order.provider,
      orderId: String(order.orderId),
      ref: paymentReturnRef(this.config.jwtSecret, order.orderId),
    });
    return `${this.config.publicUrl}/payment/${page}?${query}`;
  }

  charges(provider: string, currency: string): boolean {
    return this.providers.find(provider)?.chargeableCurrencies.has(currency) ?? false;
  }

  async open(draft: PaymentDraft, context: PaymentContext): Promise<OpenedOrderPayment> {
    const provider = this.providers.get(draft.provider);
    try {
      const opened = await provider.open({
        orderId: draft.orderId,
        orderSn: draft.orderSn,
        userId: draft.userId,
        amountMinor: draft.amountMinor,
        currency: draft.currency,
        description: context.description,
        language: context.language,
        country: context.country,
        returnUrl: this.returnUrl(draft, context.from, 'return'),
        cancelUrl: this.returnUrl(draft, context.from, 'cancel'),
        notifyUrl: `${this.config.webhookBaseUrl}/api/webhooks/${provider.name}`,
        expireSeconds: Math.round(this.config.orderExpiryMs / 1000),
      });
      return { clientAnswer: opened.clientAnswer, ...(opened.sessionId ? { sessionId: opened.sessionId } : {}) };
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.log.warn({ err: error, orderSn: draft.orderSn, provider: error.provider }, 'opening the payment failed');
      const unavailable = translate(context.language, 'paymentProviderError');
      const message = error.kind === 'rejected' ? (error.providerMessage ?? unavailable) : unavailable;
      return { clientAnswer: provider.openFailure(error, message) };
    }
  }
}
