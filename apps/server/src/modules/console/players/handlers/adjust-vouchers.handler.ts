import { consoleAdjustVouchers } from '@shop/contract/console/players';
import { defineHandler } from '../../../../http/handler.ts';
import { ADJUST_ACTION } from '../player-rows.ts';

/** The entry's view is read after the commit: it shows the reason and the operator from the audit entry. */
export const handler = defineHandler(consoleAdjustVouchers, {
  handle: ({ input, tx, services }) => services.voucherAdjustments.adjust(tx, input.params.gameAccountId, input.body),
  audit: {
    kind: 'transaction',
    action: ADJUST_ACTION,
    entityType: 'role',
    // A replay wrote nothing: no second entry either.
    describe: ({ params, body }, { entry, repeated, reference }) =>
      repeated
        ? null
        : {
            entityId: params.gameAccountId,
            before: { balance: entry.balanceAfter - entry.amount },
            after: { balance: entry.balanceAfter, amount: entry.amount, reason: body.reason, ledgerEntryId: entry.id, reference },
          },
  },
  answer: async ({ entry, repeated }, { input, services }) => {
    const [view] = await services.playerDirectory.entryViews(services.db, input.params.gameAccountId, [{ entry, orderSn: null, itemName: null }]);
    return { entry: view!, balance: entry.balanceAfter, replayed: repeated };
  },
  rephrase: (error, { input, services }) => services.voucherAdjustments.refusal(error, input.params.gameAccountId, input.body),
});
