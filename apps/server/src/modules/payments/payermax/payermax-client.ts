import { sign, verify, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import type { PayermaxConfig } from '../../../config.ts';
import { ProviderError } from '../provider-error.ts';
import { payermaxAmount } from './payermax-currencies.ts';
import { loadPayermaxKey } from './payermax-keys.ts';
import {
  errorKindForStatus,
  isSuccess,
  joinUrl,
  parseJsonBody,
  sendRequest,
  type ProviderClientOptions,
  undiciRequest,
  type ProviderFetch,
} from '../provider-http.ts';

/** The code of every accepted PayerMax request. */
export const PAYERMAX_SUCCESS_CODE = 'APPLY_SUCCESS';
/** orderAndPay for an outTradeNo PayerMax already has: a go-ahead when it still carries the redirectUrl. */
export const PAYERMAX_ORDER_REPEAT_CODE = 'ORDER_REPEAT';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** PayerMax's answer to every call; `data` is absent or null when `code` is an error. */
export interface PayermaxResponse<T> {
  code: string;
  msg: string;
  data?: T | null;
}

const OrderAndPayData = z.looseObject({
  redirectUrl: z.string().optional(),
  outTradeNo: z.string().optional(),
  tradeToken: z.string().optional(),
  status: z.string().optional(),
});
export type PayermaxOrderAndPayData = z.infer<typeof OrderAndPayData>;

const OrderQueryData = z.looseObject({
  outTradeNo: z.string(),
  tradeToken: z.string().optional(),
  /** SUCCESS, PENDING, FAILED, CLOSED ... */
  status: z.string(),
  totalAmount: z.union([z.number(), z.string()]).optional(),
  currency: z.string().optional(),
  completeTime: z.string().optional(),
});
export type PayermaxOrderQueryData = z.infer<typeof OrderQueryData>;

const RefundData = z.looseObject({
  outRefundNo: z.string().optional(),
  outTradeNo: z.string().optional(),
  refundTradeNo: z.string().optional(),
  status: z.string().optional(),
});
export type PayermaxRefundData = z.infer<typeof RefundData>;

export interface PayermaxOrderInput {
  /** Our order number: PayerMax refuses a second order with it, which makes a retried create safe. */
  outTradeNo: string;
  subject: string;
  amountMinor: number;
  currency: string;
  country: string;
  userId: string;
  /** Passed through as the cashier language, e.g. "en". */
  language: string;
  frontCallbackUrl: string;
  notifyUrl: string;
  reference: string;
  /** Seconds until PayerMax closes the unpaid order (it accepts 30 min to 1 day). */
  expireSeconds: number;
}

export interface PayermaxRefundInput {
  /** Our refund number, unique per refund: PayerMax's idempotency key for it. */
  outRefundNo: string;
  outTradeNo: string;
  amountMinor: number;
  currency: string;
  comments: string;
}

/**
 * The hosted-checkout URL of an orderAndPay answer, if it is a go-ahead: APPLY_SUCCESS, or ORDER_REPEAT that still
 * carries a redirectUrl (our earlier attempt got through, e.g. before a timeout).
 */
export function hostedCheckoutUrl(response: PayermaxResponse<PayermaxOrderAndPayData>): string | undefined {
  if (response.code !== PAYERMAX_SUCCESS_CODE && response.code !== PAYERMAX_ORDER_REPEAT_CODE) return undefined;
  return response.data?.redirectUrl || undefined;
}

/** PayerMax aggregate-pay gateway: every call is a signed JSON envelope, every answer is signed by PayerMax. */
export class PayermaxClient {
  private readonly fetch: ProviderFetch;
  private readonly now: () => number;
  private readonly merchantKey: KeyObject;
  private readonly platformKey: KeyObject;

  constructor(
    private readonly config: PayermaxConfig,
    options: ProviderClientOptions = {},
  ) {
    this.fetch = options.fetch ?? undiciRequest;
    this.now = options.now ?? Date.now;
    // Parsed once, here, so a malformed key stops the server at start-up instead of failing the first payment.
    this.merchantKey = loadPayermaxKey('PAYERMAX_PRIVATE_KEY', config.merchantPrivateKeyPem, 'private');
    this.platformKey = loadPayermaxKey('PAYERMAX_PLATFORM_PUBLIC_KEY', config.platformPublicKeyPem, 'public');
  }

  /** Our merchant account: notifications must name it. */
  get account(): { appId: string; merchantNo: string } {
    return { appId: this.config.appId, merchantNo: this.config.merchantNo };
  }

  /** Base64 SHA256withRSA (PKCS#1 v1.5) of the exact body string, with our private key. */
  signBody(body: string): string {
    return sign('sha256', Buffer.from(body, 'utf8'), this.merchantKey).toString('base64');
  }

  /** Checks PayerMax's `sign` header over the exact body string; false for a missing or malformed one, never throws. */
  verifySignature(body: string, signature: string | undefined): boolean {
    if (!signature || !BASE64.test(signature)) return false;
    try {
      return verify('sha256', Buffer.from(body, 'utf8'), this.platformKey, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  }

  /**
   * Creates the hosted-checkout order. The answer comes back as-is: see hostedCheckoutUrl for the go-ahead rule. A
   * currency the cashier cannot charge rejects the promise (async, so it is never a synchronous throw).
   */
  async orderAndPay(input: PayermaxOrderInput): Promise<PayermaxResponse<PayermaxOrderAndPayData>> {
    return this.call(
      'orderAndPay',
      {
        outTradeNo: input.outTradeNo,
        integrate: 'Hosted_Checkout',
        subject: input.subject,
        totalAmount: payermaxAmount(input.amountMinor, input.currency),
        currency: input.currency,
        country: input.country,
        userId: input.userId,
        frontCallbackUrl: input.frontCallbackUrl,
        notifyUrl: input.notifyUrl,
        language: input.language,
        reference: input.reference,
        // PayerMax's field is a string of seconds.
        expireTime: String(input.expireSeconds),
      },
      OrderAndPayData,
    );
  }

  /** The order's state at PayerMax; any code but APPLY_SUCCESS (e.g. an unknown order) is a 'rejected' ProviderError. */
  async orderQuery(outTradeNo: string): Promise<PayermaxOrderQueryData> {
    return successData(await this.call('orderQuery', { outTradeNo }, OrderQueryData), 'orderQuery');
  }

  /** Asks for a refund; the outcome arrives as a REFUND notification. Refusals are 'rejected' ProviderErrors. */
  async refund(input: PayermaxRefundInput): Promise<PayermaxRefundData> {
    const data = {
      outRefundNo: input.outRefundNo,
      refundAmount: payermaxAmount(input.amountMinor, input.currency),
      refundCurrency: input.currency,
      outTradeNo: input.outTradeNo,
      comments: input.comments,
    };
    return successData(await this.call('refund', data, RefundData), 'refund');
  }

  /** Sends one signed envelope and returns the verified, parsed answer. */
  private async call<S extends z.ZodType>(
    apiName: string,
    data: Record<string, unknown>,
    dataSchema: S,
  ): Promise<PayermaxResponse<z.infer<S>>> {
    const body = JSON.stringify({
      version: '1.4',
      keyVersion: '1',
      // RFC 3339 with milliseconds; PayerMax refuses requests more than 2 minutes off its clock.
      requestTime: new Date(this.now()).toISOString(),
      appId: this.config.appId,
      merchantNo: this.config.merchantNo,
      data,
    });
    const response = await sendRequest('payermax', this.fetch, joinUrl(this.config.gatewayUrl, `/${apiName}`), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', sign: this.signBody(body) },
      body,
    });
    if (!isSuccess(response.status)) {
      throw new ProviderError('payermax', errorKindForStatus(response.status), `PayerMax ${apiName}: HTTP ${response.status}`, {
        status: response.status,
        detail: response.text.slice(0, 2000),
      });
    }
    if (!this.verifySignature(response.text, response.headers.get('sign') ?? undefined)) {
      throw new ProviderError('payermax', 'rejected', `PayerMax ${apiName}: the answer's signature does not verify`, {
        status: response.status,
        issue: 'BAD_RESPONSE_SIGNATURE',
      });
    }
    const envelope = z.looseObject({ code: z.string(), msg: z.string().default(''), data: dataSchema.nullish() });
    return parseJsonBody('payermax', response, envelope, `${apiName} answer`) as PayermaxResponse<z.infer<S>>;
  }
}

function successData<T>(response: PayermaxResponse<T>, apiName: string): T {
  if (response.code === PAYERMAX_SUCCESS_CODE && response.data) return response.data;
  throw new ProviderError('payermax', 'rejected', `PayerMax ${apiName}: ${response.code} ${response.msg}`.trim(), {
    issue: response.code,
    detail: { message: response.msg, data: response.data },
  });
}
