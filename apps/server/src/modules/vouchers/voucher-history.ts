import { desc, eq, or, sql } from 'drizzle-orm';
import type { VoucherEntryKind, VoucherHistory } from '@shop/contract/voucher-history';
import type { Db } from '../../db/client.ts';
import { gameVoucherSpends, orders, voucherLedger } from '../../db/schema.ts';
import type { VoucherLedger } from './ledger.ts';

/** A game account's voucher ledger as the player reads it: one indexed page, with the order or game item behind each entry. */
export class VoucherHistoryService {
  constructor(
    private readonly db: Db,
    private readonly ledger: VoucherLedger,
  ) {}

  async page(gameAccountId: number | undefined, pageNum: number, pageSize: number): Promise<VoucherHistory> {
    if (gameAccountId === undefined) return { balance: 0, total: 0, list: [] };
    const [rows, [counted], balance] = await Promise.all([
      this.db
        .select({
          id: voucherLedger.id,
          kind: voucherLedger.kind,
          amount: voucherLedger.amount,
          balanceAfter: voucherLedger.balanceAfter,
          createdAt: voucherLedger.createdAt,
          orderSn: orders.orderSn,
          itemName: sql<string | null>`coalesce(${gameVoucherSpends.itemName}, ${gameVoucherSpends.itemId})`,
        })
        .from(voucherLedger)
        .leftJoin(orders, eq(orders.id, voucherLedger.orderId))
        .leftJoin(
          gameVoucherSpends,
          or(eq(gameVoucherSpends.spendEntryId, voucherLedger.id), eq(gameVoucherSpends.reversalEntryId, voucherLedger.id)),
        )
        .where(eq(voucherLedger.gameAccountId, gameAccountId))
        .orderBy(desc(voucherLedger.id))
        .limit(pageSize)
        .offset((pageNum - 1) * pageSize),
      this.db.select({ total: sql<number>`count(*)::int` }).from(voucherLedger).where(eq(voucherLedger.gameAccountId, gameAccountId)),
      this.ledger.balance(gameAccountId),
    ]);
    return {
      balance,
      total: Number(counted?.total ?? 0),
      list: rows.map((row) => ({
        id: row.id,
        kind: row.kind as VoucherEntryKind,
        amount: row.amount,
        balanceAfter: row.balanceAfter,
        createdAt: row.createdAt.toISOString(),
        orderSn: row.orderSn,
        itemName: row.itemName,
      })),
    };
  }
}
