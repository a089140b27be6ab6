import { and, asc, eq, ne } from 'drizzle-orm';
import { EXCLUDED_PRODUCT_ID, GoodsType, type VoucherGoods } from '@shop/contract/catalog';
import type { Language } from '@shop/contract/languages';
import type { Db, Executor } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { pickLocalized } from '../../shared/localized.ts';
import { minorToMajorNumber } from '../payments/money.ts';

export type ProductRow = typeof products.$inferSelect;

export class CatalogService {
  constructor(private readonly db: Db) {}

  async voucherList(appId: number, language: Language): Promise<VoucherGoods[]> {
    const rows = await this.db
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
    return rows.map((row) => toVoucherGoods(row, language));
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
