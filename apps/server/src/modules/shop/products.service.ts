import { and, asc, count, eq, ne } from 'drizzle-orm';
import { GoodsType } from '@shop/contract/catalog';
import type { Language } from '@shop/contract/languages';
import type { ProductDetail, ReceiveResult, ShopProduct } from '@shop/contract/products';
import type { Db } from '../../db/client.ts';
import { giftClaims, orderItems, orders, products } from '../../db/schema.ts';
import { invalid, notFound, conflict } from '../../shared/domain-errors.ts';
import type { IdempotencyClaim } from '../../http/idempotency.ts';
import { pickLocalized } from '../../shared/localized.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import type { SessionUser } from '../auth/tokens.ts';
import type { CatalogService, ProductRow } from '../catalog/catalog.service.ts';
import { CATALOGUE_CACHE_MS, onSaleNow } from '../catalog/catalog.service.ts';
import type { GamesService } from '../games/games.service.ts';
import { reportOrderCreated } from '../orders/order-events.ts';
import { newOrderSn } from '../orders/order-number.ts';
import { transition } from '../orders/order-state-machine.ts';
import { minorToMajorNumber } from '../payments/money.ts';
import type { RolesService } from '../roles/roles.service.ts';
import { DeliveryService } from './delivery.service.ts';

export function toShopProduct(row: ProductRow, language: Language): ShopProduct {
  return {
    id: row.id,
    appId: row.appId,
    goodsType: row.goodsType,
    categoryId: row.categoryId,
    productSn: row.productSn,
    productName: pickLocalized(row.names, language),
    productDesc: pickLocalized(row.descs, language),
    productPrice: minorToMajorNumber(row.priceMinor, row.currency),
    productDiscountPrice: minorToMajorNumber(row.discountPriceMinor, row.currency),
    priceMinor: row.priceMinor,
    discountPriceMinor: row.discountPriceMinor,
    currency: row.currency,
    thumbnail: row.thumbnail,
    configJson: JSON.stringify(row.config),
    free: row.goodsType === GoodsType.FREE,
  };
}

/** The shop's catalogue (gems, VIP, other items, free gifts) and the claiming of free gifts. */
export class ProductsService {
  private readonly lists = new TtlCache<string, ShopProduct[]>(CATALOGUE_CACHE_MS);

  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly games: GamesService,
    private readonly roles: RolesService,
  ) {}

  /** Drops this instance's cached lists (after a console change; other instances follow within CATALOGUE_CACHE_MS). */
  invalidate(): void {
    this.lists.clear();
  }

  /**
   * Products of a game on sale now (never hidden ones, never 9521, never outside their sale window), served from a
   * short-lived cache per language.
   */
  async list(appId: number, filter: { goodsType?: number; categoryId?: number }, language: Language): Promise<ShopProduct[]> {
    await this.games.requireGame(appId);
    const key = `${appId}:${filter.goodsType ?? '-'}:${filter.categoryId ?? '-'}:${language}`;
    return this.lists.get(key, async () => {
      const rows = await this.db
        .select()
        .from(products)
        .where(
          and(
            eq(products.appId, appId),
            onSaleNow(),
            filter.goodsType !== undefined ? eq(products.goodsType, filter.goodsType) : undefined,
            filter.categoryId !== undefined ? eq(products.categoryId, filter.categoryId) : undefined,
            filter.goodsType === undefined && filter.categoryId === undefined ? ne(products.goodsType, GoodsType.VOUCHER) : undefined,
          ),
        )
        .orderBy(asc(products.goodsType), asc(products.sort), asc(products.id));
      return rows.map((row) => toShopProduct(row, language));
    });
  }

  async detail(productId: number, language: Language, user?: SessionUser, gameAccountId?: number): Promise<ProductDetail> {
    const row = await this.catalog.sellableProduct(this.db, productId);
    if (!row) throw notFound('productNotFound');
    let claimed: boolean | null = null;
    if (user && row.goodsType === GoodsType.FREE) {
      const account = await this.roles.resolve(user, gameAccountId).catch(() => undefined);
      if (account) {
        const [claim] = await this.db
          .select({ id: giftClaims.id })
          .from(giftClaims)
          .where(and(eq(giftClaims.productId, row.id), eq(giftClaims.gameAccountId, account.id)));
        claimed = Boolean(claim);
      }
    }
    return { ...toShopProduct(row, language), claimed };
  }

  /**
   * Claims a free gift for one of the player's game accounts. One transaction writes the zero-amount gift order, its
   * item, the claim and the delivery job. The claim's unique key (product, game account) is the lock: a second claim,
   * also a simultaneous one, inserts nothing (ON CONFLICT DO NOTHING, waiting for the first to commit) and the whole
   * transaction rolls back, so nothing of it remains.
   * A gift with a claim limit (the number of roles that may claim it in all) is counted under a lock of its product row
   * (FOR NO KEY UPDATE: claims of that gift queue, purchases referencing other products do not), so simultaneous claims
   * never exceed the limit; the limit is read under that lock, so an operator's change applies at once.
   */
  async receive(user: SessionUser, productId: number, gameAccountId?: number, idempotency?: IdempotencyClaim): Promise<ReceiveResult> {
    const account = await this.roles.resolve(user, gameAccountId);
    const product = await this.catalog.sellableProduct(this.db, productId);
    if (!product) throw notFound('productNotFound');
    if (product.goodsType !== GoodsType.FREE) throw invalid('productNotFree');
    if (product.appId !== account.appId) throw invalid('productOfAnotherGame');
    return this.db.transaction(async (tx) => {
      const [locked] = await tx.select({ claimLimit: products.claimLimit }).from(products).where(eq(products.id, product.id)).for('no key update');
      if (locked?.claimLimit != null) {
        const [claims] = await tx.select({ n: count() }).from(giftClaims).where(eq(giftClaims.productId, product.id));
        if ((claims?.n ?? 0) >= locked.claimLimit) throw conflict('giftClaimLimitReached');
      }
      const [order] = await tx
        .insert(orders)
        .values({
          orderSn: newOrderSn(),
          userId: user.userId,
          appId: account.appId,
          gameAccountId: account.id,
          orderSource: 'gift',
          currency: product.currency,
          totalAmountMinor: 0,
          payAmountMinor: 0,
        })
        .returning();
      reportOrderCreated(tx, order!);
      await tx.insert(orderItems).values({
        orderId: order!.id,
        productId: product.id,
        names: product.names,
        descs: product.descs,
        thumb: product.thumbnail,
        categoryId: product.categoryId,
        goodsType: product.goodsType,
        quantity: 1,
        currency: product.currency,
        priceMinor: 0,
        originalPriceMinor: 0,
      });
      const [claim] = await tx
        .insert(giftClaims)
        .values({ productId: product.id, gameAccountId: account.id, userId: user.userId, orderId: order!.id })
        .onConflictDoNothing()
        .returning({ id: giftClaims.id });
      if (!claim) throw conflict('giftAlreadyClaimed');
      const paid = await transition(tx, order!.id, 'giftClaimed', { paidAt: new Date() });
      await DeliveryService.enqueue(tx, order!.id);
      const result = { productId: product.id, gameAccountId: account.id, orderId: order!.id, orderSn: order!.orderSn, status: paid!.status };
      await idempotency?.complete(tx, result);
      return result;
    });
  }
}
