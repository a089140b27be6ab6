import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCreateChannel } from '@shop/contract/console/catalogue';
import type { RouteBody } from '@shop/contract/route';
import { callRoute } from '../../../shared/api/client';
import { CATALOGUE_KEY } from './keys';

export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof consoleCreateChannel>) => callRoute(consoleCreateChannel, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY }),
  });
}
