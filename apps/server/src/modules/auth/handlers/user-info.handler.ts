import { userInfoRoute } from '@shop/contract/auth.schema';
import { defineHandler } from '../../../http/handler.ts';
import { unauthenticated } from '../../../shared/domain-errors.ts';

export const handler = defineHandler(userInfoRoute, {
  handle: async ({ ctx: { user }, services: { users, games, ledger } }) => {
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
  },
});
