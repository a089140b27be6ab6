import { consoleOperators } from '@shop/contract/console/access';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleOperators, {
  handle: ({ services }) => services.operators.list(),
});
