import { changeMobile } from '@shop/contract/account';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(changeMobile, {
  handle: ({ input, ctx, services }) => services.accounts.changeContact(ctx.user.userId, 'mobile', input.body),
});
