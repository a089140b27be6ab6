import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleUnblockPlayer } from '@shop/contract/console/players';
import { callRoute } from '../../../shared/api/client';
import { PLAYERS_KEY } from './keys';

/** Lifts a block: the player can log in again. */
export function useUnblockPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason?: string }) => callRoute(consoleUnblockPlayer, { params: { id }, body: reason ? { reason } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLAYERS_KEY }),
  });
}
