import { checkMobile } from '@shop/contract/account';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(checkMobile, {
  handle: ({ input, ctx, services }) => services.accounts.checkContact(ctx.user.userId, 'mobile', input.body.code),
});
