import { z } from 'zod';
import { normalizeLanguage, type Language } from '@shop/contract/languages';
import type { PaypalConfig } from '../../../config.ts';
import { decimalToMinor } from '../../../shared/money.ts';
import { ProviderError } from '../provider-error.ts';
import { paypalValue } from './paypal-currencies.ts';
import {
  basicAuth,
  errorKindForStatus,
  isSuccess,
  joinUrl,
  parseJsonBody,
  safeJsonParse,
  sendRequest,
  type ProviderClientOptions,
  type ProviderResponse,
  undiciRequest,
  type ProviderFetch,
} from '../provider-http.ts';

const TokenResponse = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });

const Link = z.looseObject({ href: z.string(), rel: z.string(), method: z.string().optional() });
export type PaypalLink = z.infer<typeof Link>;

const Capture = z.looseObject({
  id: z.string(),
  status: z.string(),
  amount: z.looseObject({ currency_code: z.string(), value: z.string() }).optional(),
  custom_id: z.string().optional(),
  status_details: z.looseObject({ reason: z.string().optional() }).optional(),
});

const PaypalOrderSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  links: z.array(Link).optional(),
  purchase_units: z
    .array(
      z.looseObject({
        reference_id: z.string().optional(),
        custom_id: z.string().optional(),
        payments: z.looseObject({ captures: z.array(Capture).optional() }).optional(),
      }),
    )
    .optional(),
});
/** The parts of a PayPal order we read; every other field is kept as sent. */
export type PaypalOrder = z.infer<typeof PaypalOrderSchema>;

const ErrorBody = z.looseObject({
  name: z.string().optional(),
  message: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.looseObject({ issue: z.string().optional(), description: z.string().optional() })).optional(),
  // The OAuth endpoint answers in OAuth's own error format.
  error: z.string().optional(),
  error_description: z.string().optional(),
});

