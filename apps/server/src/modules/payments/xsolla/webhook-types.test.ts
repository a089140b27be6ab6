import { describe, expect, it } from 'vitest';
import { XsollaNotification, XsollaPaymentNotification, XsollaUserValidation } from './webhook-types.ts';

const settings = { project_id: 200002, merchant_id: 100001 };
const user = { id: '42', email: 'player@example.com', country: 'DE', ip: '127.0.0.1' };
const payment = {
  notification_type: 'payment',
  settings,
  purchase: { checkout: { currency: 'USD', amount: 4.99 }, total: { currency: 'USD', amount: 4.99 } },
  user,
  transaction: { id: 87654321, external_id: 'SN1', dry_run: 1, payment_date: '2025-01-01 10:00:00', payment_method: 1380, agreement: 1 },
  payment_details: { payment: { currency: 'USD', amount: 4.99 } },
  custom_parameters: { orderId: 7 },
};

describe('Xsolla webhook schemas', () => {
  it('parse a payment and keep fields they do not know', () => {
    const parsed = XsollaPaymentNotification.parse(payment);
    expect(parsed.transaction.external_id).toBe('SN1');
    expect(parsed.purchase.checkout).toEqual({ currency: 'USD', amount: 4.99 });
    expect(parsed).toHaveProperty('payment_details');
    expect(parsed.user).toHaveProperty('ip', '127.0.0.1');
  });

  it('accept a payment with only purchase.total', () => {
    const { checkout: _checkout, ...purchase } = payment.purchase;
    expect(XsollaPaymentNotification.safeParse({ ...payment, purchase }).success).toBe(true);
  });

  it('refuse a payment without amount, external id or with a string amount', () => {
    expect(XsollaPaymentNotification.safeParse({ ...payment, purchase: {} }).success).toBe(false);
    const { external_id: _externalId, ...transaction } = payment.transaction;
    expect(XsollaPaymentNotification.safeParse({ ...payment, transaction }).success).toBe(false);
    const stringAmount = { ...payment, purchase: { checkout: { currency: 'USD', amount: '4.99' } } };
    expect(XsollaPaymentNotification.safeParse(stringAmount).success).toBe(false);
  });

  it('parse user validation, refund and order events through the union', () => {
    expect(XsollaUserValidation.parse({ notification_type: 'user_validation', settings, user }).user.id).toBe('42');
    const refund = XsollaNotification.parse({
      ...payment,
      notification_type: 'refund',
      refund_details: { code: 1, reason: 'Cancellation', author: 'user' },
    });
    expect(refund.notification_type).toBe('refund');
    const paid = XsollaNotification.parse({
      notification_type: 'order_paid',
      items: [{ sku: 'gems-100', quantity: 1 }],
      order: { id: 5, status: 'paid', amount: '4.99', currency: 'USD', invoice_id: '87654321' },
      user: { external_id: '42', email: 'player@example.com' },
    });
    expect(paid.notification_type === 'order_paid' && paid.order.invoice_id).toBe('87654321');
    expect(
      XsollaNotification.safeParse({ notification_type: 'order_canceled', order: { id: 5, status: 'canceled' }, user: {} }).success,
    ).toBe(true);
  });

  it('do not accept notification types the shop does not handle', () => {
    expect(XsollaNotification.safeParse({ notification_type: 'create_subscription', settings, user }).success).toBe(false);
  });
});
