import { eq } from 'drizzle-orm';
import { GoodsType } from '@shop/contract/catalog.schema';
import type { DevicePlatform } from '@shop/contract/channels.schema';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import { DEFAULT_REGION } from '@shop/contract/games';
import type { Language } from '@shop/contract/languages';
import { OrderStatus } from '@shop/contract/orders.schema';
import type { Db } from '../../db/client.ts';
import { orderItems } from '../../db/schema.ts';
import { conflict, notFound } from '../../shared/domain-errors.ts';
import type { SessionUser } from '../auth/tokens.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ChannelsService } from '../channels/channels.service.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { AnswerRecorder } from '../orders/ports.ts';
import type { VoucherOrders } from '../orders/voucher-orders.ts';
import type { RolesService } from '../roles/roles.service.ts';
import type { ShopOrdersService } from './shop-orders.service.ts';

/**
 * "Pay again" after a declined payment (issue 14.3). A declined order is final (7, Transaction Failed): the providers
 * closed its payment, so it cannot be opened again. The player gets a new order for the same goods and the same game
 * account instead, made by the ordinary creation paths (catalogue prices of today, every rule of a new order, the
 * unpaid-order cap, the Idempotency-Key), with the same payment method while the order's region still offers it, else
 * the region's first (the player may pick another one before paying). The declined order stays as it was.
 */
export class RepeatOrderService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    private readonly roles: RolesService,
    private readonly catalog: CatalogService,
    private readonly channels: ChannelsService,
    private readonly shopOrders: ShopOrdersService,
    private readonly voucherOrders: VoucherOrders,
  ) {}

  async repeat(
    user: SessionUser,
    orderId: number,
    language: Language,
    platform: DevicePlatform,
    answer?: AnswerRecorder,
  ): Promise<CreateOrderResult> {
    const order = await this.orders.findOwned(this.db, user.userId, orderId);
    if (order.status !== OrderStatus.TRANSACTION_FAILED || order.gameAccountId === null) throw conflict('orderNotRepeatable');
    const regionCode = order.regionCode ?? DEFAULT_REGION;
    const selectedRegionCode = order.selectedRegionCode ?? regionCode;
    const [lines, account, offered] = await Promise.all([
      this.db.select({ productId: orderItems.productId, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, order.id)),
      this.roles.owned(this.db, user.userId, order.gameAccountId),
      this.channels.forRegion(order.appId, selectedRegionCode, platform),
    ]);
    const channel = offered.find((row) => row.id === order.payChannelId) ?? offered[0];
    if (!channel) throw conflict('orderNotRepeatable');
    const pick = { payMethodId: channel.payMethodId, thirdChannelId: channel.thirdChannelId, payMethodName: channel.payMethodName };

    if (order.orderSource === 'voucher') {
      const pack = await this.catalog.sellableProduct(this.db, lines[0]!.productId);
      if (!pack || pack.goodsType !== GoodsType.VOUCHER) throw notFound('productNotFound');
      return this.voucherOrders.create(
        user.userId,
        { appId: order.appId, gameRoleId: account.roleId, regionCode, selectedRegionCode, id: pack.id, quantity: 1, voucherSn: pack.productSn, orderSource: 'voucher', ...pick },
        language,
        answer,
        platform,
      );
    }
    return this.shopOrders.create(
      user,
      { appId: order.appId, gameAccountId: account.id, lines, regionCode, selectedRegionCode, platform, ...pick },
      language,
      answer,
    );
  }
}
