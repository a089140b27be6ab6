import {
  PayermaxPayResponse,
  PaypalPayResponse,
  XsollaPayResponse,
  payerActionLink,
} from '@shop/contract/checkout.schema';
import type { RuntimeConfig } from '@shop/contract/runtime-config';

/** What to do after an order was created (or re-opened) with a provider (spec section 7). */
export type PaymentAction =
  | { kind: 'toast'; text: string }
  | { kind: 'toastKey'; key: 'payment.closeOrder' | 'payment.startFailed' }
  | { kind: 'redirect'; url: string }
  | { kind: 'iframe'; url: string }
  | { kind: 'xsolla'; token: string };

export interface DispatchContext {
  iframePayment: boolean;
  xsolla: RuntimeConfig['xsolla'];
}

export const PAYERMAX_GO_AHEAD_CODES: readonly string[] = ['APPLY_SUCCESS', 'ORDER_REPEAT'];

/** thirdPayResponse is a JSON string; a string that is not JSON counts as an empty answer. */
export function parseThirdPayResponse(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {};
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return {};
  }
}

/** The Pay Station page for a token, for the iframe route (the widget builds the same URL itself). */
export function xsollaPayStationUrl(xsolla: RuntimeConfig['xsolla'], token: string): string {
  const separator = xsolla.payStationUrl.includes('?') ? '&' : '?';
  return `${xsolla.payStationUrl}${separator}token=${encodeURIComponent(token)}`;
}

export function decidePayment(channel: string, thirdPayResponse: unknown, context: DispatchContext): PaymentAction {
  const response = parseThirdPayResponse(thirdPayResponse);

  if (channel === 'xsolla') {
    const parsed = XsollaPayResponse.safeParse(response);
    const answer = parsed.success ? parsed.data : {};
    if (answer.errorMessage) return { kind: 'toast', text: answer.errorMessage };
    if (!answer.token) return { kind: 'toastKey', key: 'payment.startFailed' };
    return context.iframePayment
      ? { kind: 'iframe', url: xsollaPayStationUrl(context.xsolla, answer.token) }
      : { kind: 'xsolla', token: answer.token };
  }

  if (channel === 'paypal') {
    const parsed = PaypalPayResponse.safeParse(response);
    const answer = parsed.success ? parsed.data : {};
    const link = payerActionLink(answer);
    if (link) return context.iframePayment ? { kind: 'iframe', url: link } : { kind: 'redirect', url: link };
    return answer.errorMessage
      ? { kind: 'toast', text: answer.errorMessage }
      : { kind: 'toastKey', key: 'payment.startFailed' };
  }

  if (channel === 'payermax') {
    const parsed = PayermaxPayResponse.safeParse(response);
    if (!parsed.success) return { kind: 'toastKey', key: 'payment.startFailed' };
    const { code, msg, data } = parsed.data;
    if (PAYERMAX_GO_AHEAD_CODES.includes(code)) {
      return data?.redirectUrl ? { kind: 'redirect', url: data.redirectUrl } : { kind: 'toastKey', key: 'payment.closeOrder' };
    }
    return { kind: 'toast', text: msg || code };
  }

  return { kind: 'toastKey', key: 'payment.startFailed' };
}
