import { roleLookup } from '@shop/contract/roles.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(roleLookup, {
  handle: ({ input, ctx, services: { roles } }) => roles.lookup(ctx.user, input.body.appId, input.body.gameId),
});
