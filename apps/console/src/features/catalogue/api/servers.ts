import { useQuery } from '@tanstack/react-query';
import { consoleGameServers } from '@shop/contract/console/catalogue';
import { callRoute } from '../../../shared/api/client';
import { serversKey } from './keys';

/** A game's servers in their order (idle until a game is chosen). */
export function useServers(appId: number | undefined) {
  return useQuery({
    queryKey: serversKey(appId ?? 0),
    queryFn: () => callRoute(consoleGameServers, { params: { appId: appId! } }),
    enabled: appId !== undefined,
  });
}
