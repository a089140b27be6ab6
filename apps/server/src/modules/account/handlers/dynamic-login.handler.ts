import { dynamicLogin } from '@shop/contract/account';
import { defineHandler } from '../../../http/handler.ts';

/** The one-time dynamic-token login is off in this build (spec): documented always, 404 like an unknown path without the flag. */
export const handler = defineHandler(dynamicLogin, {
  options: (app, { config, rateLimits }) => ({ enabled: () => config.features.otpLogin, rateLimit: rateLimits.route(app, 'login') }),
  handle: ({ input, services }) => services.accounts.loginWithDynamicToken(input.params.appId, input.body.token),
});
