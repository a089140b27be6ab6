import { roleSetDefault } from '@shop/contract/roles.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(roleSetDefault, {
  handle: ({ input, ctx, services: { roles } }) => roles.setDefault(ctx.user, input.body.gameAccountId),
});
