import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@shop/contract/languages';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { translate } from '../../i18n/messages.ts';
import type { OrderRow } from '../orders/order-state-machine.ts';
import type { PaypalClient } from './paypal/paypal-client.ts';
import type { XsollaClient } from './xsolla/xsolla-client.ts';
import type { PayermaxClient } from './payermax/payermax-client.ts';
import { ProviderError } from './provider-error.ts';
import { paymentReturnRef } from './payment-return.ts';

export interface OpenPaymentOptions {
  language: Language;
  description: string;
  from: 'voucher' | 'shop';
  userCountry: string;
}

/** What opening a payment needs to know of an order; the order row need not exist yet. */
export type PaymentDraft = Pick<OrderRow, 'id' | 'orderSn' | 'userId' | 'thirdChannelName' | 'currency' | 'payAmountMinor'>;

export interface OpenedPayment {
  /** The provider's answer for the client: the spec's thirdPayResponse. */
  body: string;
  thirdOrderId?: string;
}

export interface PaymentClients {
  paypal: PaypalClient;
  xsolla: XsollaClient;
  payermax: PayermaxClient;
}

/**
 * Opens the provider's checkout for an order and answers what the client needs, as the JSON string the spec calls
 * thirdPayResponse. Every call carries an idempotency key derived from the order (PayPal-Request-Id, external_id,
 * outTradeNo), so retrying after a timeout cannot open two payments.
 */
export class PaymentGateway {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly clients: PaymentClients,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The return address: `ref` lets the return page show the outcome in a browser without the session (another one). */
  returnUrl(order: PaymentDraft, from: string, page: 'return' | 'cancel'): string {
    const query = new URLSearchParams({
      from,
      channel: order.thirdChannelName ?? '',
      orderId: String(order.id),
      ref: paymentReturnRef(this.config.jwtSecret, order.id),
    });
    return `${this.config.publicUrl}/payment/${page}?${query}`;
  }

  /** Re-opens the payment of an existing order and records the provider's new answer on it. */
  async reopen(order: OrderRow, options: OpenPaymentOptions): Promise<string> {
    const response = await this.request(order, options);
    await this.db
      .update(orders)
      .set({ thirdPayResponse: response.body, ...(response.thirdOrderId ? { thirdOrderId: response.thirdOrderId } : {}) })
      .where(eq(orders.id, order.id));
    return response.body;
  }

  /** Asks the order's provider to open a payment; provider failures become an answer the client shows, never a throw. */
  async request(order: PaymentDraft, options: OpenPaymentOptions): Promise<OpenedPayment> {
    const unavailable = translate(options.language, 'paymentProviderError');
    try {
      switch (order.thirdChannelName) {
        case 'xsolla': {
          const { token } = await this.clients.xsolla.createToken({
            orderSn: order.orderSn,
            userId: String(order.userId),
            country: options.userCountry,
            currency: order.currency,
            amountMinor: order.payAmountMinor,
            language: options.language,
            description: options.description,
            returnUrl: this.returnUrl(order, options.from, 'return'),
            customParameters: { orderId: order.id },
          });
          return { body: JSON.stringify({ token }) };
        }
        case 'paypal': {
          const created = await this.clients.paypal.createOrder({
            requestId: `create-${order.orderSn}`,
            orderSn: order.orderSn,
            amountMinor: order.payAmountMinor,
            currency: order.currency,
            description: options.description,
            returnUrl: this.returnUrl(order, options.from, 'return'),
            cancelUrl: this.returnUrl(order, options.from, 'cancel'),
            locale: options.language,
          });
          return { body: JSON.stringify({ id: created.id, status: created.status, links: created.links }), thirdOrderId: created.id };
        }
        case 'payermax': {
          const answer = await this.clients.payermax.orderAndPay({
            outTradeNo: order.orderSn,
            subject: options.description,
            amountMinor: order.payAmountMinor,
            currency: order.currency,
            country: options.userCountry,
            userId: String(order.userId),
            language: options.language,
            frontCallbackUrl: this.returnUrl(order, options.from, 'return'),
            notifyUrl: `${this.config.webhookBaseUrl}/api/webhooks/payermax`,
            reference: String(order.id),
            // PayerMax accepts 1800 to 86400 seconds; our own expiry job closes the order at our configured time anyway.
            expireSeconds: Math.min(86_400, Math.max(1800, Math.round(this.config.orderExpiryMs / 1000))),
          });
          const tradeToken = (answer.data as { tradeToken?: string } | undefined)?.tradeToken;
          return { body: JSON.stringify(answer), ...(tradeToken ? { thirdOrderId: tradeToken } : {}) };
        }
        default:
          throw new Error(`order ${order.id} has no payment provider`);
      }
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.log.warn({ err: error, orderSn: order.orderSn, provider: error.provider }, 'opening the payment failed');
      const message = error.kind === 'rejected' ? error.providerMessage ?? unavailable : unavailable;
      if (order.thirdChannelName === 'payermax') return { body: JSON.stringify({ code: error.issue ?? 'PROVIDER_ERROR', msg: message }) };
      return { body: JSON.stringify({ errorMessage: message }) };
    }
  }
}
