import { getCaptcha } from '@shop/contract/verification';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(getCaptcha, {
  options: (app, { rateLimits }) => ({ rateLimit: rateLimits.route(app, 'captcha') }),
  handle: ({ ctx, services }) => services.verification.createCaptcha(ctx.request.ip),
});