const RefundResponse = z.looseObject({ id: z.string(), status: z.string() });
/** The capture a PayPal refund belongs to: its `up` link (`.../v2/payments/captures/{id}`). */
export function refundedCaptureId(links: readonly { rel?: string; href?: string }[] | undefined): string | undefined {
  const id = links?.find((link) => link.rel === 'up')?.href?.match(/\/captures\/([^/?#]+)/)?.[1];
  return id ? decodeURIComponent(id) : undefined;
}

const RefundDetails = RefundResponse.extend({
  amount: z.object({ currency_code: z.string(), value: z.string() }),
  links: z.array(z.looseObject({ rel: z.string(), href: z.string() })).optional(),
});
const VerifyResponse = z.looseObject({ verification_status: z.string() });

/** PayPal's checkout languages for ours; Ukrainian and Vietnamese have no PayPal locale, so PayPal picks one itself. */
const PAYPAL_LOCALES: Partial<Record<Language, string>> = {
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  it: 'it-IT',
  pl: 'pl-PL',
  ru: 'ru-RU',
  ja: 'ja-JP',
  ko: 'ko-KR',
  es: 'es-ES',
  // PayPal has pt-BR and pt-PT; Brazil is by far the larger Portuguese-speaking market.
  pt: 'pt-BR',
  da: 'da-DK',
  id: 'id-ID',
  th: 'th-TH',
  tr: 'tr-TR',
  nl: 'nl-NL',
  no: 'no-NO',
  sv: 'sv-SE',
  el: 'el-GR',
  zh: 'zh-CN',
  zh_TW: 'zh-TW',
};

/** Capture issues that mean "the buyer's payment was refused", as opposed to a mistake on our side. */
const DECLINE_ISSUES = new Set(['INSTRUMENT_DECLINED', 'TRANSACTION_REFUSED']);

/** Headers PayPal signs every webhook delivery with; all five are needed to ask PayPal whether it is genuine. */
const WEBHOOK_HEADERS = {
  transmission_id: 'paypal-transmission-id',
  transmission_time: 'paypal-transmission-time',
  transmission_sig: 'paypal-transmission-sig',
  cert_url: 'paypal-cert-url',
  auth_algo: 'paypal-auth-algo',
} as const;

/** Refresh this long before PayPal says the token expires, so a token never dies in flight. */
const TOKEN_EARLY_REFRESH_MS = 60_000;

export interface PaypalCreateOrderInput {
  /** PayPal-Request-Id: derived from our order so a retried create returns the same PayPal order. */
  requestId: string;
  orderSn: string;
  amountMinor: number;
  currency: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  /** Our language code (or any tag normalizeLanguage understands); left out of the request when PayPal has no match. */
  locale?: string;
}

export interface PaypalCreatedOrder {
  id: string;
  status: string;
  links: PaypalLink[];
  /** Where to send the buyer to approve the payment. */
  payerActionUrl: string;
}

export type PaypalCaptureResult =
  | { outcome: 'completed'; captureId: string; amountMinor: number; currency: string; customId?: string }
  /** Not money yet (e.g. eCheck, review): fulfil only when the PAYMENT.CAPTURE.COMPLETED webhook arrives. */
  | { outcome: 'pending'; captureId: string; status: string }
  | { outcome: 'declined'; captureId?: string; issue: string };

export type PaypalWebhookHeaders = Record<string, string | string[] | undefined>;

interface CachedToken {
  value: string;
  expiresAt: number;
}

/** PayPal Orders v2 over REST. The same code talks to PayPal or to the sandbox stand-in; only `config.baseUrl` differs. */
export class PaypalClient {
  private readonly fetch: ProviderFetch;
  private readonly now: () => number;
  private token?: CachedToken;
  /** The token request in flight, shared by everyone who needs a token meanwhile. */
  private tokenRequest?: Promise<string>;

  constructor(
    private readonly config: PaypalConfig,
    options: ProviderClientOptions = {},
  ) {
    this.fetch = options.fetch ?? undiciRequest;
    this.now = options.now ?? Date.now;
  }

  async createOrder(input: PaypalCreateOrderInput): Promise<PaypalCreatedOrder> {
    const language = normalizeLanguage(input.locale);
    const locale = language && PAYPAL_LOCALES[language];
    const body = {
      intent: 'CAPTURE',
      purchase_units: [
        {
          reference_id: input.orderSn,
          custom_id: input.orderSn,
          invoice_id: input.orderSn,
          // PayPal refuses a purchase-unit description over 127 characters; it is only a label, so shorten it.
          description: Array.from(input.description).slice(0, 127).join(''),
          amount: { currency_code: input.currency, value: paypalValue(input.amountMinor, input.currency) },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            brand_name: this.config.brandName,
            ...(locale && { locale }),
            user_action: 'PAY_NOW',
            shipping_preference: 'NO_SHIPPING',
          },
        },
      },
    };
    const response = await this.api('POST', '/v2/checkout/orders', { body, requestId: input.requestId });
    if (!isSuccess(response.status)) throw failure(response, 'create order');
    const order = parseJsonBody('paypal', response, PaypalOrderSchema, 'order');
    const payerActionUrl = order.links?.find((link) => link.rel === 'payer-action')?.href;
    if (!payerActionUrl) {
      throw new ProviderError('paypal', 'http', `PayPal order ${order.id} has no payer-action link`, {
        status: response.status,
        detail: { id: order.id, status: order.status },
      });
    }
    return { id: order.id, status: order.status, links: order.links ?? [], payerActionUrl };
  }

  async getOrder(id: string): Promise<PaypalOrder> {
    const response = await this.api('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`);
    if (!isSuccess(response.status)) throw failure(response, 'get order');
    return parseJsonBody('paypal', response, PaypalOrderSchema, 'order');
  }

  /**
   * Captures an approved order. A refused payment is a result ('declined'), not an error; an order captured before
   * (our earlier attempt timed out, or the webhook raced us) is read back so the caller still learns the capture.
   */
  async captureOrder(id: string, requestId: string): Promise<PaypalCaptureResult> {
    const response = await this.api('POST', `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {
      body: {},
      requestId,
      // The capture's amount and custom_id are what we check against our order; ask for the full representation.
      headers: { prefer: 'return=representation' },
    });
    if (isSuccess(response.status)) return captureResult(parseJsonBody('paypal', response, PaypalOrderSchema, 'capture'));
    const error = failure(response, 'capture order');
    if (response.status === 422 && error.issue) {
      if (DECLINE_ISSUES.has(error.issue)) return { outcome: 'declined', issue: error.issue };
      if (error.issue === 'ORDER_ALREADY_CAPTURED') return captureResult(await this.getOrder(id));
    }
    throw error;
  }

  /** Refunds a capture in full, or `amount` of it. `requestId` makes a retried refund return the first one. */
  async refundCapture(
    captureId: string,
    requestId: string,
    amount?: { amountMinor: number; currency: string },
  ): Promise<{ refundId: string; status: string }> {
    const body = amount
      ? { amount: { currency_code: amount.currency, value: paypalValue(amount.amountMinor, amount.currency) } }
      : {};
    const response = await this.api('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
      body,
      requestId,
    });
    if (!isSuccess(response.status)) throw failure(response, 'refund capture');
    const refund = parseJsonBody('paypal', response, RefundResponse, 'refund');
    return { refundId: refund.id, status: refund.status };
  }

  /** A refund's state (reconciliation of a refund whose confirmation never arrived), with the capture it refunded. */
  async getRefund(id: string): Promise<{ id: string; status: string; amountMinor: number; currency: string; captureId?: string }> {
    const response = await this.api('GET', `/v2/payments/refunds/${encodeURIComponent(id)}`);
    if (!isSuccess(response.status)) throw failure(response, 'get refund');
    const refund = parseJsonBody('paypal', response, RefundDetails, 'refund');
    const captureId = refundedCaptureId(refund.links);
    return {
      id: refund.id,
      status: refund.status,
      amountMinor: decimalToMinor(refund.amount.value, refund.amount.currency_code),
      currency: refund.amount.currency_code,
      ...(captureId ? { captureId } : {}),
    };
  }

  /**
   * Asks PayPal whether a webhook delivery is genuine. False for a delivery that is not (missing headers, unparsable
   * body, PayPal says FAILURE or refuses the values); throws ProviderError when PayPal cannot be asked, so the route
   * answers 5xx and PayPal delivers again later.
   */
  async verifyWebhook(headers: PaypalWebhookHeaders, rawBody: string): Promise<boolean> {
    const values: Partial<Record<keyof typeof WEBHOOK_HEADERS, string>> = {};
    for (const [field, header] of Object.entries(WEBHOOK_HEADERS) as [keyof typeof WEBHOOK_HEADERS, string][]) {
      const value = headerValue(headers, header);
      if (!value) return false;
      values[field] = value;
    }
    const event = safeJsonParse(rawBody);
    if (event === undefined || event === null || typeof event !== 'object') return false;

    const response = await this.api('POST', '/v1/notifications/verify-webhook-signature', {
      body: { ...values, webhook_id: this.config.webhookId, webhook_event: event },
    });
    // 400/422: PayPal will not check these values (e.g. a forged cert URL); that delivery cannot be genuine.
    if (response.status === 400 || response.status === 422) return false;
    if (!isSuccess(response.status)) throw failure(response, 'verify webhook');
    return parseJsonBody('paypal', response, VerifyResponse, 'verification').verification_status === 'SUCCESS';
  }

  /** Calls the REST API with a bearer token; a 401 means the token died early: drop it and retry once with a new one. */
  private async api(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; requestId?: string; headers?: Record<string, string> } = {},
  ): Promise<ProviderResponse> {
    // Serialised once, so a retry sends exactly the same bytes under the same PayPal-Request-Id.
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const send = (token: string) =>
      sendRequest('paypal', this.fetch, joinUrl(this.config.baseUrl, path), {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          ...(body !== undefined && { 'content-type': 'application/json' }),
          ...(options.requestId && { 'paypal-request-id': options.requestId }),
          ...options.headers,
        },
        body,
      });
    const token = await this.accessToken();
    const response = await send(token);
    if (response.status !== 401) return response;
    this.dropToken(token);
    return send(await this.accessToken());
  }

  private accessToken(): Promise<string> {
    const cached = this.token;
    if (cached && this.now() < cached.expiresAt) return Promise.resolve(cached.value);
    this.tokenRequest ??= this.requestToken().then(
      (token) => {
        this.token = token;
        this.tokenRequest = undefined;
        return token.value;
      },
      (error: unknown) => {
        this.tokenRequest = undefined;
        throw error;
      },
    );
    return this.tokenRequest;
  }

  /** Forgets a token PayPal refused, unless a newer one has already replaced it. */
  private dropToken(value: string): void {
    if (this.token?.value === value) this.token = undefined;
  }

  private async requestToken(): Promise<CachedToken> {
    const response = await sendRequest('paypal', this.fetch, joinUrl(this.config.baseUrl, '/v1/oauth2/token'), {
      method: 'POST',
      headers: {
        accept: 'application/json',
        authorization: basicAuth(this.config.clientId, this.config.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    if (!isSuccess(response.status)) throw failure(response, 'get an access token');
    const token = parseJsonBody('paypal', response, TokenResponse, 'access token');
    return { value: token.access_token, expiresAt: this.now() + token.expires_in * 1000 - TOKEN_EARLY_REFRESH_MS };
  }
}

/** Turns a capture (from a capture response or a re-read order) into the outcome the caller acts on. */
function captureResult(order: PaypalOrder): PaypalCaptureResult {
  const captures = (order.purchase_units ?? []).flatMap((unit) =>
    (unit.payments?.captures ?? []).map((capture) => ({ capture, unitCustomId: unit.custom_id })),
  );
  const found = captures.find(({ capture }) => capture.status === 'COMPLETED') ?? captures[0];
  if (!found) {
    throw new ProviderError('paypal', 'http', `PayPal order ${order.id} has no capture`, {
      detail: { id: order.id, status: order.status },
    });
  }
  const { capture, unitCustomId } = found;
  switch (capture.status) {
    case 'COMPLETED': {
      if (!capture.amount) {
        throw new ProviderError('paypal', 'http', `PayPal capture ${capture.id} has no amount`, { detail: capture });
      }
      const { currency_code: currency, value } = capture.amount;
      let amountMinor: number;
      try {
        amountMinor = decimalToMinor(value, currency);
      } catch (error) {
        throw new ProviderError('paypal', 'http', `PayPal capture ${capture.id} has an unreadable amount`, {
          detail: capture.amount,
          cause: error,
        });
      }
      return { outcome: 'completed', captureId: capture.id, amountMinor, currency, customId: capture.custom_id ?? unitCustomId };
    }
    case 'DECLINED':
    case 'FAILED':
      return { outcome: 'declined', captureId: capture.id, issue: capture.status_details?.reason ?? capture.status };
    default:
      // PENDING, or a later state (REFUNDED ...) that is no reason to fulfil now: webhooks and reconciliation decide.
      return { outcome: 'pending', captureId: capture.id, status: capture.status };
  }
}

/** Maps a non-2xx answer to a ProviderError carrying PayPal's issue code and debug_id (for PayPal support). */
function failure(response: ProviderResponse, action: string): ProviderError {
  const parsed = ErrorBody.safeParse(safeJsonParse(response.text));
  const body = parsed.success ? parsed.data : undefined;
  const issue = body?.details?.find((detail) => detail.issue)?.issue ?? body?.error ?? body?.name;
  return new ProviderError(
    'paypal',
    errorKindForStatus(response.status),
    `PayPal ${action} failed: HTTP ${response.status}${issue ? ` ${issue}` : ''}`,
    { status: response.status, issue, detail: body ?? response.text.slice(0, 2000) },
  );
}

/** Node lower-cases incoming header names, but callers may pass any casing; a repeated header counts by its first value. */
function headerValue(headers: PaypalWebhookHeaders, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    const first = Array.isArray(value) ? value[0] : value;
    return first?.trim() || undefined;
  }
  return undefined;
}
