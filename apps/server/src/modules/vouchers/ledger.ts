import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { voucherAccounts, voucherLedger } from '../../db/schema.ts';
import { conflict } from '../../shared/domain-errors.ts';
import { firstRow, rows, typed } from '../../db/statement.ts';

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
 * The voucher ledger: append-only entries with a unique reference, and a balance per role that the database keeps at or
 * above zero (CHECK) even if this code were wrong.
 * Lock step: `lockAccount` locks the role's account row (creating it at 0 if it has none) before the reference is
 * checked, so all changes to one account are serialised and a repeated reference returns the first entry instead of
 * applying twice. Two statements per change: the lock, then one that checks the reference, moves the balance and appends
 * the entry.
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
    const balance = await this.lockAccount(tx, change.gameAccountId);
    return this.append(tx, change, balance);
  }

  /**
   * Takes back up to `upTo` vouchers (a refund): as many as the balance holds, since what the player spent in the game
   * cannot come back and the balance never goes below zero. Returns how many were taken.
   */
  async takeBack(tx: Executor, change: Omit<LedgerChange, 'amount'> & { upTo: number }): Promise<number> {
    const balance = await this.lockAccount(tx, change.gameAccountId);
    const amount = Math.min(balance, change.upTo);
    if (amount <= 0) return 0;
    const { entry } = await this.append(tx, { ...change, amount: -amount }, balance);
    return -entry.amount;
  }

  /** Locks the account row, creating it at 0; its balance. */
  private async lockAccount(tx: Executor, gameAccountId: number): Promise<number> {
    const [row] = await rows(tx, typed<{ balance: number | string }>(lockAccountStatement(gameAccountId)));
    return Number(row!.balance);
  }

  /** Under the account's lock: the earlier entry of the reference, or the balance moved and the new entry, in one statement. */
  private async append(tx: Executor, change: LedgerChange, balance: number): Promise<{ entry: LedgerEntry; repeated: boolean }> {
    const row = await firstRow(tx, typed<Record<string, unknown>>(appendStatement(change)));
    if (!row) {
      // Neither a new entry nor an earlier one: the balance would have gone below zero.
      if (balance + change.amount < 0) throw new InsufficientVouchersError();
      throw new Error(`ledger: ${change.reference} was neither applied nor found`);
    }
    const entry = ledgerEntryOf(row);
    if (row['repeated'] === true || row['repeated'] === 't') {
      if (entry.gameAccountId !== change.gameAccountId || entry.amount !== change.amount) throw conflict('conflict');
      return { entry, repeated: true };
    }
    return { entry, repeated: false };
  }
}

/** Locks a role's voucher account (ON CONFLICT DO UPDATE takes the row lock, as FOR UPDATE would), creating it at 0. */
export function lockAccountStatement(gameAccountId: number): SQL {
  return sql`
    INSERT INTO voucher_accounts (game_account_id, balance) VALUES (${gameAccountId}, 0)
    ON CONFLICT (game_account_id) DO UPDATE SET balance = voucher_accounts.balance
    RETURNING balance`;
}

/**
 * Under the account's lock: the earlier entry of the reference (repeated: true), or the balance moved and the new entry
 * (repeated: false); no row when the balance would go below zero.
 */
export function appendStatement(change: LedgerChange): SQL {
  return sql`
    WITH earlier AS (
      SELECT * FROM voucher_ledger WHERE reference = ${change.reference}),
    moved AS (
      UPDATE voucher_accounts SET balance = balance + ${change.amount}, updated_at = now()
       WHERE game_account_id = ${change.gameAccountId} AND NOT EXISTS (SELECT 1 FROM earlier) AND balance + ${change.amount} >= 0
      RETURNING balance),
    entry AS (
      INSERT INTO voucher_ledger (game_account_id, amount, balance_after, kind, reference, order_id)
      SELECT ${change.gameAccountId}, ${change.amount}, moved.balance, ${change.kind}, ${change.reference}, ${change.orderId ?? null}::int8
        FROM moved
      RETURNING *)
    SELECT false AS repeated, * FROM entry
    UNION ALL SELECT true AS repeated, * FROM earlier`;
}

/** A voucher_ledger row read with raw SQL, as Drizzle would return it. */
function ledgerEntryOf(row: Record<string, unknown>): LedgerEntry {
  return {
    id: Number(row['id']),
    gameAccountId: Number(row['game_account_id']),
    amount: Number(row['amount']),
    balanceAfter: Number(row['balance_after']),
    kind: String(row['kind']),
    reference: String(row['reference']),
    orderId: row['order_id'] === null || row['order_id'] === undefined ? null : Number(row['order_id']),
    createdAt: row['created_at'] instanceof Date ? row['created_at'] : new Date(String(row['created_at'])),
  };
}
