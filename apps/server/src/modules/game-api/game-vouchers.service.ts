import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { ReverseResult, SpendResult, VoucherBalance } from '@shop/contract/game-api';
import type { Db, Executor } from '../../db/client.ts';
import { gameAccounts, gameVoucherSpends, voucherLedger } from '../../db/schema.ts';
import { notFound, conflict } from '../../shared/domain-errors.ts';
import type { VoucherLedger } from '../vouchers/ledger.ts';
import { rows, typed, type Numeric } from '../../db/statement.ts';

/** Advisory lock namespace of one game transaction id. */
const LOCK_GAME_TRANSACTION = 727_301;

type SpendRow = typeof gameVoucherSpends.$inferSelect;

export interface SpendRequest {
  serverId: string;
  roleId: string;
  transactionId: string;
  amount: number;
  itemId: string;
  itemName?: string;
}

/** What the idempotency key is bound to: everything of the request but the key itself. */
const requestHashOf = (body: SpendRequest) =>
  createHash('sha256')
    .update(JSON.stringify([body.serverId, body.roleId, body.amount, body.itemId, body.itemName ?? null]))
    .digest('hex');

/** Whether an error (or its cause, as drivers and Drizzle wrap them) is PostgreSQL's unique violation. */
function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A spend as one statement, the ledger's rules in it: the role's balance goes down only if it holds the amount (a
 * conditional update: under concurrency PostgreSQL re-checks it on the row as the previous spend left it), the ledger
 * entry is appended under the reference `game:<app>:<transaction>` (unique), and the spend is kept under (app,
 * transactionId) (primary key). A repeated transactionId violates the key and the whole statement changes nothing.
 * Returns no row when the role is unknown or short of vouchers.
 */
export function spendStatement(appId: number, body: SpendRequest, requestHash: string): SQL {
  return sql`
    WITH role AS (
      SELECT id FROM game_accounts WHERE app_id = ${appId} AND server_id = ${body.serverId} AND role_id = ${body.roleId}),
    moved AS (
      UPDATE voucher_accounts SET balance = balance - ${body.amount}, updated_at = now()
       WHERE game_account_id = (SELECT id FROM role) AND balance >= ${body.amount}
      RETURNING game_account_id, balance),
    entry AS (
      INSERT INTO voucher_ledger (game_account_id, amount, balance_after, kind, reference)
      SELECT game_account_id, ${-body.amount}, balance, 'spend', ${`game:${appId}:${body.transactionId}`} FROM moved
      RETURNING id, game_account_id, balance_after),
    spend AS (
      INSERT INTO game_voucher_spends (app_id, transaction_id, request_hash, game_account_id, amount, item_id, item_name, spend_entry_id)
      SELECT ${appId}, ${body.transactionId}, ${requestHash}, game_account_id, ${body.amount}, ${body.itemId}, ${body.itemName ?? null}, id FROM entry
      RETURNING created_at)
    SELECT entry.balance_after, spend.created_at FROM entry, spend`;
}

/**
 * Vouchers spent in the games, through the ledger (append-only, balance never below zero).
 * A spend is one statement (spendStatement) in its own transaction: a retry racing the first request waits for its row
 * lock and then finds the transactionId taken, and answers the stored result. Reversals take an advisory lock named after the
 * transaction, then the ledger locks the account row.
 */
export class GameVouchersService {
  constructor(
    private readonly db: Db,
    private readonly ledger: VoucherLedger,
  ) {}

  async balance(appId: number, role: { serverId: string; roleId: string }): Promise<VoucherBalance> {
    const account = await this.roleAccount(this.db, appId, role);
    return { serverId: role.serverId, roleId: role.roleId, balance: account ? await this.ledger.balance(account.id) : 0 };
  }

  async spend(appId: number, body: SpendRequest): Promise<SpendResult> {
    const requestHash = requestHashOf(body);
    let row: { balance_after: Numeric; created_at: Date | string } | undefined;
    try {
      // In a transaction of its own although it is one statement: the COMMIT is then sent only once the statement has
      // answered, so a spend whose caller has gone (a partition, a timeout answered with 503) is rolled back by
      // PostgreSQL (idle_in_transaction_session_timeout) instead of committing after the game was told it failed.
      [row] = await this.db.transaction((tx) => rows(tx, typed<NonNullable<typeof row>>(spendStatement(appId, body, requestHash))));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    if (row) {
      const createdAt = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
      return { transactionId: body.transactionId, amount: body.amount, balance: Number(row.balance_after), reversed: false, createdAt: createdAt.toISOString() };
    }
    // Spent before under this transactionId (the same request again: its first answer), or nothing to spend.
    const earlier = await this.findSpend(this.db, appId, body.transactionId);
    if (!earlier) throw conflict('insufficientVouchers');
    if (earlier.requestHash !== requestHash) throw conflict('idempotencyKeyReused');
    return this.spendResult(this.db, earlier);
  }

  async reverse(appId: number, transactionId: string, reason?: string): Promise<ReverseResult> {
    return this.db.transaction(async (tx) => {
      await this.lockTransaction(tx, appId, transactionId);
      const spend = await this.findSpend(tx, appId, transactionId);
      if (!spend) throw notFound('spendNotFound');
      if (spend.reversalEntryId !== null) {
        const [entry] = await tx.select({ balanceAfter: voucherLedger.balanceAfter }).from(voucherLedger).where(eq(voucherLedger.id, spend.reversalEntryId));
        return { transactionId, amount: spend.amount, balance: entry!.balanceAfter };
      }
      const { entry } = await this.ledger.apply(tx, {
        gameAccountId: spend.gameAccountId,
        amount: spend.amount,
        kind: 'spend_reversal',
        reference: `game:${appId}:${transactionId}:reversal`,
      });
      await tx
        .update(gameVoucherSpends)
        .set({ reversalEntryId: entry.id, reversalReason: reason ?? null })
        .where(and(eq(gameVoucherSpends.appId, appId), eq(gameVoucherSpends.transactionId, transactionId)));
      return { transactionId, amount: spend.amount, balance: entry.balanceAfter };
    });
  }

  private async lockTransaction(tx: Executor, appId: number, transactionId: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_GAME_TRANSACTION}, hashtext(${`${appId}:${transactionId}`}))`);
  }

  private async findSpend(tx: Executor, appId: number, transactionId: string): Promise<SpendRow | undefined> {
    const [row] = await tx
      .select()
      .from(gameVoucherSpends)
      .where(and(eq(gameVoucherSpends.appId, appId), eq(gameVoucherSpends.transactionId, transactionId)));
    return row;
  }

  private async spendResult(tx: Executor, spend: SpendRow): Promise<SpendResult> {
    const [entry] = await tx.select({ balanceAfter: voucherLedger.balanceAfter }).from(voucherLedger).where(eq(voucherLedger.id, spend.spendEntryId));
    return {
      transactionId: spend.transactionId,
      amount: spend.amount,
      balance: entry!.balanceAfter,
      reversed: spend.reversalEntryId !== null,
      createdAt: spend.createdAt.toISOString(),
    };
  }

  private async roleAccount(executor: Executor, appId: number, role: { serverId: string; roleId: string }) {
    const [account] = await executor
      .select({ id: gameAccounts.id })
      .from(gameAccounts)
      .where(and(eq(gameAccounts.appId, appId), eq(gameAccounts.serverId, role.serverId), eq(gameAccounts.roleId, role.roleId)));
    return account;
  }
}
