import { useQuery } from '@tanstack/react-query';
import { consoleChannels } from '@shop/contract/console/catalogue';
import { callRoute } from '../../../shared/api/client';
import { channelsKey } from './keys';

/** A game's payment channels, of one region or all (idle until a game is chosen). */
export function useChannels(appId: number | undefined, regionCode?: string) {
  return useQuery({
    queryKey: channelsKey(appId ?? 0, regionCode),
    queryFn: () => callRoute(consoleChannels, { query: { appId: appId!, ...(regionCode ? { regionCode } : {}) } }),
    enabled: appId !== undefined,
  });
}
