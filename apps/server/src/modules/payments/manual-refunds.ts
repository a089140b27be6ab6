import { conflict, notFound } from '../../shared/domain-errors.ts';
import type { OrderRow } from '../orders/order-state-machine.ts';
import { UnknownOrderError, type RefundRecord, type SettlementService } from './settlement.ts';

/**
 * Refunds made outside the shop (in a provider's dashboard, by bank transfer), recorded by an operator: the order is
 * refunded through the same settlement as a provider's confirmation, so it gives back what it gave exactly once.
 */
export class ManualRefunds {
  constructor(private readonly settlement: SettlementService) {}

  /** Conflict when the order is not (or no longer) refundable. */
  async complete(orderId: number, record: RefundRecord = { provider: 'manual', initiatedBy: 'operator' }): Promise<OrderRow> {
    try {
      const refunded = await this.settlement.recordRefund(orderId, record);
      if (!refunded) throw conflict('orderNotRefundable');
      return refunded.order;
    } catch (error) {
      if (error instanceof UnknownOrderError) throw notFound('orderNotFound');
      throw error;
    }
  }
}
