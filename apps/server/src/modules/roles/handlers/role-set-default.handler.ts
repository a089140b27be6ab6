import { roleSetDefaultRoute } from '@shop/contract/roles.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(roleSetDefaultRoute, {
  handle: ({ input, ctx, services: { roles } }) => roles.setDefault(ctx.user, input.body.gameAccountId),
});
