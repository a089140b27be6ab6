import { describe, expect, it } from 'vitest';
import { PAYERMAX_NOTIFY_SUCCESS, PayermaxNotification, PayermaxPaymentNotification } from './notification.ts';

const payment = {
  code: 'APPLY_SUCCESS',
  msg: 'Success.',
  keyVersion: '1',
  appId: 'app-1',
  merchantNo: 'M-1',
  notifyTime: '2025-01-02T03:04:05.678Z',
  notifyType: 'PAYMENT',
  data: {
    outTradeNo: 'SN1',
    tradeToken: 'T1',
    totalAmount: 4.99,
    currency: 'USD',
    country: 'AE',
    status: 'SUCCESS',
    completeTime: '2025-01-02T03:04:05.000Z',
    paymentDetails: [{ paymentMethodType: 'CARD' }],
  },
};

describe('PayerMax notifications', () => {
  it('parse a payment and keep unknown fields', () => {
    const parsed = PayermaxPaymentNotification.parse(payment);
    expect(parsed.data.status).toBe('SUCCESS');
    expect(parsed.data).toHaveProperty('paymentDetails');
  });

  it('accept amounts as numbers or decimal strings', () => {
    expect(PayermaxPaymentNotification.parse({ ...payment, data: { ...payment.data, totalAmount: '4.99' } }).data.totalAmount).toBe('4.99');
  });

  it('refuse a status that is not a documented final state', () => {
    expect(PayermaxPaymentNotification.safeParse({ ...payment, data: { ...payment.data, status: 'PENDING' } }).success).toBe(false);
  });

  it('tell payment and refund apart', () => {
    const refund = PayermaxNotification.parse({
      ...payment,
      notifyType: 'REFUND',
      data: { outRefundNo: 'R1', outTradeNo: 'SN1', refundAmount: 4.99, refundCurrency: 'USD', status: 'REFUND_SUCCESS' },
    });
    expect(refund.notifyType).toBe('REFUND');
    expect(PayermaxNotification.safeParse({ ...payment, notifyType: 'PAYOUT' }).success).toBe(false);
  });

  it('have the exact success reply', () => {
    expect(JSON.stringify(PAYERMAX_NOTIFY_SUCCESS)).toBe('{"code":"SUCCESS","msg":"Success"}');
  });
});
