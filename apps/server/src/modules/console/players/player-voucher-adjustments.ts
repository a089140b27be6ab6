import type { AdjustVouchersBody } from '@shop/contract/console/players';
import type { Executor } from '../../../db/client.ts';
import { DomainError, conflict, invalid } from '../../../shared/domain-errors.ts';
import { InsufficientVouchersError, type LedgerEntry, type VoucherLedger } from '../../vouchers/ledger.ts';
import type { PlayerDirectory } from './players.service.ts';
import { adjustmentReference } from './player-rows.ts';

export interface Adjustment {
  entry: LedgerEntry;
  /** The console's key was used before: the first entry, nothing written (and nothing audited). */
  repeated: boolean;
  reference: string;
}

/**
 * A manual credit or debit through the ledger: the ledger locks the role's voucher account (FOR UPDATE), so parallel
 * adjustments are serialised and a debit is checked against the balance it really meets; a debit beyond it rolls
 * the whole transaction back. The console's key is the ledger reference, so a replay answers the first entry and
 * writes nothing.
 */
export class PlayerVoucherAdjustments {
  constructor(
    private readonly ledger: Pick<VoucherLedger, 'apply' | 'balance'>,
    private readonly directory: Pick<PlayerDirectory, 'requireRole'>,
  ) {}

  async adjust(tx: Executor, gameAccountId: number, body: AdjustVouchersBody): Promise<Adjustment> {
    const amount = body.direction === 'credit' ? body.amount : -body.amount;
    const reference = adjustmentReference(body.key);
    await this.directory.requireRole(tx, gameAccountId);
    const { entry, repeated } = await this.ledger.apply(tx, { gameAccountId, amount, kind: 'adjustment', reference });
    return { entry, repeated, reference };
  }

  /** The ledger's refusals in the operator's words (asked after the adjustment rolled back). */
  async refusal(error: unknown, gameAccountId: number, body: AdjustVouchersBody): Promise<unknown> {
    if (error instanceof InsufficientVouchersError) {
      return invalid('consoleAdjustBelowZero', { amount: body.amount, balance: await this.ledger.balance(gameAccountId) });
    }
    // The ledger's answer to a reference used with another role or amount.
    if (error instanceof DomainError && error.messageKey === 'conflict') return conflict('consoleAdjustKeyReused');
    return error;
  }
}
