import type { FastifyInstance } from 'fastify';
import {
  changeEmail,
  changeMobile,
  changePassword,
  checkEmail,
  checkMobile,
  dynamicLogin,
  dynamicVerify,
  login,
  logout,
  register,
  resetPassword,
} from '@shop/contract/account';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';
import { contactKey } from '../verification/contact-key.ts';

export function registerAccountRoutes(app: FastifyInstance, { accounts, config, rateLimits }: Services): void {
  registerRoute(app, register, ({ body }) => accounts.register(body), { rateLimit: rateLimits.route(app, 'register', contactKey) });
  // Per client IP; per account, the failed-login rules of AccountService.login apply (a request count per account
  // would let a stranger lock the owner out).
  const loginLimit = rateLimits.route(app, 'login');
  registerRoute(app, login, ({ body, request }) => accounts.login(body, request.ip), { rateLimit: loginLimit });
  registerRoute(app, resetPassword, async ({ body }) => {
    await accounts.resetPassword(body);
    return null;
  });
  registerRoute(app, changePassword, ({ user, body, request }) => accounts.changePassword(user.userId, body, request.ip));
  registerRoute(app, checkMobile, ({ user, body }) => accounts.checkContact(user.userId, 'mobile', body.code));
  registerRoute(app, checkEmail, ({ user, body }) => accounts.checkContact(user.userId, 'email', body.code));
  registerRoute(app, changeMobile, ({ user, body }) => accounts.changeContact(user.userId, 'mobile', body));
  registerRoute(app, changeEmail, ({ user, body }) => accounts.changeContact(user.userId, 'email', body));
  registerRoute(app, logout, async ({ user, body }) => {
    await accounts.logout(user, body);
    return null;
  });
  // The one-time dynamic-token login is off in this build (spec): documented always, 404 like an unknown path without the flag.
  const otpLogin = { enabled: () => config.features.otpLogin, rateLimit: loginLimit };
  registerRoute(app, dynamicVerify, ({ params, body }) => accounts.verifyDynamicToken(params.appId, body.token), otpLogin);
  registerRoute(app, dynamicLogin, ({ params, body }) => accounts.loginWithDynamicToken(params.appId, body.token), otpLogin);
}
