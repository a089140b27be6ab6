import { z } from 'zod';
import { defineRoute } from './route.ts';
import { int4Id, regionCode } from './fields.ts';
import { LocalPriceFields } from './pricing.ts';
import * as table from './catalog.ts';

export * from './catalog.ts';

export const VoucherGoods = z.object({
  id: z.number().int(),
  productName: z.string(),
  productSn: z.string(),
  productDesc: z.string(),
  productPrice: z.number(),
  productDiscountPrice: z.number(),
  currency: z.string(),
  /** JSON string; may hold `diamond` (an amount shown in the bottom bar) and `vipDays`. */
  configJson: z.string(),
  thumbnail: z.string(),
  /** The vouchers the pack credits: the same in every country, whatever its local price. */
  voucherAmount: z.number().int(),
  ...LocalPriceFields,
});
export type VoucherGoods = z.infer<typeof VoucherGoods>;

export const voucherListSchemas = {
  params: z.object({ appId: int4Id }),
  /**
   * With `?regionCode=` (ZZ as US), prices are that country's local prices (ADR 0050); without, the base prices. In the
   * query string, not a body: the request stays body-less as the spec's client sends it, and a body costs the most
   * requested call of the shop a quarter of its throughput (docs/perf/local-prices.md).
   */
  query: z.object({ regionCode: regionCode.optional() }),
  data: z.array(VoucherGoods),
};
export const voucherListRoute = defineRoute({ ...table.voucherList, ...voucherListSchemas });
