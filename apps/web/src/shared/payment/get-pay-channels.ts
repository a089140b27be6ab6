import { queryOptions, useQuery } from '@tanstack/react-query';
import { channelListForRegion } from '@shop/contract/channels';
import { call } from '../api/client';

/** A game's payment channels in a region. */
export const fetchPayChannels = (appId: number, regionCode: string) => call(channelListForRegion, { params: { appId, regionCode } });

export const payChannelsQuery = (appId: number, regionCode: string) =>
  queryOptions({ queryKey: ['pay-channels', appId, regionCode] as const, queryFn: () => fetchPayChannels(appId, regionCode) });

/** Nothing is asked for until the game and the region are known. */
export const usePayChannels = (appId: number | null | undefined, regionCode: string | null | undefined) =>
  useQuery({ ...payChannelsQuery(appId ?? 0, regionCode ?? ''), enabled: Boolean(appId && regionCode) });
