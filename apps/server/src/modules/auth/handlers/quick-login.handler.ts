import { quickLoginRoute } from '@shop/contract/auth.schema';
import { defineHandler } from '../../../http/handler.ts';
import { forbidden } from '../../../shared/domain-errors.ts';
import { verifyLaunch } from '../launch-signature.ts';

/** Per client IP only: a per-account key taken from an unsigned body would let anyone block the account's owner. */
export const handler = defineHandler(quickLoginRoute, {
  options: (app, { rateLimits }) => ({ rateLimit: rateLimits.route(app, 'login') }),
  handle: async ({ input: { body }, services: { config, games, tokens } }) => {
    await games.requireGame(body.appId);
    // Only the game can say who owns a role: production accepts signed launches only (and does not start without every
    // game's launch secret); development and tests accept the spec's plain links for games without a secret.
    const secret = config.gameLaunchSecrets[body.appId];
    if (secret ? !verifyLaunch(body, secret) : config.environment === 'production') throw forbidden('invalidLaunchSignature');
    const account = await games.findOrCreateForQuickLogin(body);
    return tokens.issue({ userId: account.ownerUserId, gameAccountId: account.id });
  },
});
