import type { FastifyInstance } from 'fastify';
import { voucherHistory } from '@shop/contract/voucher-history';
import { registerRoute } from '../../http/route.ts';
import type { Services } from '../../services.ts';

export function registerVoucherRoutes(app: FastifyInstance, { games, voucherHistory: history }: Services): void {
  registerRoute(app, voucherHistory, async ({ user, query }) => {
    const account = await games.roleOfSession(user.userId, user.gameAccountId);
    return history.page(account?.id, query.pageNum, query.pageSize);
  });
}
