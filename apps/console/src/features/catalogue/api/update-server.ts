import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleUpdateServer } from '@shop/contract/console/catalogue';
import type { RouteBody } from '@shop/contract/route';
import { callRoute } from '../../../shared/api/client';
import { CATALOGUE_KEY } from './keys';

/** Renames a server, switches it on or off, or moves it. */
export function useUpdateServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, serverId, body }: { appId: number; serverId: string; body: RouteBody<typeof consoleUpdateServer> }) =>
      callRoute(consoleUpdateServer, { params: { appId, serverId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY }),
  });
}
