import { voucherHistory } from '@shop/contract/voucher-history';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(voucherHistory, {
  handle: async ({ input: { query }, ctx: { user }, services: { games, voucherHistory: history } }) => {
    const account = await games.roleOfSession(user.userId, user.gameAccountId);
    // only the role's owner (whom the game launched) reads its vouchers
    return history.page(account?.owned ? account.id : undefined, query.pageNum, query.pageSize);
  },
});
