import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleEndPlayerSessions } from '@shop/contract/console/players';
import { callRoute } from '../../../shared/api/client';
import { PLAYERS_KEY } from './keys';

/** Ends every session of a player (their tokens stop working at once). */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callRoute(consoleEndPlayerSessions, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLAYERS_KEY }),
  });
}
