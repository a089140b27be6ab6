import { changePassword } from '@shop/contract/account';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(changePassword, {
  handle: ({ input, ctx, services }) => services.accounts.changePassword(ctx.user.userId, input.body, ctx.request.ip),
});
