import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { voucherAccounts, voucherLedger } from '../../db/schema.ts';
import { conflict } from '../../shared/domain-errors.ts';

export type LedgerEntry = typeof voucherLedger.$inferSelect;

/** `adjustment`: an operator's manual credit or debit in the console (reference `adjust:<key>`, reason in the audit log). */
export type LedgerKind = 'purchase' | 'spend' | 'spend_reversal' | 'refund' | 'adjustment';

export interface LedgerChange {
  gameAccountId: number;
  /** Positive credits, negative debits; never zero. */
  amount: number;
  kind: LedgerKind;
  /** Unique per change (e.g. "order:<orderSn>"): the same reference is applied at most once. */
  reference: string;
  orderId?: number;
}

export class InsufficientVouchersError extends Error {}

/**
 * The voucher ledger. Lock step: the account row is locked with FOR UPDATE before the reference is checked, so all
 * changes to one account are serialised and a repeated reference returns the first entry instead of applying twice.
 * The database refuses a negative balance (CHECK balance >= 0) even if this code were wrong.
 */
export class VoucherLedger {
  constructor(private readonly db: Db) {}

  async balance(gameAccountId: number, executor: Executor = this.db): Promise<number> {
    const [row] = await executor
      .select({ balance: voucherAccounts.balance })
      .from(voucherAccounts)
      .where(eq(voucherAccounts.gameAccountId, gameAccountId));
    return row?.balance ?? 0;
  }

  /** Applies a change inside the caller's transaction; returns the entry (the earlier one for a repeated reference). */
  async apply(tx: Executor, change: LedgerChange): Promise<{ entry: LedgerEntry; repeated: boolean }> {
    if (!Number.isSafeInteger(change.amount) || change.amount === 0) throw new RangeError('ledger amount must be a non-zero integer');
    await tx.insert(voucherAccounts).values({ gameAccountId: change.gameAccountId, balance: 0 }).onConflictDoNothing();
    const [account] = await tx
      .select({ balance: voucherAccounts.balance })
      .from(voucherAccounts)
      .where(eq(voucherAccounts.gameAccountId, change.gameAccountId))
      .for('update');
    const [earlier] = await tx
      .select()
      .from(voucherLedger)
      .where(and(eq(voucherLedger.reference, change.reference)));
    if (earlier) {
      if (earlier.gameAccountId !== change.gameAccountId || earlier.amount !== change.amount) throw conflict('conflict');
      return { entry: earlier, repeated: true };
    }
    const balanceAfter = account!.balance + change.amount;
    if (balanceAfter < 0) throw new InsufficientVouchersError();
    await tx
      .update(voucherAccounts)
      .set({ balance: sql`${voucherAccounts.balance} + ${change.amount}`, updatedAt: new Date() })
      .where(eq(voucherAccounts.gameAccountId, change.gameAccountId));
    const [entry] = await tx
      .insert(voucherLedger)
      .values({
        gameAccountId: change.gameAccountId,
        amount: change.amount,
        balanceAfter,
        kind: change.kind,
        reference: change.reference,
        orderId: change.orderId ?? null,
      })
      .returning();
    return { entry: entry!, repeated: false };
  }
}
