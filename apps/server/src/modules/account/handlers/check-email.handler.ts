import { checkEmail } from '@shop/contract/account';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(checkEmail, {
  handle: ({ input, ctx, services }) => services.accounts.checkContact(ctx.user.userId, 'email', input.body.code),
});
