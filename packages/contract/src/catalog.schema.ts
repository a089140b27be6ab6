import { z } from 'zod';
import { defineRoute } from './route.ts';
import { int4Id } from './fields.ts';
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
  voucherAmount: z.number().int(),
});
export type VoucherGoods = z.infer<typeof VoucherGoods>;

export const voucherListSchemas = {
  params: z.object({ appId: int4Id }),
  data: z.array(VoucherGoods),
};
export const voucherListRoute = defineRoute({ ...table.voucherList, ...voucherListSchemas });
