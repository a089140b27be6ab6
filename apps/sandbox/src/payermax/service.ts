import { SANDBOX_CREDENTIALS } from '../credentials.ts';
import { isObject, parseJsonObject, type JsonObject } from '../shared/body.ts';
import type { SandboxContext } from '../shared/context.ts';
import { fromMinor, isCurrencyCode, isoMinorDigits, positiveAmount, toMinor } from '../shared/money.ts';
import { parseHttpUrl } from '../shared/urls.ts';
import type { AttemptStatus, Verdict } from '../shared/webhooks.ts';
import { isPayerMaxCurrency } from './currencies.ts';
import { platformSign } from './signing.ts';
import { newRefundTradeNo, newTradeToken, PayerMaxStore, type RefundOrder, type TradeOrder } from './store.ts';

/** Every PayerMax answer and notification: {code, msg, data}. */
export interface Answer {
  code: string;
  msg: string;
  data?: Record<string, unknown>;
}

export const fail = (code: string, msg: string): Answer => ({ code, msg });
const invalid = (msg: string): Answer => fail('PARAMS_INVALID', msg);
const success = (data: Record<string, unknown>): Answer => ({ code: 'APPLY_SUCCESS', msg: 'Success.', data });

const DEFAULT_EXPIRE_SECONDS = 1800;
/** Longest delay a Node timer takes; later expiries are still applied lazily on the next read. */
const MAX_TIMER_MS = 2_147_483_647;
const TRADE_NO = /^[A-Za-z0-9_]{1,64}$/;

function optionalText(data: JsonObject, key: string, max: number): string | undefined | Answer {
  const value = data[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length > max) return invalid(`${key} is invalid, it must be a string of at most ${max} characters.`);
  return value;
}

/** Tells a refusal from a parsed value (a string, or a TradeOrder, which has no `code`). */
const isAnswer = (value: unknown): value is Answer => isObject(value) && typeof value.code === 'string';

/** The shop must answer a notification with exactly {"code":"SUCCESS","msg":"Success"}. */
function notificationJudge(status: AttemptStatus, responseBody: string): Verdict {
  const body = typeof status === 'number' && status >= 200 && status < 300 ? parseJsonObject(responseBody) : undefined;
  return body?.code === 'SUCCESS' && body.msg === 'Success' ? 'delivered' : 'retry';
}

