import { roleSwitchRoute } from '@shop/contract/roles.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(roleSwitchRoute, {
  handle: ({ input, ctx, services: { roles } }) => roles.switchTo(ctx.user, input.body.gameAccountId),
});
