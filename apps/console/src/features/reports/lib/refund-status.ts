import type { RefundReportEntry } from '@shop/contract/console/reports';

/** A refund's state as a tag's colour. */
export const REFUND_STATUS_COLORS: Record<RefundReportEntry['status'], string> = { completed: 'green', pending: 'gold', failed: 'red' };
