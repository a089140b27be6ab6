import { roleListRoute } from '@shop/contract/roles.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(roleListRoute, {
  handle: ({ input, ctx, services: { roles } }) => roles.list(ctx.user, input.body.appId),
});
