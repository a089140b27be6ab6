import { gameVoucherReverse } from '@shop/contract/game-api';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(gameVoucherReverse, {
  handle: ({ input, ctx, services }) => services.gameVouchers.reverse(ctx.request.gameAppId!, input.body.transactionId, input.body.reason),
});
