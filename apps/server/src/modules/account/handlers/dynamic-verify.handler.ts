import { dynamicVerify } from '@shop/contract/account';
import { defineHandler } from '../../../http/handler.ts';

/** The one-time dynamic-token login is off in this build (spec): documented always, 404 like an unknown path without the flag. */
export const handler = defineHandler(dynamicVerify, {
  options: (app, { config, rateLimits }) => ({ enabled: () => config.features.otpLogin, rateLimit: rateLimits.route(app, 'login') }),
  handle: ({ input, services }) => services.accounts.verifyDynamicToken(input.params.appId, input.body.token),
});
