import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleRenameGame } from '@shop/contract/console/catalogue';
import type { RouteBody } from '@shop/contract/route';
import { callRoute } from '../../../shared/api/client';
import { CATALOGUE_KEY } from './keys';

export function useRenameGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, body }: { appId: number; body: RouteBody<typeof consoleRenameGame> }) => callRoute(consoleRenameGame, { params: { appId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY }),
  });
}
