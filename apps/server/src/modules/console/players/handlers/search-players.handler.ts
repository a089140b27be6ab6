import { consolePlayerSearch } from '@shop/contract/console/players';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consolePlayerSearch, {
  handle: ({ input, services }) => services.playerDirectory.search(input.query.q, input.query.by),
});
