import { gameVoucherBalance } from '@shop/contract/game-api';
import { defineHandler } from '../../../http/handler.ts';

/** The game is the one whose server signed the request (checked by the plugin's hook, game-api.routes.ts). */
export const handler = defineHandler(gameVoucherBalance, {
  handle: ({ input, ctx, services }) => services.gameVouchers.balance(ctx.request.gameAppId!, input.body),
});
