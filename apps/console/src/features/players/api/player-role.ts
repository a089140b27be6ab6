import { useQuery } from '@tanstack/react-query';
import { consolePlayerRole } from '@shop/contract/console/players';
import { callRoute } from '../../../shared/api/client';
import { roleKey } from './keys';

/** One role: game, server, balance, owner and the players who bound it. */
export function usePlayerRole(gameAccountId: number) {
  return useQuery({ queryKey: roleKey(gameAccountId), queryFn: () => callRoute(consolePlayerRole, { params: { gameAccountId } }) });
}
