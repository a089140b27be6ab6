import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ReverseResult, SpendResult, VoucherBalance } from '@shop/contract/game-api';
import type { Db, Executor } from '../../db/client.ts';
import { gameAccounts, gameVoucherSpends, voucherLedger } from '../../db/schema.ts';
import { notFound, conflict } from '../../shared/domain-errors.ts';
import { InsufficientVouchersError, type VoucherLedger } from '../vouchers/ledger.ts';

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

/**
 * Vouchers spent in the games, through the ledger (append-only, balance never below zero).
 * Lock step: every spend or reversal of one (game, transactionId) first takes an advisory lock named after it, so a
 * retry racing the first request waits and then answers the stored result; the ledger then locks the account row.
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
    return this.db.transaction(async (tx) => {
      await this.lockTransaction(tx, appId, body.transactionId);
      const earlier = await this.findSpend(tx, appId, body.transactionId);
      if (earlier) {
        if (earlier.requestHash !== requestHash) throw conflict('idempotencyKeyReused');
        return this.spendResult(tx, earlier);
      }
      const account = await this.roleAccount(tx, appId, body);
      // A role the shop has never seen has no vouchers.
      if (!account) throw conflict('insufficientVouchers');
      let entry;
      try {
        ({ entry } = await this.ledger.apply(tx, {
          gameAccountId: account.id,
          amount: -body.amount,
          kind: 'spend',
          reference: `game:${appId}:${body.transactionId}`,
        }));
      } catch (error) {
        if (error instanceof InsufficientVouchersError) throw conflict('insufficientVouchers');
        throw error;
      }
      const [spend] = await tx
        .insert(gameVoucherSpends)
        .values({
          appId,
          transactionId: body.transactionId,
          requestHash,
          gameAccountId: account.id,
          amount: body.amount,
          itemId: body.itemId,
          itemName: body.itemName ?? null,
          spendEntryId: entry.id,
        })
        .returning();
      return { transactionId: body.transactionId, amount: body.amount, balance: entry.balanceAfter, reversed: false, createdAt: spend!.createdAt.toISOString() };
    });
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
