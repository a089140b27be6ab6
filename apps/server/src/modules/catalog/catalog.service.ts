import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { EXCLUDED_PRODUCT_ID, GoodsType, type VoucherGoods } from '@shop/contract/catalog.schema';
import type { Language } from '@shop/contract/languages';
import type { Db, Executor } from '../../db/client.ts';
import { productPrices, products } from '../../db/schema.ts';
import { pricePointIn, shownPrice, type PricePointRow } from '../pricing/shown-price.ts';
import { pickLocalized } from '../../shared/localized.ts';
import { minorToMajorNumber } from '../../shared/money.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';

export type ProductRow = typeof products.$inferSelect;

/**
 * How long a game's catalogue is served from memory before it is read again: a change made in the console reaches every
 * instance within this time (the instance that made it drops its caches at once).
 */
export const CATALOGUE_CACHE_MS = 10_000;

/**
 * What players may see and buy: switched on, not the excluded product 9521, inside its sale window (if it has one).
 * Every list and every sale of the shop filters with it.
 */
export function onSaleNow(): SQL {
  return and(
    eq(products.hidden, false),
    ne(products.id, EXCLUDED_PRODUCT_ID),
    sql`(${products.saleStartsAt} IS NULL OR ${products.saleStartsAt} <= now())`,
    sql`(${products.saleEndsAt} IS NULL OR ${products.saleEndsAt} > now())`,
  )!;
}

export class CatalogService {
  private readonly voucherLists = new TtlCache<string, VoucherGoods[]>(CATALOGUE_CACHE_MS);

  constructor(private readonly db: Db) {}

  /** Drops this instance's cached lists (after a console change; other instances follow within CATALOGUE_CACHE_MS). */
  invalidate(): void {
    this.voucherLists.clear();
  }

  /**
   * The voucher packs of a game, in the request's language, priced in `country`'s local prices (ADR 0050; null: the
   * base prices). Lists are served from a short-lived cache (the catalogue is read on every page view); orders always
   * price from a fresh read of the product.
   */
  voucherList(appId: number, language: Language, country: string | null = null): Promise<VoucherGoods[]> {
    return this.voucherLists.get(`${appId}:${country ?? '-'}:${language}`, async () =>
      (await this.loadVouchers(appId, country)).map((row) => toVoucherGoods(row.product, language, row.point)),
    );
  }

  private loadVouchers(appId: number, country: string | null): Promise<{ product: ProductRow; point: PricePointRow | null }[]> {
    return this.db
      .select({ product: products, point: productPrices })
      .from(products)
      .leftJoin(productPrices, pricePointIn(country))
      .where(
        and(
          eq(products.appId, appId),
          eq(products.goodsType, GoodsType.VOUCHER),
          onSaleNow(),
        ),
      )
      .orderBy(asc(products.sort), asc(products.id));
  }

  /** A product that can be sold (a fresh read, never the cache): on, not excluded, inside its sale window. */
  async sellableProduct(executor: Executor, productId: number): Promise<ProductRow | undefined> {
    if (productId === EXCLUDED_PRODUCT_ID) return undefined;
    const [row] = await executor
      .select()
      .from(products)
      .where(and(eq(products.id, productId), onSaleNow()));
    return row;
  }
}

export function toVoucherGoods(row: ProductRow, language: Language, point: PricePointRow | null = null): VoucherGoods {
  const price = shownPrice(row, point);
  return {
    id: row.id,
    productName: pickLocalized(row.names, language),
    productSn: row.productSn,
    productDesc: pickLocalized(row.descs, language),
    productPrice: minorToMajorNumber(price.priceMinor, price.currency),
    productDiscountPrice: minorToMajorNumber(price.discountPriceMinor, price.currency),
    currency: price.currency,
    configJson: JSON.stringify(row.config),
    thumbnail: row.thumbnail,
    voucherAmount: row.voucherAmount,
    ...price.extra,
  };
}
