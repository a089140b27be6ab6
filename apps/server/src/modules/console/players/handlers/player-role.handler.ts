import { consolePlayerRole } from '@shop/contract/console/players';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consolePlayerRole, {
  handle: ({ input, services }) => services.playerDirectory.role(input.params.gameAccountId),
});
