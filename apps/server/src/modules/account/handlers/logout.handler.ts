import { logout } from '@shop/contract/account';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(logout, {
  handle: async ({ input, ctx, services }) => {
    await services.accounts.logout(ctx.user, input.body);
    return null;
  },
});
