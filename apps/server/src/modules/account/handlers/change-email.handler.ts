import { changeEmail } from '@shop/contract/account';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(changeEmail, {
  handle: ({ input, ctx, services }) => services.accounts.changeContact(ctx.user.userId, 'email', input.body),
});
