import { getCode } from '@shop/contract/verification';
import { defineHandler } from '../../../http/handler.ts';
import { contactKey } from '../contact-key.ts';

export const handler = defineHandler(getCode, {
  options: (app, { rateLimits }) => ({ message: 'codeSent', rateLimit: rateLimits.route(app, 'code', contactKey) }),
  handle: ({ input, ctx, services }) => services.verification.sendCode(input.body, { ip: ctx.request.ip, language: ctx.language }),
});
