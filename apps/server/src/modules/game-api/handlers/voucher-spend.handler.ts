import { gameVoucherSpend } from '@shop/contract/game-api';
import { defineHandler } from '../../../http/handler.ts';

export const handler = defineHandler(gameVoucherSpend, {
  handle: ({ input, ctx, services }) => services.gameVouchers.spend(ctx.request.gameAppId!, input.body),
});
