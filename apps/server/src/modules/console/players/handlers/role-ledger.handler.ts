import { consoleRoleLedger } from '@shop/contract/console/players';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleRoleLedger, {
  handle: ({ input, services }) => services.playerDirectory.ledgerPage(input.params.gameAccountId, input.query),
});
