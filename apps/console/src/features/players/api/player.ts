import { useQuery } from '@tanstack/react-query';
import { consolePlayer } from '@shop/contract/console/players';
import { callRoute } from '../../../shared/api/client';
import { playerKey } from './keys';

/** A player's account and roles (with voucher balances). */
export function usePlayer(id: number) {
  return useQuery({ queryKey: playerKey(id), queryFn: () => callRoute(consolePlayer, { params: { id } }) });
}
