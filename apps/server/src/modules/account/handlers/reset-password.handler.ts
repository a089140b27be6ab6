import { resetPassword } from '@shop/contract/account';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(resetPassword, {
  handle: async ({ input, services }) => {
    await services.accounts.resetPassword(input.body);
    return null;
  },
});
