import { and, asc, eq, ne } from 'drizzle-orm';
import { EXCLUDED_PRODUCT_ID, GoodsType, type VoucherGoods } from '@shop/contract/catalog';
import type { Language } from '@shop/contract/languages';
import type { Db, Executor } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { pickLocalized } from '../../shared/localized.ts';
import { minorToMajorNumber } from '../payments/money.ts';
import { TtlCache } from '../../shared/ttl-cache.ts';

export type ProductRow = typeof products.$inferSelect;

/** How long a game's catalogue is served from memory before it is read again. */
export const CATALOGUE_CACHE_MS = 10_000;

export class CatalogService {
  private readonly voucherLists = new TtlCache<string, VoucherGoods[]>(CATALOGUE_CACHE_MS);

  constructor(private readonly db: Db) {}

  /**
   * The voucher packs of a game, in the request's language. Lists are served from a short-lived cache (the catalogue is
   * read on every page view); orders always price from a fresh read of the product.
   */
  voucherList(appId: number, language: Language): Promise<VoucherGoods[]> {
    return this.voucherLists.get(`${appId}:${language}`, async () =>
      (await this.loadVouchers(appId)).map((row) => toVoucherGoods(row, language)),
    );
  }

  private loadVouchers(appId: number): Promise<ProductRow[]> {
    return this.db
      .select()
      .from(products)
      .where(
        and(
          eq(products.appId, appId),
          eq(products.goodsType, GoodsType.VOUCHER),
          eq(products.hidden, false),
          ne(products.id, EXCLUDED_PRODUCT_ID),
        ),
      )
      .orderBy(asc(products.sort), asc(products.id));
  }

  /** A product that can be sold: visible, not excluded. */
  async sellableProduct(executor: Executor, productId: number): Promise<ProductRow | undefined> {
    if (productId === EXCLUDED_PRODUCT_ID) return undefined;
    const [row] = await executor
      .select()
      .from(products)
      .where(and(eq(products.id, productId), eq(products.hidden, false)));
    return row;
  }
}

export function toVoucherGoods(row: ProductRow, language: Language): VoucherGoods {
  return {
    id: row.id,
    productName: pickLocalized(row.names, language),
    productSn: row.productSn,
    productDesc: pickLocalized(row.descs, language),
    productPrice: minorToMajorNumber(row.priceMinor, row.currency),
    productDiscountPrice: minorToMajorNumber(row.discountPriceMinor, row.currency),
    currency: row.currency,
    configJson: JSON.stringify(row.config),
    thumbnail: row.thumbnail,
    voucherAmount: row.voucherAmount,
  };
}
