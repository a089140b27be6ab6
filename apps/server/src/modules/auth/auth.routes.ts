import type { FastifyInstance } from 'fastify';
import { quickLogin, refreshToken, userInfo } from '@shop/contract/auth';
import { registerRoute } from '../../http/route.ts';
import { forbidden, unauthorized } from '../../http/errors.ts';
import type { Services } from '../../services.ts';
import { verifyLaunch } from './launch-signature.ts';

export function registerAuthRoutes(app: FastifyInstance, { config, games, tokens, ledger, users }: Services): void {
  registerRoute(app, quickLogin, async ({ body }) => {
    await games.requireGame(body.appId);
    const secret = config.gameLaunchSecrets[body.appId];
    if (secret && !verifyLaunch(body, secret)) throw forbidden('invalidLaunchSignature');
    const account = await games.findOrCreateForQuickLogin(body);
    return tokens.issue({ userId: account.userId, gameAccountId: account.id });
  });

  registerRoute(app, refreshToken, ({ body }) => tokens.refresh(body.refreshToken));

  registerRoute(app, userInfo, async ({ user }) => {
    const player = await users.find(user.userId);
    if (!player) throw unauthorized();
    const account = await games.roleOfSession(user.userId, user.gameAccountId);
    return {
      id: player.id,
      email: player.email,
      mobile: player.mobile,
      countryCode: player.countryCode,
      hasPassword: player.passwordHash !== null,
      gameRole: account ? await games.describe(account) : null,
      voucherBalance: account ? await ledger.balance(account.id) : 0,
    };
  });
}
