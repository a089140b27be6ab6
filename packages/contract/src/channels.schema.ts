import { z } from 'zod';
import { defineRoute } from './route.ts';
import { int4Id, regionCode } from './fields.ts';
import { ThirdChannelName } from './orders.schema.ts';
import * as table from './channels.ts';

export * from './channels.ts';

export const PayChannel = z.object({
  id: z.number().int(),
  payMethodName: z.string(),
  payMethodId: z.string(),
  thirdChannelId: z.string(),
  thirdChannelName: ThirdChannelName,
  payIcon: z.string(),
  /**
   * Whether the channel charges the region's local prices (ADR 0050); false: its provider cannot charge the local
   * currency there, so it charges the base price (baseCurrency, baseDiscountPrice of the item) and the page says so
   * before the player pays (ADR 0053).
   */
  chargesLocalCurrency: z.boolean(),
});
export type PayChannel = z.infer<typeof PayChannel>;

const appIdParams = z.object({ appId: int4Id });

export const channelListSchemas = {
  params: appIdParams,
  data: z.array(PayChannel),
};
export const channelListRoute = defineRoute({ ...table.channelList, ...channelListSchemas });

export const channelListForRegionSchemas = {
  params: appIdParams.extend({ regionCode }),
  data: z.array(PayChannel),
};
export const channelListForRegionRoute = defineRoute({ ...table.channelListForRegion, ...channelListForRegionSchemas });
