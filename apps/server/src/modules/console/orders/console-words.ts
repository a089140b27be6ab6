import { DomainError, conflict } from '../../../shared/domain-errors.ts';

/**
 * The domain's refusals in the console's words: the shop's messages speak to players (orderNotRefundable) or to machine
 * callers (refundVouchersSpent names the API field); operators get their own.
 */
export function inConsoleWords(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  switch (error.messageKey) {
    case 'orderNotRefundable':
      return conflict('consoleOrderNotRefundable');
    case 'refundVouchersSpent':
      return conflict('consoleRefundVouchersSpent', error.params);
    default:
      return error;
  }
}
