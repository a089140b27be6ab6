import type { DuplicatePaymentView } from '@shop/contract/ops';

const COLORS: Record<DuplicatePaymentView['status'], string> = { open: 'orange', refund_pending: 'blue', refund_failed: 'red', refunded: 'green' };

/** A second payment's state as a tag's colour: open waits (orange), a failed refund is red, a refunded one green. */
export const secondPaymentColor = (status: DuplicatePaymentView['status']) => COLORS[status] ?? 'orange';
