import { z } from 'zod';

/**
 * PayerMax notifications (to the notifyUrl of orderAndPay / refund). The `sign` header must be checked with
 * PayermaxClient.verifySignature on the raw body before this schema sees it. Objects are loose so that fields PayerMax
 * adds later never make a genuine notification fail.
 */

/** Amounts are in major units; PayerMax sends them as JSON numbers, some channels as decimal strings. */
const Amount = z.union([z.number().finite(), z.string().trim().min(1)]);

const Envelope = {
  code: z.string(),
  msg: z.string().optional(),
  keyVersion: z.union([z.string(), z.number()]).optional(),
  appId: z.string(),
  merchantNo: z.string(),
  notifyTime: z.string().optional(),
};

export const PayermaxPaymentNotification = z.looseObject({
  ...Envelope,
  notifyType: z.literal('PAYMENT'),
  data: z.looseObject({
    outTradeNo: z.string().min(1),
    tradeToken: z.string().optional(),
    totalAmount: Amount,
    currency: z.string().length(3),
    country: z.string().optional(),
    /** Only these final states are notified; anything else is refused rather than guessed at. */
    status: z.enum(['SUCCESS', 'FAILED', 'CLOSED']),
    completeTime: z.string().optional(),
  }),
});

export const PayermaxRefundNotification = z.looseObject({
  ...Envelope,
  notifyType: z.literal('REFUND'),
  data: z.looseObject({
    outRefundNo: z.string().min(1),
    outTradeNo: z.string().min(1),
    refundTradeNo: z.string().optional(),
    refundAmount: Amount,
    refundCurrency: z.string().length(3),
    /** E.g. REFUND_SUCCESS, REFUND_FAILED. */
    status: z.string(),
    completeTime: z.string().optional(),
  }),
});

export const PayermaxNotification = z.discriminatedUnion('notifyType', [
  PayermaxPaymentNotification,
  PayermaxRefundNotification,
]);

export type PayermaxPaymentNotification = z.infer<typeof PayermaxPaymentNotification>;
export type PayermaxRefundNotification = z.infer<typeof PayermaxRefundNotification>;
export type PayermaxNotification = z.infer<typeof PayermaxNotification>;

/** The exact reply PayerMax expects for a notification it should stop resending. */
export const PAYERMAX_NOTIFY_SUCCESS = { code: 'SUCCESS', msg: 'Success' } as const;
