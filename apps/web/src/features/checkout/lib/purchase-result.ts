import { OrderStatus } from '@shop/contract/orders';
import { outcomeOf, type Outcome } from '../../../shared/lib/order-outcome';

/** What the purchase result screen shows for an order's status. */
export type PurchaseResult = Outcome | 'delivering';

/**
 * The shared reading of a status, except that paid (2) is not yet a success here: the goods are still on their way to
 * the game account, which either takes them (3) or not (8, Delivery Error).
 */
export const purchaseResultOf = (status: number): PurchaseResult =>
  status === OrderStatus.PAYMENT_COMPLETE ? 'delivering' : outcomeOf(status);

/** The screen keeps asking while the payment is being processed (0, 1) and while the goods are being delivered (2). */
export function isFinalResult(status: number): boolean {
  const result = purchaseResultOf(status);
  return result !== 'pending' && result !== 'delivering';
}
