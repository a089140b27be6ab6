import { consoleMe } from '@shop/contract/console/access';
import { defineHandler } from '../../../../http/handler.ts';

export const handler = defineHandler(consoleMe, {
  handle: ({ ctx, services }) => services.operatorSessions.me(ctx.operator),
});
