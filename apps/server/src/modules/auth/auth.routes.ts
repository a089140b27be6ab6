import type { FastifyInstance } from 'fastify';
import { quickLoginRoute, refreshTokenRoute, userInfoRoute } from '@shop/contract/auth.schema';
import { registerRoute } from '../../http/route.ts';
import { unauthenticated, forbidden } from '../../shared/domain-errors.ts';
import type { Services } from '../../services.ts';
import { verifyLaunch } from './launch-signature.ts';

export function registerAuthRoutes(app: FastifyInstance, { config, games, tokens, ledger, users, rateLimits }: Services): void {
  // Per client IP only: a per-account key taken from an unsigned body would let anyone block the account's owner.
  const loginLimit = { rateLimit: rateLimits.route(app, 'login') };
  registerRoute(app, quickLoginRoute, async ({ body }) => {
    await games.requireGame(body.appId);
    // Only the game can say who owns a role: production accepts signed launches only (and does not start without every
    // game's launch secret); development and tests accept the spec's plain links for games without a secret.
    const secret = config.gameLaunchSecrets[body.appId];
    if (secret ? !verifyLaunch(body, secret) : config.environment === 'production') throw forbidden('invalidLaunchSignature');
    const account = await games.findOrCreateForQuickLogin(body);
    return tokens.issue({ userId: account.ownerUserId, gameAccountId: account.id });
  }, loginLimit);

  registerRoute(app, refreshTokenRoute, ({ body }) => tokens.refresh(body.refreshToken), { rateLimit: rateLimits.route(app, 'refresh') });

  registerRoute(app, userInfoRoute, async ({ user }) => {
    const player = await users.find(user.userId);
    if (!player) throw unauthenticated();
    const account = await games.roleOfSession(user.userId, user.gameAccountId);
    return {
      id: player.id,
      email: player.email,
      mobile: player.mobile,
      countryCode: player.countryCode,
      hasPassword: player.passwordHash !== null,
      gameRole: account ? await games.describe(account) : null,
      // a role bound by game ID is one the player buys for; its balance is its owner's business
      voucherBalance: account?.owned ? await ledger.balance(account.id) : 0,
    };
  });
}
