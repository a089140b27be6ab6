import { pricingCountryOf } from '@shop/contract/pricing';
import type { z } from 'zod';
import { GoodsType } from '@shop/contract/catalog.schema';
import type { DevicePlatform } from '@shop/contract/channels.schema';
import type { CreateOrderResult, CreateVoucherOrderBody } from '@shop/contract/checkout.schema';
import type { Language } from '@shop/contract/languages';
import { forbidden, invalid, notFound } from '../../shared/domain-errors.ts';
import type { ChannelsService } from '../channels/channels.service.ts';
import type { GamesService } from '../games/games.service.ts';
import { createOrderResult, type OrderKind, type OrderPlacement } from './order-placement.ts';
import type { AnswerRecorder } from './ports.ts';

/** A voucher pack: one voucher product of the game, bought for a role the player has bound, named by its product number too. */
const voucherOrder = (voucherSn: string): OrderKind => ({
  source: 'voucher',
  refuse: (product) => (product.goodsType !== GoodsType.VOUCHER || product.productSn !== voucherSn ? notFound('productNotFound') : undefined),
  roleMissing: () => forbidden('gameRoleMismatch'),
  roleOfAnotherGame: 'gameRoleMismatch',
});

/** Voucher orders (v1/voucher/create/order): quantity 1, priced from the catalogue, paid through the picked channel. */
export class VoucherOrders {
  constructor(
    private readonly placement: OrderPlacement,
    private readonly games: GamesService,
    private readonly channels: ChannelsService,
  ) {}

  async create(
    userId: number,
    body: z.output<typeof CreateVoucherOrderBody>,
    language: Language,
    answer?: AnswerRecorder,
    platform: DevicePlatform = 'other',
  ): Promise<CreateOrderResult> {
    await this.games.requireGame(body.appId);
    const channel = await this.channels.offered(body.appId, body.selectedRegionCode, body, platform);
    if (!channel) throw invalid('channelNotOffered');
    const { result } = await this.placement.place({
      kind: voucherOrder(body.voucherSn),
      userId,
      appId: body.appId,
      role: { appId: body.appId, roleId: body.gameRoleId },
      lines: [{ productId: body.id, quantity: 1 }],
      channel,
      regionCode: body.regionCode,
      selectedRegionCode: body.selectedRegionCode,
      country: pricingCountryOf(body.selectedRegionCode),
      shown: { unitPrice: body.productPrice, currency: body.currency },
      language,
      ...(answer ? { recordAnswer: (tx, order) => answer.complete(tx, createOrderResult(order, order.thirdPayResponse ?? '')) } : {}),
    });
    return result;
  }
}
