import { OrderStatus } from '@shop/contract/orders';

/** How the payment return and purchase result screens read an order's status: only our server's status counts, never the provider's. */
export type Outcome = 'pending' | 'success' | 'failed' | 'closed' | 'refunded' | 'deliveryError';

export function outcomeOf(status: number): Outcome {
  switch (status) {
    case OrderStatus.AWAITING_PAYMENT:
    case OrderStatus.PAYMENT_PROCESSING:
      return 'pending';
    case OrderStatus.PAYMENT_COMPLETE:
    case OrderStatus.ORDER_COMPLETE:
      return 'success';
    case OrderStatus.TRANSACTION_FAILED:
      return 'failed';
    case OrderStatus.DELIVERY_ERROR:
      return 'deliveryError';
    case OrderStatus.REFUND_COMPLETE:
    case OrderStatus.REFUNDED_AFTER_DELIVERY:
      return 'refunded';
    default:
      return 'closed';
  }
}
