import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCreateGame } from '@shop/contract/console/catalogue';
import type { RouteBody } from '@shop/contract/route';
import { callRoute } from '../../../shared/api/client';
import { CATALOGUE_KEY } from './keys';

export function useCreateGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteBody<typeof consoleCreateGame>) => callRoute(consoleCreateGame, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY }),
  });
}
