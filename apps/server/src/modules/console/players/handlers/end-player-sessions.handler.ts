import { consoleEndPlayerSessions } from '@shop/contract/console/players';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleEndPlayerSessions, {
  handle: ({ input, tx, services }) => services.playerAccounts.endSessions(tx, input.params.id),
  audit: { kind: 'transaction', action: 'player.endSessions', entityType: 'player', describe: ({ params }, change) => ({ entityId: params.id, ...change }) },
  answer: (_change, { input, services }) => services.playerAccounts.account(input.params.id),
});
