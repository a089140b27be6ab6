import { login } from '@shop/contract/account';
import { defineHandler } from '../../../http/handler.ts';

/** Per client IP; per account, the failed-login rules of AccountService.login apply (a request count per account would let a stranger lock the owner out). */
export const handler = defineHandler(login, {
  options: (app, { rateLimits }) => ({ rateLimit: rateLimits.route(app, 'login') }),
  handle: ({ input, ctx, services }) => services.accounts.login(input.body, ctx.request.ip),
});
