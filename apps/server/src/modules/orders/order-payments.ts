import { and, eq, sql } from 'drizzle-orm';
import type { DevicePlatform } from '@shop/contract/channels.schema';
import type { CreateOrderResult } from '@shop/contract/checkout.schema';
import { DEFAULT_REGION } from '@shop/contract/games';
import type { Language } from '@shop/contract/languages';
import { OrderStatus } from '@shop/contract/orders.schema';
import type { Db } from '../../db/client.ts';
import { orders, supersededPaymentSessions } from '../../db/schema.ts';
import { conflict, invalid } from '../../shared/domain-errors.ts';
import type { ChannelsService } from '../channels/channels.service.ts';
import { orderLinesShown } from './order-lines.ts';
import { createOrderResult, describeLines } from './order-placement.ts';
import type { OrderRow } from './order-state-machine.ts';
import type { OrdersService } from './orders.service.ts';
import type { PaymentOpener } from './ports.ts';

/** How the player wants to pay again: the order's channel, another channel they picked, or the provider a route is for. */
export interface PayAgain {
  language: Language;
  platform: DevicePlatform;
  /** Another channel from the region's list (My Orders, the purchase order screen). */
  channel?: { payMethodId: string; thirdChannelId: string };
  /** The provider's channel of the region (the spec's payType 1: PayPal). */
  provider?: string;
  /** The region whose channels to pick from (default: the one the order was made in). */
  region?: string;
  /** The provider a provider-specific route speaks for (xsolla/token, payermaxlOrder, paypalOrder): it must be the order's. */
  expectProvider?: string;
}

/**
 * The one reopen of an unpaid order's payment (order list "Pay", the purchase order screen, the providers' own spec
 * routes). With another channel the order row is changed under a conditional update (still unpaid) and the session it
 * leaves is recorded, since the player may still pay it in a tab kept open (reconciliation keeps asking its provider);
 * the provider is asked after that commits, under the same order number, so a retry cannot open two payments.
 */
export class OrderPayments {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    private readonly channels: ChannelsService,
    private readonly opener: PaymentOpener,
  ) {}

  async payAgain(userId: number, orderId: number, how: PayAgain): Promise<{ order: OrderRow; result: CreateOrderResult }> {
    let order = await this.orders.findOwned(this.db, userId, orderId);
    if (order.status !== OrderStatus.AWAITING_PAYMENT) throw conflict('orderNotPayable');
    if (how.expectProvider && order.thirdChannelName !== how.expectProvider) throw invalid('orderChannelMismatch');
    const region = how.region ?? order.selectedRegionCode ?? DEFAULT_REGION;
    let channel;
    if (how.channel) {
      channel = await this.channels.offered(order.appId, region, how.channel, how.platform);
      if (!channel) throw invalid('channelNotOffered');
    } else if (how.provider && order.thirdChannelName !== how.provider) {
      channel = (await this.channels.forRegion(order.appId, region, how.platform)).find((row) => row.thirdChannelName === how.provider);
      if (!channel) throw invalid('channelNotOffered');
    }
    if (channel && channel.id !== order.payChannelId) order = await this.switchChannel(order, channel, region);

    const lines = await orderLinesShown(this.db, [order], how.language);
    const opened = await this.opener.open(
      { orderId: order.id, orderSn: order.orderSn, userId: order.userId, provider: order.thirdChannelName ?? '', currency: order.currency, amountMinor: order.payAmountMinor },
      {
        language: how.language,
        description: lines.length ? describeLines(lines.map((line) => ({ name: line.shownName, quantity: line.quantity }))) : order.orderSn,
        from: order.orderSource === 'voucher' ? 'voucher' : 'shop',
        country: order.selectedRegionCode ?? DEFAULT_REGION,
      },
    );
    await this.db
      .update(orders)
      .set({ thirdPayResponse: opened.clientAnswer, ...(opened.sessionId ? { thirdOrderId: opened.sessionId } : {}) })
      .where(eq(orders.id, order.id));
    const reopened = { ...order, thirdPayResponse: opened.clientAnswer, thirdOrderId: opened.sessionId ?? order.thirdOrderId };
    return { order: reopened, result: createOrderResult(reopened, opened.clientAnswer) };
  }

  private async switchChannel(left: OrderRow, picked: { id: number; payMethodName: string; payMethodId: string; thirdChannelName: string }, region: string): Promise<OrderRow> {
    return this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(orders)
        .set({
          payChannelId: picked.id,
          payMethodName: picked.payMethodName,
          payMethodId: picked.payMethodId,
          thirdChannelName: picked.thirdChannelName,
          thirdOrderId: null,
          selectedRegionCode: region,
          updatedAt: sql`now()`,
        })
        .where(and(eq(orders.id, left.id), eq(orders.status, OrderStatus.AWAITING_PAYMENT)))
        .returning();
      if (!updated) throw conflict('orderNotPayable');
      if (left.thirdChannelName) {
        await tx.insert(supersededPaymentSessions).values({ orderId: left.id, provider: left.thirdChannelName, thirdOrderId: left.thirdOrderId });
      }
      return updated;
    });
  }
}
