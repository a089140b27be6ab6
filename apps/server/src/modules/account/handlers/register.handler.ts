import { register } from '@shop/contract/account';
import { defineHandler } from '../../../http/handler.ts';
import { contactKey } from '../../verification/contact-key.ts';

export const handler = defineHandler(register, {
  options: (app, { rateLimits }) => ({ rateLimit: rateLimits.route(app, 'register', contactKey) }),
  handle: ({ input, services }) => services.accounts.register(input.body),
});
