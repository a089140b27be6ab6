import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCreateServer } from '@shop/contract/console/catalogue';
import type { RouteBody } from '@shop/contract/route';
import { callRoute } from '../../../shared/api/client';
import { CATALOGUE_KEY } from './keys';

export function useCreateServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, body }: { appId: number; body: RouteBody<typeof consoleCreateServer> }) => callRoute(consoleCreateServer, { params: { appId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY }),
  });
}
