import { consolePlayer } from '@shop/contract/console/players';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consolePlayer, {
  handle: ({ input, services }) => services.playerDirectory.player(input.params.id),
});
