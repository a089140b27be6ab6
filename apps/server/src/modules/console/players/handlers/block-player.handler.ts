import { consoleBlockPlayer } from '@shop/contract/console/players';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleBlockPlayer, {
  handle: ({ input, tx, services }) => services.playerAccounts.block(tx, input.params.id, input.body.reason),
  audit: { kind: 'transaction', action: 'player.block', entityType: 'player', describe: ({ params }, change) => ({ entityId: params.id, ...change }) },
  answer: (_change, { input, services }) => services.playerAccounts.account(input.params.id),
});
