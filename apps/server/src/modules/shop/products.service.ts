import { DEFAULT_REGION } from '@shop/contract/games';
import { and, asc, count, eq, ne } from 'drizzle-orm';
import { GoodsType } from '@shop/contract/catalog.schema';
import type { Language } from '@shop/contract/languages';
import type { ProductDetail, ReceiveResult, ShopProduct } from '@shop/contract/products.schema';
import type { Db } from '../../db/client.ts';
import { giftClaims, productPrices, products } from '../../db/schema.ts';
import { pricePointIn, shownPrice, type PricePointRow } from '../pricing/shown-price.ts';
import { conflict, invalid, notFound } from '../../shared/domain-errors.ts';
import { pickLocalized } from '../../shared/localized.ts';
import { minorToMajorNumber } from '../../shared/money.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';
import type { SessionUser } from '../auth/tokens.ts';
import { CATALOGUE_CACHE_MS, onSaleNow, type CatalogService, type ProductRow } from '../catalog/catalog.service.ts';
import type { GamesService } from '../games/games.service.ts';
import type { OrderKind, OrderPlacement } from '../orders/order-placement.ts';
import type { OrderRow } from '../orders/order-state-machine.ts';
import type { AnswerRecorder } from '../orders/ports.ts';
import type { RolesService } from '../roles/roles.service.ts';

/** A free web-only gift: only free products, for the role the claim is for. */
const GIFT_CLAIM: OrderKind = {
  source: 'gift',
  refuse: (product) => (product.goodsType !== GoodsType.FREE ? invalid('productNotFree') : undefined),
  roleMissing: () => notFound('gameAccountNotFound'),
  roleOfAnotherGame: 'productOfAnotherGame',
};

export function toShopProduct(row: ProductRow, language: Language, point: PricePointRow | null = null): ShopProduct {
  const price = shownPrice(row, point);
  return {
    id: row.id,
    appId: row.appId,
    goodsType: row.goodsType,
    categoryId: row.categoryId,
    productSn: row.productSn,
    productName: pickLocalized(row.names, language),
    productDesc: pickLocalized(row.descs, language),
    productPrice: minorToMajorNumber(price.priceMinor, price.currency),
    productDiscountPrice: minorToMajorNumber(price.discountPriceMinor, price.currency),
    priceMinor: price.priceMinor,
    discountPriceMinor: price.discountPriceMinor,
    currency: price.currency,
    thumbnail: row.thumbnail,
    configJson: JSON.stringify(row.config),
    free: row.goodsType === GoodsType.FREE,
    ...price.extra,
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
    private readonly placement: OrderPlacement,
  ) {}

  /** Drops this instance's cached lists (after a console change; other instances follow within CATALOGUE_CACHE_MS). */
  invalidate(): void {
    this.lists.clear();
  }

  /**
   * Products of a game on sale now (never hidden ones, never 9521, never outside their sale window), served from a
   * short-lived cache per language and country, priced in `country`'s local prices (ADR 0050; null: base prices).
   */
  async list(appId: number, filter: { goodsType?: number; categoryId?: number }, language: Language, country: string | null = null): Promise<ShopProduct[]> {
    await this.games.requireGame(appId);
    const key = `${appId}:${filter.goodsType ?? '-'}:${filter.categoryId ?? '-'}:${country ?? '-'}:${language}`;
    return this.lists.get(key, async () => {
      const rows = await this.db
        .select({ product: products, point: productPrices })
        .from(products)
        .leftJoin(productPrices, pricePointIn(country))
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
      return rows.map((row) => toShopProduct(row.product, language, row.point));
    });
  }

  async detail(productId: number, language: Language, user?: SessionUser, gameAccountId?: number, country: string | null = null): Promise<ProductDetail> {
    const row = await this.catalog.sellableProduct(this.db, productId);
    if (!row) throw notFound('productNotFound');
    const [point] = country
      ? await this.db.select().from(productPrices).where(and(eq(productPrices.productId, row.id), eq(productPrices.regionCode, country)))
      : [];
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
    return { ...toShopProduct(row, language, point), claimed };
  }

  /**
   * Claims a free gift for one of the player's game accounts, through the one order flow (orders/order-placement.ts): a
   * zero-amount gift order, its item, the claim and (as the state machine's side effect of giftClaimed) the delivery job,
   * in one transaction. The claim's unique key (product, game account) is the lock: a second claim, also a simultaneous
   * one, inserts nothing (ON CONFLICT DO NOTHING, waiting for the first to commit) and the whole transaction rolls back,
   * so nothing of it remains.
   * A gift with a claim limit (the number of roles that may claim it in all) is counted under a lock of its product row
   * (FOR NO KEY UPDATE: claims of that gift queue, purchases referencing other products do not), so simultaneous claims
   * never exceed the limit; the limit is read under that lock, so an operator's change applies at once.
   */
  async receive(user: SessionUser, productId: number, gameAccountId?: number, answer?: AnswerRecorder): Promise<ReceiveResult> {
    const account = await this.roles.resolve(user, gameAccountId);
    const resultOf = (order: OrderRow): ReceiveResult => ({ productId, gameAccountId: account.id, orderId: order.id, orderSn: order.orderSn, status: order.status });
    const { order } = await this.placement.place({
      kind: GIFT_CLAIM,
      userId: user.userId,
      appId: account.appId,
      role: { resolved: { id: account.id, appId: account.appId } },
      lines: [{ productId, quantity: 1 }],
      // A gift costs nothing in every country.
      country: DEFAULT_REGION,
      language: 'en',
      alsoInTransaction: async (tx, created) => {
        const [locked] = await tx.select({ claimLimit: products.claimLimit }).from(products).where(eq(products.id, productId)).for('no key update');
        if (locked?.claimLimit != null) {
          const [claims] = await tx.select({ n: count() }).from(giftClaims).where(eq(giftClaims.productId, productId));
          if ((claims?.n ?? 0) >= locked.claimLimit) throw conflict('giftClaimLimitReached');
        }
        const [claim] = await tx
          .insert(giftClaims)
          .values({ productId, gameAccountId: account.id, userId: user.userId, orderId: created.id })
          .onConflictDoNothing()
          .returning({ id: giftClaims.id });
        if (!claim) throw conflict('giftAlreadyClaimed');
      },
      ...(answer ? { recordAnswer: (tx, created) => answer.complete(tx, resultOf(created)) } : {}),
    });
    return resultOf(order);
  }
}
