import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleRenameGame } from '@shop/contract/console/catalogue';
import { callRoute } from '../../../shared/api/client';
import { CATALOGUE_KEY } from './keys';

export function useRenameGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, name }: { appId: number; name: string }) => callRoute(consoleRenameGame, { params: { appId }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CATALOGUE_KEY }),
  });
}
