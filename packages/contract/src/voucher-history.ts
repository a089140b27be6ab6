import { z } from 'zod';
import { defineRoute } from './route.ts';

/**
 * Kinds of voucher ledger entries: bought, spent in the game, a spend given back, taken back by a refund, and a manual
 * credit or debit by the publisher's customer service (console).
 */
export const VoucherEntryKind = z.enum(['purchase', 'spend', 'spend_reversal', 'refund', 'adjustment']);
export type VoucherEntryKind = z.infer<typeof VoucherEntryKind>;

export const VOUCHER_HISTORY_PAGE_SIZE = 50;

export const VoucherHistoryEntry = z.object({
  id: z.number().int(),
  kind: VoucherEntryKind,
  /** Positive credits, negative debits (vouchers). */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
  /** The shop order behind a purchase or refund. */
  orderSn: z.string().nullable(),
  /** The game's item behind a spend or its reversal. */
  itemName: z.string().nullable(),
});
export type VoucherHistoryEntry = z.infer<typeof VoucherHistoryEntry>;

export const VoucherHistory = z.object({
  balance: z.number().int(),
  total: z.number().int(),
  list: z.array(VoucherHistoryEntry),
});
export type VoucherHistory = z.infer<typeof VoucherHistory>;

export const voucherHistory = defineRoute({
  method: 'GET',
  path: '/v1/voucher/history',
  auth: 'user',
  summary: "The session's game account: voucher balance and its ledger, newest first (purchases, spends in the game, reversals, refunds, adjustments by customer service)",
  query: z.object({
    pageNum: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(VOUCHER_HISTORY_PAGE_SIZE).default(VOUCHER_HISTORY_PAGE_SIZE),
  }),
  data: VoucherHistory,
});
