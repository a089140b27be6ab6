import { z } from 'zod';
import { defineRoute } from './route.ts';
import { int4Id, regionCode } from './fields.ts';
import { ThirdChannelName } from './orders.ts';

export const PayChannel = z.object({
  id: z.number().int(),
  payMethodName: z.string(),
  payMethodId: z.string(),
  thirdChannelId: z.string(),
  thirdChannelName: ThirdChannelName,
  payIcon: z.string(),
});
export type PayChannel = z.infer<typeof PayChannel>;

/** Only the first 5 channels are shown until View More. */
export const CHANNELS_SHOWN_FIRST = 5;

export type DevicePlatform = 'android' | 'ios' | 'other';
/** On Android methods named like Apple Pay are hidden; on iOS those named like Google Pay. */
export function channelsForDevice<T extends { payMethodName: string }>(channels: T[], platform: DevicePlatform): T[] {
  if (platform === 'android') return channels.filter((c) => !/apple\s*pay/i.test(c.payMethodName));
  if (platform === 'ios') return channels.filter((c) => !/google\s*pay/i.test(c.payMethodName));
  return channels;
}

const appIdParams = z.object({ appId: int4Id });

export const channelList = defineRoute({
  method: 'GET',
  path: '/v1/pay/channel/list/:appId',
  auth: 'none',
  summary: "Pay channels for the game in the caller's country (by IP; default region when unknown)",
  params: appIdParams,
  data: z.array(PayChannel),
});

export const channelListForRegion = defineRoute({
  method: 'POST',
  path: '/v1/pay/channel/list/:appId/:regionCode',
  auth: 'none',
  summary: 'Pay channels for the game in a region',
  params: appIdParams.extend({ regionCode }),
  data: z.array(PayChannel),
});
