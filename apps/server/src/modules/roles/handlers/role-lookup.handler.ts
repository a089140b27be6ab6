import { roleLookupRoute } from '@shop/contract/roles.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(roleLookupRoute, {
  handle: ({ input, ctx, services: { roles } }) => roles.lookup(ctx.user, input.body.appId, input.body.gameId),
});
