import type { FastifyInstance } from 'fastify';
import { voucherHistory } from '@shop/contract/voucher-history';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';

export function registerVoucherRoutes(app: FastifyInstance, { games, voucherHistory: history }: Services): void {
  registerRoute(app, voucherHistory, async ({ user, query }) => {
    const account = await games.roleOfSession(user.userId, user.gameAccountId);
    // only the role's owner (whom the game launched) reads its vouchers
    return history.page(account?.owned ? account.id : undefined, query.pageNum, query.pageSize);
  });
}
