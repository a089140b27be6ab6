import { digits } from '../shared/ids.ts';

export type TradeStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'CLOSED';

export interface TradeOrder {
  outTradeNo: string;
  tradeToken: string;
  subject: string;
  /** Canonical decimal string in major units. */
  totalAmount: string;
  currency: string;
  country: string;
  userId: string;
  reference?: string;
  language?: string;
  frontCallbackUrl?: string;
  notifyUrl: string;
  status: TradeStatus;
  expiresAt: number;
  completeTime?: string;
  /** Sum refunded so far, in minor units. */
  refundedMinor: number;
}

export interface RefundOrder {
  outRefundNo: string;
  refundTradeNo: string;
  outTradeNo: string;
  refundAmount: string;
  refundCurrency: string;
  status: 'REFUND_PENDING' | 'REFUND_SUCCESS';
}

function stamp(date = new Date()): string {
  return date.toISOString().replace(/\D/g, '').slice(0, 14);
}

/** PayerMax's token and trade numbers: a prefix, yyyyMMddHHmmss, then random digits. */
export const newTradeToken = (): string => `T${stamp()}${digits(8)}`;
export const newRefundTradeNo = (): string => `R${stamp()}${digits(8)}`;

export class PayerMaxStore {
  readonly orders = new Map<string, TradeOrder>();
  readonly byToken = new Map<string, TradeOrder>();
  readonly refunds = new Map<string, RefundOrder>();
}