/** The PayerMax stand-in's behaviour; gateway.ts and cashier.ts translate HTTP to these calls. */
export class PayerMaxSandbox {
  readonly store = new PayerMaxStore();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly ctx: SandboxContext) {}

  cashierUrl(order: TradeOrder): string {
    return `${this.ctx.publicUrl()}/payermax/cashier?tradeToken=${encodeURIComponent(order.tradeToken)}`;
  }

  /** The order by trade token, with expiry applied. */
  orderByToken(tradeToken: string): TradeOrder | undefined {
    const order = this.store.byToken.get(tradeToken);
    if (order) this.closeIfExpired(order);
    return order;
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  orderAndPay(data: JsonObject): Answer {
    const { outTradeNo } = data;
    if (typeof outTradeNo !== 'string' || !TRADE_NO.test(outTradeNo)) {
      return invalid('outTradeNo is invalid, it must be 1 to 64 letters, digits or underscores.');
    }
    const existing = this.store.orders.get(outTradeNo);
    if (existing) {
      this.closeIfExpired(existing);
      const still = existing.status === 'PENDING';
      return {
        code: 'ORDER_REPEAT',
        msg: 'order repeat',
        data: still
          ? { redirectUrl: this.cashierUrl(existing), outTradeNo, tradeToken: existing.tradeToken, status: existing.status }
          : { outTradeNo, status: existing.status },
      };
    }
    const parsed = this.parseOrder(outTradeNo, data);
    if (isAnswer(parsed)) return parsed;
    this.store.orders.set(outTradeNo, parsed);
    this.store.byToken.set(parsed.tradeToken, parsed);
    this.scheduleExpiry(parsed);
    return success({ redirectUrl: this.cashierUrl(parsed), outTradeNo, tradeToken: parsed.tradeToken, status: 'PENDING' });
  }

  orderQuery(data: JsonObject): Answer {
    const order = typeof data.outTradeNo === 'string' ? this.store.orders.get(data.outTradeNo) : undefined;
    if (!order) return fail('ORDER_NOT_EXIST', 'The order does not exist.');
    this.closeIfExpired(order);
    return success(this.tradeData(order));
  }

  refund(data: JsonObject): Answer {
    const { outRefundNo, outTradeNo, refundCurrency } = data;
    if (typeof outRefundNo !== 'string' || !TRADE_NO.test(outRefundNo)) {
      return invalid('outRefundNo is invalid, it must be 1 to 64 letters, digits or underscores.');
    }
    const earlier = this.store.refunds.get(outRefundNo);
    if (earlier) return { code: 'ORDER_REPEAT', msg: 'order repeat', data: refundData(earlier) };
    const order = typeof outTradeNo === 'string' ? this.store.orders.get(outTradeNo) : undefined;
    if (!order) return fail('ORDER_NOT_EXIST', 'The order does not exist.');
    this.closeIfExpired(order);
    if (order.status !== 'SUCCESS') return invalid(`The order is ${order.status}; only SUCCESS orders can be refunded.`);
    if (refundCurrency !== order.currency) return fail('CURRENCY_INVALID', 'refundCurrency must be the currency of the order.');
    const digits = isoMinorDigits(order.currency);
    const amount = positiveAmount(data.refundAmount, digits);
    if (amount === null) return fail('AMOUNT_INVALID', 'Amount is incorrect.');
    const refundMinor = toMinor(amount, digits);
    if (order.refundedMinor + refundMinor > toMinor(order.totalAmount, digits)) {
      return fail('AMOUNT_INVALID', 'The refund amount exceeds the refundable amount of the order.');
    }
    const comments = optionalText(data, 'comments', 256);
    if (isAnswer(comments)) return comments;
    order.refundedMinor += refundMinor;
    const refund: RefundOrder = {
      outRefundNo,
      refundTradeNo: newRefundTradeNo(),
      outTradeNo: order.outTradeNo,
      refundAmount: fromMinor(refundMinor, digits),
      refundCurrency: order.currency,
      status: 'REFUND_PENDING',
    };
    this.store.refunds.set(outRefundNo, refund);
    const answer = success(refundData(refund));
    // The sandbox's bank settles at once; the result arrives as a REFUND notification.
    refund.status = 'REFUND_SUCCESS';
    this.notify(order.notifyUrl, 'REFUND', { code: 'APPLY_SUCCESS', msg: '' }, {
      ...refundData(refund),
      refundAmount: Number(refund.refundAmount),
      refundCurrency: refund.refundCurrency,
    });
    return answer;
  }

  /** The buyer pressed Pay (SUCCESS) or Decline (FAILED) on the cashier page. */
  complete(order: TradeOrder, status: 'SUCCESS' | 'FAILED'): void {
    order.status = status;
    order.completeTime = new Date().toISOString();
    const result =
      status === 'SUCCESS'
        ? { code: 'APPLY_SUCCESS', msg: '' }
        : { code: 'PAYMENT_FAILED', msg: 'The payment was declined by the issuer.' };
    this.notify(order.notifyUrl, 'PAYMENT', result, this.tradeData(order));
  }

  private parseOrder(outTradeNo: string, data: JsonObject): TradeOrder | Answer {
    if (data.integrate !== 'Hosted_Checkout') return invalid('integrate is invalid, the sandbox supports Hosted_Checkout.');
    const subject = optionalText(data, 'subject', 256);
    if (isAnswer(subject)) return subject;
    if (!subject) return invalid('subject is invalid,because subject is null.');
    if (!isCurrencyCode(data.currency)) return fail('CURRENCY_INVALID', 'currency is invalid,because currency is not defined.');
    const currency = data.currency;
    if (!isPayerMaxCurrency(currency)) return fail('CURRENCY_INVALID', `currency is invalid,because ${currency} is not supported.`);
    // Major units with at most the currency's ISO 4217 digits: 19.99 JPY or 1.4901 KWD is refused.
    const totalAmount = positiveAmount(data.totalAmount, isoMinorDigits(currency));
    if (totalAmount === null) return fail('AMOUNT_INVALID', 'Amount is incorrect.');
    if (typeof data.country !== 'string' || !/^[A-Z]{2}$/.test(data.country)) {
      return fail('COUNTRY_INVALID', 'No country support, pls re-pay.');
    }
    const userId = optionalText(data, 'userId', 64);
    if (isAnswer(userId)) return userId;
    if (!userId) return invalid('userId is invalid,because userId is null.');
    const notifyUrl = parseHttpUrl(data.notifyUrl);
    if (!notifyUrl) return invalid('notifyUrl is invalid, it must be an http(s) URL.');
    let frontCallbackUrl: string | undefined;
    if (data.frontCallbackUrl !== undefined) {
      const url = parseHttpUrl(data.frontCallbackUrl);
      if (!url) return invalid('frontCallbackUrl is invalid, it must be an http(s) URL.');
      frontCallbackUrl = url.toString();
    }
    const reference = optionalText(data, 'reference', 512);
    if (isAnswer(reference)) return reference;
    const language = optionalText(data, 'language', 16);
    if (isAnswer(language)) return language;
    const expireSeconds = data.expireTime === undefined ? DEFAULT_EXPIRE_SECONDS : Number(data.expireTime);
    if (!Number.isInteger(expireSeconds) || expireSeconds <= 0) return invalid('expireTime is invalid, it must be a positive number of seconds.');
    return {
      outTradeNo,
      tradeToken: newTradeToken(),
      subject,
      totalAmount,
      currency,
      country: data.country,
      userId,
      reference,
      language,
      frontCallbackUrl,
      notifyUrl: notifyUrl.toString(),
      status: 'PENDING',
      expiresAt: Date.now() + expireSeconds * 1000,
      refundedMinor: 0,
    };
  }

  private tradeData(order: TradeOrder): Record<string, unknown> {
    return {
      outTradeNo: order.outTradeNo,
      tradeToken: order.tradeToken,
      totalAmount: Number(order.totalAmount),
      currency: order.currency,
      country: order.country,
      status: order.status,
      reference: order.reference,
      completeTime: order.completeTime,
      paymentDetails:
        order.status === 'SUCCESS'
          ? [{ paymentMethodType: 'CARD', targetOrg: 'VISA', cardInfo: { cardOrg: 'VISA', cardIdentifierNo: '411111******1111' } }]
          : [],
    };
  }

  private scheduleExpiry(order: TradeOrder): void {
    const delay = order.expiresAt - Date.now();
    if (delay > MAX_TIMER_MS) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      // Timers may fire a millisecond before Date.now() reaches expiresAt; the timer itself means "expired".
      this.closeIfExpired(order, Math.max(Date.now(), order.expiresAt));
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  /** A PENDING order past its expiry becomes CLOSED, which PayerMax announces like a failed payment. */
  private closeIfExpired(order: TradeOrder, now = Date.now()): void {
    if (order.status !== 'PENDING' || now < order.expiresAt) return;
    order.status = 'CLOSED';
    order.completeTime = new Date(now).toISOString();
    this.notify(order.notifyUrl, 'PAYMENT', { code: 'PAYMENT_FAILED', msg: 'Payment was not completed on time.' }, this.tradeData(order));
  }

  private notify(url: string, notifyType: 'PAYMENT' | 'REFUND', result: { code: string; msg: string }, data: Record<string, unknown>): void {
    const { appId, merchantNo } = SANDBOX_CREDENTIALS.payermax;
    const body = JSON.stringify({
      ...result,
      keyVersion: '1',
      appId,
      merchantNo,
      notifyTime: new Date().toISOString(),
      notifyType,
      data,
    });
    const sign = platformSign(body);
    void this.ctx.webhooks.send({ provider: 'payermax', url, body, headers: () => ({ sign }), judge: notificationJudge });
  }
}

function refundData(refund: RefundOrder): Record<string, unknown> {
  return {
    outRefundNo: refund.outRefundNo,
    refundTradeNo: refund.refundTradeNo,
    outTradeNo: refund.outTradeNo,
    status: refund.status,
  };
}
