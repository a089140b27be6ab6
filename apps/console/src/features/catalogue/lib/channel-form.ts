import type { ChannelView, Device } from '@shop/contract/console/catalogue';

export const CHANNEL_PROVIDERS = ['xsolla', 'paypal', 'payermax'] as const;
export type ChannelProvider = (typeof CHANNEL_PROVIDERS)[number];

/** The provider account a new channel pays through, by provider (the sandbox's and the deployment's names). */
export const THIRD_CHANNEL_ID: Record<ChannelProvider, string> = { xsolla: 'xsolla-main', paypal: 'paypal-main', payermax: 'payermax-main' };

export interface ChannelForm {
  regionCode: string;
  payMethodName: string;
  payMethodId: string;
  thirdChannelName: ChannelProvider;
  thirdChannelId: string;
  payIcon: string;
  sort: number;
  hiddenOnDevices: Device[];
}

/** The dialog's values: a channel's own, or a new Xsolla channel in `region` ordered at `nextSort`. */
export function channelFormOf(editing: ChannelView | undefined, region: string, nextSort: number): ChannelForm {
  return {
    regionCode: editing?.regionCode ?? region,
    payMethodName: editing?.payMethodName ?? '',
    payMethodId: editing?.payMethodId ?? '',
    thirdChannelName: editing?.thirdChannelName ?? 'xsolla',
    thirdChannelId: editing?.thirdChannelId ?? THIRD_CHANNEL_ID.xsolla,
    payIcon: editing?.payIcon ?? '',
    sort: editing?.sort ?? nextSort,
    hiddenOnDevices: editing?.hiddenOnDevices ?? [],
  };
}

/** The regions of a game's channels, the catch-all ('*') first, then by code. */
export function regionsOf(channels: readonly Pick<ChannelView, 'regionCode'>[], anyRegion: string): string[] {
  return [...new Set(channels.map((channel) => channel.regionCode))].sort((a, b) => (a === anyRegion ? -1 : b === anyRegion ? 1 : a.localeCompare(b)));
}

/** Where a new channel of a region goes: after the region's last. */
export const nextSortIn = (channels: readonly Pick<ChannelView, 'regionCode' | 'sort'>[], region: string) =>
  (channels.filter((channel) => channel.regionCode === region).at(-1)?.sort ?? 0) + 10;
