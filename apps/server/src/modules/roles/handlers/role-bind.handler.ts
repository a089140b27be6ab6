import { roleBindRoute } from '@shop/contract/roles.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(roleBindRoute, {
  handle: ({ input, ctx, services: { roles } }) => roles.bind(ctx.user, input.body),
});
