import { roleBind } from '@shop/contract/roles.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(roleBind, {
  handle: ({ input, ctx, services: { roles } }) => roles.bind(ctx.user, input.body),
});
