import type { DevicePlatform } from '@shop/contract/channels';
import { and, eq, sql } from 'drizzle-orm';
import { GoodsType } from '@shop/contract/catalog';
import type { z } from 'zod';
import type { CreateOrderResult } from '@shop/contract/checkout';
import type { CreateVoucherOrderBody } from '@shop/contract/checkout';
import type { Language } from '@shop/contract/languages';
import type { ThirdChannelNameValue } from '@shop/contract/orders';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { gameAccounts, orderItems, orders, playerRoles } from '../../db/schema.ts';
import { invalid, forbidden, notFound, conflict } from '../../shared/domain-errors.ts';
import { pickLocalized } from '../../shared/localized.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { ChannelsService } from '../channels/channels.service.ts';
import type { GamesService } from '../games/games.service.ts';
import { createOrderResult, enqueueExpiry, nextOrderId } from '../orders/order-creation.ts';
import { reportOrderCreated } from '../orders/order-events.ts';
import { newOrderSn } from '../orders/order-number.ts';
import { checkUnpaidOrders, reserveUnpaidOrderSlot } from '../orders/unpaid-orders.ts';
import type { IdempotencyClaim } from '../../http/idempotency.ts';
import type { OrderRow } from '../orders/order-state-machine.ts';
import type { SessionUser } from '../auth/tokens.ts';
import { minorToMajorNumber } from './money.ts';
import type { PaymentGateway } from './payment-gateway.ts';


type CreateBody = z.output<typeof CreateVoucherOrderBody>;

export class CheckoutService {
  constructor(
    private readonly db: Db,
    private readonly config: AppConfig,
    private readonly catalog: CatalogService,
    private readonly channels: ChannelsService,
    private readonly games: GamesService,
    private readonly gateway: PaymentGateway,
  ) {}

  /**
   * Creates a voucher order priced from our catalogue and opens its payment. The order, its item and its expiry job
   * are one transaction; the provider is called after it commits, so a slow provider never holds database locks and a
   * provider failure leaves a payable order the player can retry. A player holding too many unpaid orders is refused
   * before the provider is asked, and again, atomically, in the transaction. With an Idempotency-Key the answer is
   * recorded in that transaction too.
   */
  async createVoucherOrder(
    user: SessionUser,
    body: CreateBody,
    language: Language,
    idempotency?: IdempotencyClaim,
    platform: DevicePlatform = 'other',
  ): Promise<CreateOrderResult> {
    await this.games.requireGame(body.appId);
    const [[account], product] = await Promise.all([
      this.db
        .select({ id: gameAccounts.id })
        .from(playerRoles)
        .innerJoin(gameAccounts, eq(gameAccounts.id, playerRoles.gameAccountId))
        .where(and(eq(playerRoles.userId, user.userId), eq(gameAccounts.appId, body.appId), eq(gameAccounts.roleId, body.gameRoleId)))
        .limit(1),
      this.catalog.sellableProduct(this.db, body.id),
    ]);
    if (!account) throw forbidden('gameRoleMismatch');
    if (!product || product.goodsType !== GoodsType.VOUCHER || product.productSn !== body.voucherSn) throw notFound('productNotFound');
    if (product.appId !== body.appId) throw invalid('productOfAnotherGame');
    const priceMinor = product.discountPriceMinor;
    const priceChanged =
      (body.productPrice !== undefined && body.productPrice !== minorToMajorNumber(priceMinor, product.currency)) ||
      (body.currency !== undefined && body.currency !== product.currency);
    if (priceChanged) throw conflict('productChanged');

    const channel = await this.channels.offered(body.appId, body.selectedRegionCode, body, platform);
    if (!channel) throw invalid('channelNotOffered');
    await checkUnpaidOrders(this.db, user.userId, this.config.unpaidOrdersPerPlayer);

    // The provider is asked before the order is written, so the order, its item, its payment answer and its expiry job
    // are one transaction (one commit) and no database lock waits on a provider. A payment opened for an order that
    // then fails to commit is harmless: nobody can reach or pay it.
    const draft = {
      id: await nextOrderId(this.db),
      orderSn: newOrderSn(),
      userId: user.userId,
      thirdChannelName: channel.thirdChannelName,
      currency: product.currency,
      payAmountMinor: priceMinor,
    };
    const payment = await this.gateway.request(draft, {
      language,
      description: pickLocalized(product.names, language),
      from: 'voucher',
      userCountry: body.selectedRegionCode,
    });

    const order = await this.db.transaction(async (tx) => {
      await reserveUnpaidOrderSlot(tx, user.userId, this.config.unpaidOrdersPerPlayer);
      const [created] = await tx
        .insert(orders)
        .values({
          ...draft,
          appId: body.appId,
          gameAccountId: account.id,
          orderSource: 'voucher',
          totalAmountMinor: product.priceMinor,
          regionCode: body.regionCode,
          selectedRegionCode: body.selectedRegionCode,
          payChannelId: channel.id,
          payMethodName: channel.payMethodName,
          payMethodId: channel.payMethodId,
          thirdPayResponse: payment.body,
          thirdOrderId: payment.thirdOrderId ?? null,
          expiresAt: sql`now() + make_interval(secs => ${this.config.orderExpiryMs / 1000})`,
        })
        .returning();
      await tx.insert(orderItems).values({
        orderId: created!.id,
        productId: product.id,
        names: product.names,
        descs: product.descs,
        thumb: product.thumbnail,
        categoryId: product.categoryId,
        goodsType: product.goodsType,
        quantity: 1,
        currency: product.currency,
        priceMinor,
        originalPriceMinor: product.priceMinor,
        voucherAmount: product.voucherAmount,
      });
      await enqueueExpiry(tx, created!);
      reportOrderCreated(tx, created!);
      await idempotency?.complete(tx, createOrderResult(created!, payment.body));
      return created!;
    });
    return createOrderResult(order, payment.body);
  }

  /** Re-opens the payment of an unpaid order of the caller (order list "Pay", purchase order screen). */
  async reopen(order: OrderRow, provider: ThirdChannelNameValue, language: Language): Promise<string> {
    if (order.thirdChannelName !== provider) throw invalid('orderChannelMismatch');
    const [item] = await this.db.select({ names: orderItems.names }).from(orderItems).where(eq(orderItems.orderId, order.id)).limit(1);
    const description = item ? pickLocalized(item.names, language) : order.orderSn;
    return this.gateway.reopen(order, {
      language,
      description,
      from: order.orderSource === 'voucher' ? 'voucher' : 'shop',
      userCountry: order.selectedRegionCode ?? 'US',
    });
  }
}
