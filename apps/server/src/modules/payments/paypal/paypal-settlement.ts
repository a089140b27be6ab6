import type { PaypalClient } from './paypal-client.ts';
import type { SettleOutcome, SettlementService } from '../settlement.ts';
import type { OrderRow } from '../../orders/order-state-machine.ts';

/**
 * Captures an approved PayPal order and settles ours from the answer. Called by the return page and by the
 * CHECKOUT.ORDER.APPROVED webhook, whichever comes first; the capture's request id is derived from our order so both
 * get the same capture, and settlement records it under the capture id, so it counts once.
 */
export async function captureAndSettle(paypal: PaypalClient, settlement: SettlementService, order: OrderRow): Promise<SettleOutcome> {
  const paypalOrderId = order.thirdOrderId!;
  const capture = await paypal.captureOrder(paypalOrderId, `capture-${order.orderSn}`);
  const ref = { id: order.id };
  switch (capture.outcome) {
    case 'completed':
      return settlement.confirmPaid({
        provider: 'paypal',
        eventKey: `capture:${capture.captureId}`,
        eventType: 'capture.completed',
        order: ref,
        amountMinor: capture.amountMinor,
        currency: capture.currency,
        thirdOrderId: paypalOrderId,
        paymentId: capture.captureId,
        payload: capture,
      });
    case 'pending':
      return settlement.paymentPending({
        provider: 'paypal',
        eventKey: `capture-pending:${capture.captureId}`,
        eventType: 'capture.pending',
        order: ref,
        payload: capture,
      });
    case 'declined':
      return settlement.paymentFailed({
        provider: 'paypal',
        eventKey: `capture-declined:${capture.captureId ?? paypalOrderId}`,
        eventType: 'capture.declined',
        order: ref,
        payload: capture,
      });
  }
}

/**
 * A PayPal refund that PayPal answered or reported COMPLETED, from whichever path learned of it (the operator's refund
 * call, reconciliation; the webhook uses the same key): one event key per PayPal refund, so it counts once. The capture it
 * refunded tells a second payment's refund from the order's own.
 */
export function settlePaypalRefund(
  settlement: SettlementService,
  refund: { orderId: number; refundId: string; amountMinor: number; currency: string; captureId?: string; eventType: string; payload: unknown },
): Promise<SettleOutcome> {
  return settlement.refunded({
    provider: 'paypal',
    eventKey: `refund:${refund.refundId}`,
    eventType: refund.eventType,
    order: { id: refund.orderId },
    amountMinor: refund.amountMinor,
    currency: refund.currency,
    providerRefundId: refund.refundId,
    ...(refund.captureId ? { refundedPaymentId: refund.captureId } : {}),
    payload: refund.payload,
  });
}
