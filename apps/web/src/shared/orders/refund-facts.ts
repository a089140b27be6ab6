import type { Order } from '@shop/contract/orders';

export type CompletedRefund = NonNullable<Order['refund']>;

export interface RefundVoucherFacts {
  /** Vouchers taken back from the balance; undefined for an order that credited none (goods, gifts). */
  takenBack?: number;
  /** Vouchers already spent in the game when the refund was made, which stay with the player; undefined when none. */
  kept?: number;
}

/** What a refunded order's details say about its vouchers: nothing for goods, the taken-back count for a voucher order, the kept ones when some were spent. */
export function refundVoucherFacts(refund: CompletedRefund): RefundVoucherFacts {
  const credited = refund.vouchersTakenBack + refund.vouchersUnrecovered;
  if (credited <= 0) return {};
  return {
    takenBack: refund.vouchersTakenBack,
    ...(refund.vouchersUnrecovered > 0 ? { kept: refund.vouchersUnrecovered } : {}),
  };
}
