import { z } from 'zod';
import { defineRoute } from './route.ts';
import { entityId, int4Id, regionCode } from './fields.ts';
import { LocalPriceFields } from './pricing.ts';
import { IdempotencyHeaders } from './idempotency.schema.ts';
import * as table from './products.ts';

export * from './products.ts';

/**
 * Shop catalogue (issue 4): gems, VIP passes, other items and free web-only gifts, per game.
 * Goods types and category ids are those of spec section 3 (GoodsType / CategoryId in ./catalog.ts):
 * goodsType free 4, diamond 1, vip 2, other 3, voucher 5; categoryId free 1, diamond 17, vip 15 (other items 20,
 * vouchers 30 in the demo catalogue). Product 9521 and hidden products are never listed, shown or sold.
 */

const appId = int4Id;
const goodsType = z.coerce.number().int().min(1).max(5);

export const ShopProduct = z.object({
  id: z.number().int(),
  appId: z.number().int(),
  /** free 4, diamond 1, vip 2, other 3, voucher 5 */
  goodsType: z.number().int(),
  categoryId: z.number().int(),
  productSn: z.string(),
  /** In the request's Accept-Language (stored per language; English when a language is missing). */
  productName: z.string(),
  productDesc: z.string(),
  /** Original price in major units (4.99), as the voucher list shows it; struck through when it differs. */
  productPrice: z.number(),
  /** What is charged, in major units. */
  productDiscountPrice: z.number(),
  /** The same two prices in integer minor units (cents): what the server stores and charges. */
  priceMinor: z.number().int(),
  discountPriceMinor: z.number().int(),
  /** ISO 4217 code (USD). */
  currency: z.string(),
  thumbnail: z.string(),
  /** JSON string of the product's configuration: `diamond` (gems), `vipDays`, `items` [{itemId, count}]. */
  configJson: z.string(),
  /** Free web-only gift (goodsType 4): claimed with v1/product/receive, never bought. */
  free: z.boolean(),
  ...LocalPriceFields,
});
export type ShopProduct = z.infer<typeof ShopProduct>;

export const ProductListBody = z.object({
    appId,
    /** Filter by goods type (1 diamond, 2 vip, 3 other, 4 free, 5 voucher) ... */
    goodsType: goodsType.optional(),
    /** ... or by category id (17 diamond, 15 vip, 1 free). Both may be given; both must match. */
    categoryId: int4Id.optional(),
    /** The player's country (the account's; ZZ as US): prices in its local prices (ADR 0050). Without it, base prices. */
    regionCode: regionCode.optional(),
  });
export type ProductListBody = z.input<typeof ProductListBody>;

export const productListSchemas = {
  body: ProductListBody,
  data: z.array(ShopProduct),
};
export const productListRoute = defineRoute({ ...table.productList, ...productListSchemas });

export const ProductDetailBody = z.object({
    /** Product id. */
    id: int4Id,
    /** For a free gift: the game account to report `claimed` for (default: the session's, then the default account). */
    gameAccountId: entityId.optional(),
    /** As the product list's: the country whose local price is answered. */
    regionCode: regionCode.optional(),
  });

export const ProductDetail = ShopProduct.extend({
  /**
   * Free gifts only, and only when the request carries a valid bearer token: whether this game account has claimed it.
   * null for guests and for products that are not free.
   */
  claimed: z.boolean().nullable(),
});
export type ProductDetail = z.infer<typeof ProductDetail>;

export const productDetailSchemas = {
  body: ProductDetailBody,
  data: ProductDetail,
};
export const productDetailRoute = defineRoute({ ...table.productDetail, ...productDetailSchemas });

export const ReceiveBody = z.object({
    /** The free gift's product id (goodsType 4). */
    productId: int4Id,
    /** The caller's bound game account that receives the gift (default: the session's, then the default account). */
    gameAccountId: entityId.optional(),
  });
export type ReceiveBody = z.input<typeof ReceiveBody>;

export const ReceiveResult = z.object({
  productId: z.number().int(),
  gameAccountId: z.number().int(),
  /** The zero-amount order that carries the gift to the game (it shows in My Orders, becomes 3 when delivered). */
  orderId: z.number().int(),
  orderSn: z.string(),
  status: z.number().int(),
});
export type ReceiveResult = z.infer<typeof ReceiveResult>;

export const productReceiveSchemas = {
  headers: IdempotencyHeaders,
  body: ReceiveBody,
  data: ReceiveResult,
};
export const productReceiveRoute = defineRoute({ ...table.productReceive, ...productReceiveSchemas });
