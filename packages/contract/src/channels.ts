import { routeTable } from './route.ts';
import type * as schema from './channels.schema.ts';

export type { PayChannel } from './channels.schema.ts';

/** Only the first 5 channels are shown until View More. */
export const CHANNELS_SHOWN_FIRST = 5;

export type DevicePlatform = 'android' | 'ios' | 'other';
/** On Android methods named like Apple Pay are hidden; on iOS those named like Google Pay. */
export function channelsForDevice<T extends { payMethodName: string }>(channels: T[], platform: DevicePlatform): T[] {
  if (platform === 'android') return channels.filter((c) => !/apple\s*pay/i.test(c.payMethodName));
  if (platform === 'ios') return channels.filter((c) => !/google\s*pay/i.test(c.payMethodName));
  return channels;
}

export const channelList = routeTable<typeof schema.channelListSchemas>()({
  method: 'GET',
  path: '/v1/pay/channel/list/:appId',
  auth: 'none',
  summary: "Pay channels for the game in the caller's country (by IP; default region when unknown)",
});

export const channelListForRegion = routeTable<typeof schema.channelListForRegionSchemas>()({
  method: 'POST',
  path: '/v1/pay/channel/list/:appId/:regionCode',
  auth: 'none',
  summary: 'Pay channels for the game in a region',
});
