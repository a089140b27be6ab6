import { consoleUnblockPlayer } from '@shop/contract/console/players';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleUnblockPlayer, {
  handle: ({ input, tx, services }) => services.playerAccounts.unblock(tx, input.params.id, input.body.reason),
  audit: { kind: 'transaction', action: 'player.unblock', entityType: 'player', describe: ({ params }, change) => ({ entityId: params.id, ...change }) },
  answer: (_change, { input, services }) => services.playerAccounts.account(input.params.id),
});
