import { refreshTokenRoute } from '@shop/contract/auth.schema';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(refreshTokenRoute, {
  options: (app, { rateLimits }) => ({ rateLimit: rateLimits.route(app, 'refresh') }),
  handle: ({ input, services }) => services.tokens.refresh(input.body.refreshToken),
});
