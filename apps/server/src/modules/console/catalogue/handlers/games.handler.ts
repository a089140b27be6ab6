import { consoleGames } from '@shop/contract/console/catalogue';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleGames, {
  handle: ({ services }) => services.gameAdmin.games(),
});
