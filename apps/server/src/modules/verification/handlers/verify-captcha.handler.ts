import { verifyCaptcha } from '@shop/contract/verification';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(verifyCaptcha, {
  options: (app, { rateLimits }) => ({ message: 'captchaSuccess', rateLimit: rateLimits.route(app, 'captcha') }),
  handle: ({ input, services }) => services.verification.verifyCaptcha(input.body),
});
