import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleBlockPlayer } from '@shop/contract/console/players';
import { callRoute } from '../../../shared/api/client';
import { PLAYERS_KEY } from './keys';

/** Blocks a player (with a reason): their sessions end and no login works until unblocked. */
export function useBlockPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => callRoute(consoleBlockPlayer, { params: { id }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLAYERS_KEY }),
  });
}
