import { xsollaToken } from '@shop/contract/checkout';
import type { RuntimeConfig } from '@shop/contract/runtime-config';
import { call } from '../../api/client';
import { hasOptionalStrings, isRecord } from './answer-shape';
import type { FrameOutcome, PaymentProvider } from './payment-provider';

/** Xsolla's answer (XsollaPayResponse): a Pay Station token, or the reason none could be had. */
export interface XsollaAnswer {
  token?: string;
  errorMessage?: string;
}

export const isXsollaAnswer = (value: unknown): value is XsollaAnswer => isRecord(value) && hasOptionalStrings(value, ['token', 'errorMessage']);

/** The Pay Station page for a token, for the iframe route (the widget builds the same URL itself). */
export function xsollaPayStationUrl(xsolla: RuntimeConfig['xsolla'], token: string): string {
  const separator = xsolla.payStationUrl.includes('?') ? '&' : '?';
  return `${xsolla.payStationUrl}${separator}token=${encodeURIComponent(token)}`;
}

/**
 * Xsolla's pay frame posts JSON strings `{command: "status", data: {paymentInfo: {status}}}`; returns the status
 * (invoice, delivering, done, troubled) or undefined for anything else.
 */
export function xsollaStatusOf(message: unknown): string | undefined {
  let value: unknown = message;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (!value || typeof value !== 'object') return undefined;
  const { command, data } = value as { command?: unknown; data?: { paymentInfo?: { status?: unknown } } };
  if (command !== 'status') return undefined;
  const status = data?.paymentInfo?.status;
  return typeof status === 'string' ? status : undefined;
}

const FRAME_OUTCOMES: Record<string, FrameOutcome> = { done: 'return', troubled: 'cancel' };

/** Pay Station: its widget (a lightbox on our page), or its page in the /pay iframe in iframe payment mode. */
export const xsollaProvider: PaymentProvider = {
  name: 'xsolla',
  decide(response, context) {
    const answer = isXsollaAnswer(response) ? response : {};
    if (answer.errorMessage) return { kind: 'toast', text: answer.errorMessage };
    if (!answer.token) return { kind: 'toastKey', key: 'payment.startFailed' };
    return context.iframePayment
      ? { kind: 'iframe', url: xsollaPayStationUrl(context.xsolla, answer.token) }
      : { kind: 'xsolla', token: answer.token };
  },
  reopen: (order) => call(xsollaToken, { body: { orderId: order.id } }),
  async openWidget(token, target, context) {
    // the widget's code loads only when it opens
    const { openXsollaWidget } = await import('./xsolla-widget');
    await openXsollaWidget(context.xsolla, token, target);
  },
  frameOutcome(message) {
    const status = xsollaStatusOf(message);
    return status === undefined ? undefined : FRAME_OUTCOMES[status];
  },
};
